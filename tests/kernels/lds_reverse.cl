/* OpenCL C twin of lds_reverse.il: a work-group reversal through local
 * memory, correct only with its barrier.  1-D, local size up to 256. */
__kernel void lds_reverse(__global const int *in, __global int *out)
{
    __local int s[256];
    int l = get_local_id(0), n = get_local_size(0);
    s[l] = in[get_global_id(0)] * 3 + l;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[n - 1 - l];
}
