/* OpenCL C twin of uav_atomics64.il: 64-bit atomics on global memory on
 * four blocks of 16 counters (lanes g, g+4, g+8 ... contend on one block)
 * and a compare-exchange pair on the lane's own ctr[64 + g]; values that
 * cross the 32-bit boundary and the sign. */
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
__kernel void uav_atomics64(__global long *ctr, __global long *out, ulong k)
{
    uint g = get_global_id(0);
    long x = (long)((ulong)g * 0x100000001UL + k - 0x7FFFFFFF0UL);
    __global long *c = ctr + (g & 3) * 16;
    __global ulong *u = (__global ulong *)c;
    atom_add(&c[0], x);
    atom_cmpxchg(&c[1], (long)g, x);
    long o0 = atom_add(&c[2], x);
    long o1 = atom_sub(&c[3], x);
    long o2 = atom_min(&c[4], x);
    long o3 = atom_max(&c[5], x);
    ulong o4 = atom_min(&u[6], (ulong)x);
    ulong o5 = atom_max(&u[7], (ulong)x);
    long o6 = atom_and(&c[8], x);
    long o7 = atom_or(&c[9], x);
    long o8 = atom_xor(&c[10], x);
    long o9 = atom_xchg(&c[11], x);
    long o11 = atom_cmpxchg(&c[12], (long)g, x);
    long y = ctr[64 + g];
    long o10 = atom_cmpxchg(&ctr[64 + g], y, x);       /* succeeds: returns y */
    o10 += atom_cmpxchg(&ctr[64 + g], y, (long)g);     /* fails unless x == y: returns x */
    out[4 * g] = o0 + o1 + o2;
    out[4 * g + 1] = o3 + (long)o4 + (long)o5;
    out[4 * g + 2] = o6 + o7 + o8;
    out[4 * g + 3] = o9 + o10 + o11;
}
