/* OpenCL C twin of lib_barrier.il: the calls of AMD's library macros 0..4
 * are barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE), barrier(GLOBAL),
 * barrier(LOCAL), read_mem_fence and write_mem_fence, each returning the
 * flags it was given (1 local, 2 global). */
__kernel void lib_barrier(__global const int *in, __global int *out, __global int *out2)
{
    __local int s[256];
    int l = get_local_id(0), n = get_local_size(0), g = get_global_id(0), t;
    s[l] = in[g] * 3 + l;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    t = s[(l + 1) % n] + 1 + 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    s[l] = t;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    out[g] = s[(l + 2) % n];
    write_mem_fence(CLK_GLOBAL_MEM_FENCE);
    barrier(CLK_GLOBAL_MEM_FENCE);
    read_mem_fence(CLK_GLOBAL_MEM_FENCE);
    out2[g] = out[g - l + (l + 3) % n] * 5 + 2 + 2 + 2;
}
