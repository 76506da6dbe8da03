/* OpenCL C twin of lds64.il: 64-bit values through local memory, one array
 * stored as is and one with its halves swapped, read back by other
 * work-items after the barrier.  1-D, local size up to 256. */
__kernel void lds64(__global const ulong *in, __global ulong *out, __global ulong *out2)
{
    __local ulong s[256];
    __local ulong t[256];
    int l = get_local_id(0), n = get_local_size(0);
    ulong v = in[get_global_id(0)] ^ ((ulong)get_global_id(0) << 40) ^ 0x8000000180000001UL;
    s[l] = v;
    t[l] = (v << 32) | (v >> 32);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[n - 1 - l];
    out2[get_global_id(0)] = t[(l + 1) % n];
}
