#pragma OPENCL FP_CONTRACT OFF
__kernel void abi64_mem(__global const float *x, __global float *y, __global uchar *b,
                        __global const short *s, __global short *t, float a, int k)
{
	size_t g = get_global_id(0);
	__global const float *xp = x + g + k;
	y[g] = a * xp[-1] + y[g];
	b[g] = (uchar)(b[g] + (s[g + k] >> 3));
	t[g] = (short)(s[g] * 3);
}
