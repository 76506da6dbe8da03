/* OpenCL C twin of uav_atomics.il: global-memory atomics of every kind the
 * translator maps, on per-lane addresses (four blocks of 32 counters, lanes
 * g, g+4, g+8 ... contend on one block) and on one uniform address.
 * The IL's uav_rsub / uav_read_rsub and the uinc/udec forms with a wrap
 * limit other than 0xFFFFFFFF have no OpenCL builtin; they are written here
 * as the compare-exchange loops they mean. */
__kernel void uav_atomics(__global int *ctr, __global int *out, uint lim)
{
    int g = get_global_id(0);
    int x = g * 3 - 40;
    __global int *c = ctr + (g & 3) * 32;
    __global uint *u = (__global uint *)c;
    atomic_add(&c[0], x);
    atomic_sub(&c[1], x);
    atomic_min(&c[2], x);
    atomic_max(&c[3], x);
    atomic_min(&u[4], (uint)x);
    atomic_max(&u[5], (uint)x);
    atomic_and(&c[6], x);
    atomic_or(&c[7], x);
    atomic_xor(&c[8], x);
    atomic_inc(&c[9]);
    atomic_dec(&c[10]);
    atomic_cmpxchg(&c[11], g, x);
    int t;                                    /* uav_rsub: c = x - c */
    do { t = c[12]; } while (atomic_cmpxchg(&c[12], t, x - t) != t);
    uint v;                                   /* uav_uinc with limit lim */
    do { v = u[13]; } while (atomic_cmpxchg(&u[13], v, v >= lim ? 0u : v + 1u) != v);
    do { v = u[14]; } while (atomic_cmpxchg(&u[14], v,     /* uav_udec, limit lim */
                                            v == 0u || v > lim ? lim : v - 1u) != v);
    int o0 = atomic_add(&c[15], x);
    int o1 = atomic_sub(&c[16], x);
    int o2;                                   /* uav_read_rsub */
    do { o2 = c[17]; } while (atomic_cmpxchg(&c[17], o2, x - o2) != o2);
    int o3 = atomic_min(&c[18], x);
    int o4 = atomic_max(&c[19], x);
    uint o5 = atomic_min(&u[20], (uint)x);
    uint o6 = atomic_max(&u[21], (uint)x);
    int o7 = atomic_and(&c[22], x);
    int o8 = atomic_or(&c[23], x);
    int o9 = atomic_xor(&c[24], x);
    uint o10 = atomic_inc(&u[25]);
    uint o11 = atomic_dec(&u[26]);
    int o12 = atomic_xchg(&c[27], x);
    int o13 = atomic_cmpxchg(&c[28], 0, x);
    uint o14;                                 /* uav_read_uinc with limit lim */
    do { o14 = u[29]; } while (atomic_cmpxchg(&u[29], o14, o14 >= lim ? 0u : o14 + 1u) != o14);
    uint o15;                                 /* uav_read_udec with limit lim */
    do { o15 = u[30]; } while (atomic_cmpxchg(&u[30], o15,
                                              o15 == 0u || o15 > lim ? lim : o15 - 1u) != o15);
    int o16 = atomic_add(&ctr[128], 1);
    out[4 * g] = o0 + o1 + o2 + o3;
    out[4 * g + 1] = o4 + (int)o5 + (int)o6 + o7;
    out[4 * g + 2] = o8 + o9 + (int)o10 + (int)o11 + o12;
    out[4 * g + 3] = o13 + (int)o14 + (int)o15 + o16;
}
