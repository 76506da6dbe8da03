/* OpenCL C twin of lds_reduce.il: a work-group sum reduction in local memory.
 * The local size must be a power of two, at most 256.
 *   out[get_group_id(0)] = sum of in[] over the work-group */
__kernel void lds_reduce(__global const float *in, __global float *out)
{
    __local float s[256];
    int l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) >> 1; k > 0; k >>= 1) {
        if (l < k)
            s[l] = s[l] + s[l + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = s[0];
}
