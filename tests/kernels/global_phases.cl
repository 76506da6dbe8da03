/* OpenCL C twin of global_phases.il: a two-phase reduction through global
 * memory, correct only with its barrier(CLK_GLOBAL_MEM_FENCE).  1-D. */
__kernel void global_phases(__global const int *in, __global int *tmp, __global int *out)
{
    int g = get_global_id(0), l = get_local_id(0), n = get_local_size(0);
    tmp[g] = in[g] + l;
    barrier(CLK_GLOBAL_MEM_FENCE);
    if (l == 0) {
        int s = 0;
        for (int k = 0; k < n; k++)
            s += tmp[g + k];
        out[get_group_id(0)] = s;
    }
}
