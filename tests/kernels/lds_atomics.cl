/* OpenCL C twin of lds_atomics.il: local-memory atomics of every kind, vector,
 * short and byte accesses to local memory.  Local size 64 (1-D).
 * The IL's lds_read_rsub, lds_rsub and the inc/dec forms with a wrap limit
 * other than 0xFFFFFFFF have no OpenCL builtin; they are written here as
 * the compare-exchange loops they mean.  Each loop reads the old value with
 * an atomic (atomic_or with 0): a plain load racing with the other
 * work-items' atomics may see a stale value (OpenCL 1.2 section 3.3.1 makes
 * local memory consistent only at barriers), and pocl 3.1 then gave every
 * work-item the same old value.
 * The values the atomics return depend on the order in which the
 * work-items of a group reach them, which OpenCL leaves open; the outputs
 * assume local-id order, as AMD's LDS serves the lanes of a wavefront and as
 * the emulators and pocl's single worker thread run them. */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void lds_atomics(__global const int *in, __global int *out, uint lim)
{
    __local int c[20];
    __local int4 v[64];
    __local short h[64];
    __local char b[64];
    int l = get_local_id(0);
    int x = in[get_global_id(0)];
    if (l < 20)
        c[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_add(&c[0], x);
    int o1 = atomic_sub(&c[1], x);
    atomic_min(&c[2], x);
    atomic_max(&c[3], x);
    atomic_min((__local uint *)&c[4], (uint)x);
    atomic_max((__local uint *)&c[5], (uint)x);
    int o2 = atomic_and(&c[6], x);
    atomic_or(&c[7], x);
    atomic_xor(&c[8], x);
    int o3 = atomic_inc(&c[9]);
    atomic_dec(&c[10]);
    int o4 = atomic_xchg(&c[11], x);
    int o5 = atomic_cmpxchg(&c[12], 0, x);
    int o6;                                   /* lds_read_rsub: c = x - c */
    do { o6 = atomic_or(&c[13], 0); } while (atomic_cmpxchg(&c[13], o6, x - o6) != o6);
    uint o7;                                  /* lds_read_inc with limit lim */
    do { o7 = (uint)atomic_or(&c[14], 0); } while (atomic_cmpxchg((__local uint *)&c[14], o7,
                                                   o7 >= lim ? 0u : o7 + 1u) != o7);
    uint o8;                                  /* lds_dec with limit lim */
    do { o8 = (uint)atomic_or(&c[15], 0); } while (atomic_cmpxchg((__local uint *)&c[15], o8,
                                                   o8 == 0u || o8 > lim ? lim : o8 - 1u) != o8);
    atomic_cmpxchg(&c[16], x, l);
    int o9;                                   /* lds_rsub */
    do { o9 = atomic_or(&c[17], 0); } while (atomic_cmpxchg(&c[17], o9, x - o9) != o9);
    int o10 = atomic_add(&c[18], x);
    int o11 = atomic_min(&c[19], x);
    v[l] = (int4)(x, o1, o2, o3);
    h[l] = (short)x;
    b[l] = (char)x;
    barrier(CLK_LOCAL_MEM_FENCE);
    int4 w = v[63 - l];
    int s = h[63 - l] + (ushort)h[l] + b[63 - l] + (uchar)b[l];
    int g = get_global_id(0);
    out[4 * g] = w.x + w.y;
    out[4 * g + 1] = w.z + w.w + o4 + o5 + o6 + (int)o7 + o10 + o11;
    out[4 * g + 2] = s;
    out[4 * g + 3] = c[l % 20];
}
