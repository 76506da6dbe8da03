/* dyn_base.cl - the OpenCL C twin of dyn_base.il: pointers selected per
 * work-item among arguments that AMD puts on one UAV (a select, a
 * ping-pong of two buffers in a loop with a per-item trip count, and a
 * select inside a called function called with the pointers both ways). */
int pick(__global const int *p, __global const int *q, int c, int i)
{
    __global const int *s = c ? p : q;
    return s[i];
}

int at(__global const int *p, int j)
{
    return p[j];
}

__kernel void dyn_base(__global const int *a, __global const int *b, __global int *out,
                       __global int *buf0, __global int *buf1, int flag)
{
    int i = get_global_id(0);
    __global const int *s = ((i ^ flag) & 1) ? a : b;
    int v = s[i];
    __global int *src = buf0, *dst = buf1, *t;
    int r = 0;
    for (;;) {
        dst[i] = src[i] * 3 + r;
        t = src;
        src = dst;
        dst = t;
        r++;
        if (!((i & 3) >= r))
            break;
    }
    v += src[i] * 5;
    v += pick(a, b, (i >> 1) & 1, i) * 7;
    v += pick(b, a, flag & 2, i) * 11;
    v += at(s, i + 1) * 13;
    out[i] = v;
}
