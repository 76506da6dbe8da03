/* OpenCL C twin of lds_two_ids.il: two __local arrays, written at the same
 * index, an atomic counter in the second, read back crossed. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void lds_two_ids(__global const uint *in, __global uint *out)
{
    __local uint a[64];
    __local uint b[65];
    uint l = get_local_id(0);
    uint x = in[get_global_id(0)];
    a[l] = x;
    b[l] = ~x;
    if (l == 0)
        b[64] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&b[64], x & 0xffu);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = a[63 - l] - b[l] + b[64];
}
