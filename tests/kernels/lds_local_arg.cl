/* OpenCL C twin of lds_local_arg.il: __local pointer arguments next to a
 * static __local variable.  A per-group histogram of in[] % nbins in the
 * __local buffer hist (atomic_inc), the group's sum in the static total
 * (atomic_add), and a uint4 per work-item staged through the __local buffer
 * stage and read back reversed.  1-D launch; hist holds nbins uints, stage
 * one uint4 per work-item. */
__kernel void lds_local_arg(__global const uint *in, __global uint *out,
                            __local uint *hist, __local uint4 *stage, uint nbins)
{
    __local uint total;
    uint l = get_local_id(0);
    uint n = get_local_size(0);
    for (uint i = l; i < nbins; i += n)
        hist[i] = 0;
    if (l == 0)
        total = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint x = in[get_global_id(0)];
    atomic_inc(&hist[x % nbins]);
    atomic_add(&total, x);
    stage[l] = (uint4)(x, x + 1, x << 1, l);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint4 s = stage[n - 1 - l];
    uint r = s.x + s.y + s.z + s.w;
    uint h = 0;
    if (l < nbins)
        h = hist[l];
    out[get_global_id(0)] = r + h + total;
}
