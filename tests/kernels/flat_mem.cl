/* flat_mem.cl - the OpenCL C twin of flat_mem.il (CI flat loads and stores
 * of every size under AMD's 64-bit ABI). */
__kernel void flat_mem(__global const int *x, __global int *y, __global uchar *b, __global short *s,
                       __global const int4 *v, __global int4 *r)
{
	uint g = get_global_id(0), n = 16 * (get_global_size(0) + get_global_offset(0));
	uint e = n - 1 - g, f = n / 2 - 1 - g, q = n / 4, e4 = q - 1 - g, f4 = q / 2 - 1 - g;
	int xg = x[g];
	y[g] = x[e] + xg;
	y[e] = (char)b[g] + 1000 * b[g + 1];
	b[e] = (uchar)xg;
	y[f] = s[g] - (ushort)s[g + 1];
	s[e] = (short)(xg * 3);
	r[g] = v[e4];
	((__global int2 *)r)[2 * e4 + 1] = ((__global const int2 *)v)[2 * g];
	/* vstore3(vload3(0, vp), 0, rp) */
	__global const int *vp = (__global const int *)v + 4 * g + 1;
	__global int *rp = (__global int *)r + 4 * f4 + 1;
	rp[0] = vp[0];
	rp[1] = vp[1];
	rp[2] = vp[2];
}
