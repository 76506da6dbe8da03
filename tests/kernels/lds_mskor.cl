/* OpenCL C twin of lds_mskor.il: AMD's masked-or LDS atomic,
 * mem = (mem & ~mask) | value, written as the compare-exchange loop it
 * means (OpenCL C has no masked-or; atomic_and followed by atomic_or is not
 * one atomic step).  Each loop reads the old value with an atomic
 * (atomic_or with 0), as in lds_atomics.cl.  Local size 64 (1-D).
 * The values the atomics return depend on the order in which the
 * work-items of a group reach them; the outputs assume local-id order, as
 * the emulators and pocl's single worker thread run them. */
static uint mskor(volatile __local uint *p, uint mask, uint value)
{
    uint o;
    do { o = atomic_or(p, 0u); } while (atomic_cmpxchg(p, o, (o & ~mask) | value) != o);
    return o;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void lds_mskor(__global const uint *in, __global uint *out)
{
    __local uint c[8];
    __local uint d[64];
    uint l = get_local_id(0);
    uint x = in[get_global_id(0)];
    if (l < 8)
        c[l] = l * 0x24924925u;
    d[l] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint bit = 1u << (l & 31);
    mskor(&c[0], bit, x & bit);
    uint o1 = mskor(&c[1], x, 0u);
    uint o2 = mskor(&c[2], 0u, x);
    uint o3 = mskor(&c[3], 0xFFFFFFFFu, x);
    uint o4 = mskor(&c[4], 0x80000000u, x);
    uint o5 = mskor(&d[l], 0xFFFF0000u, l << 16);
    barrier(CLK_LOCAL_MEM_FENCE);
    uint g = get_global_id(0);
    out[4 * g] = c[l & 7];
    out[4 * g + 1] = o1 ^ o2;
    out[4 * g + 2] = o3 + o4;
    out[4 * g + 3] = o5 ^ d[63 - l];
}
