/* OpenCL C twin of alu_edges.il, written from the rules (amdil.md 4.1-4.6
 * and the D3D11 ubfe/ibfe/bfi definitions), not from either emulator:
 * single-precision denormals flush to a signed zero on inputs and results,
 * a NaN result of float arithmetic is 0x7FC00000, plain mul/mad are the
 * legacy 0 * anything = +0 forms (mad a rounded multiply, then an add). */
__constant uint T[16] = {
    0x00000000u, 0x80000000u, 0x00000001u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x3F800000u,
    0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x7F7FFFFFu, 0x00800000u,
    0x0000001Fu, 0x00000020u, 0x00000021u, 0x00FFFFFFu};

static int is_nan(uint u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static uint ftz(uint u) { return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u; }
static uint fres(float f) { uint u = ftz(as_uint(f)); return is_nan(u) ? 0x7fc00000u : u; }
static float fin(uint u) { return as_float(ftz(u)); }
static uint sat(uint u)
{
    float f = as_float(u);
    if (is_nan(u) || f <= 0.0f) return 0;      /* -0 and NaN give +0 */
    return f >= 1.0f ? 0x3f800000u : u;
}
static uint mul_legacy(uint a, uint b)
{
    if (ftz(a) << 1 == 0 || ftz(b) << 1 == 0) return 0;
    return fres(fin(a) * fin(b));
}
static uint add(uint a, uint b) { return fres(fin(a) + fin(b)); }
static long sx24(uint a) { return (long)((int)(a << 8) >> 8); }
static uint lead0(uint a)
{
    uint n = 0;
    if (!a) return 32;
    while (!(a & 0x80000000u)) { a <<= 1; n++; }
    return n;
}
static uint ffb_shi(uint a)
{
    if (a == 0 || a == 0xffffffffu) return 0xffffffffu;
    return lead0((int)a < 0 ? ~a : a);
}
static uint bfe(uint w, uint o, uint s, int sign)
{
    w &= 31; o &= 31;
    if (!w) return 0;
    if (w + o < 32) {
        uint l = s << (32 - w - o);
        return sign ? (uint)((int)l >> (32 - w)) : l >> (32 - w);
    }
    return sign ? (uint)((int)s >> o) : s >> o;
}
static uint bfi(uint w, uint o, uint ins, uint base)
{
    uint m = ((1u << (w & 31)) - 1) << (o & 31);
    return ((ins << (o & 31)) & m) | (base & ~m);
}
static uint ftoi(uint u)
{
    float f = fin(u);
    if (is_nan(u)) return 0;
    if (f >= 2147483648.0f) return 0x7fffffffu;
    if (f <= -2147483648.0f) return 0x80000000u;
    return (uint)(int)f;
}
static uint ftou(uint u)
{
    float f = fin(u);
    if (is_nan(u) || f <= 0.0f) return 0;
    if (f >= 4294967296.0f) return 0xffffffffu;
    return (uint)f;
}
static uint smin(uint a, uint b) { return (int)a < (int)b ? a : b; }
static uint smax(uint a, uint b) { return (int)a > (int)b ? a : b; }
static uint umin_(uint a, uint b) { return a < b ? a : b; }
static uint umax_(uint a, uint b) { return a > b ? a : b; }

/* (a cc K) ? b : c, an ordered compare except ne (true on NaN) */
static uint cmpk(int cc, uint a, float k, uint b, uint c)
{
    float x = fin(a);
    int r;
    if (is_nan(a))
        r = cc == 1;
    else
        r = cc == 0 ? x == k : cc == 1 ? x != k : cc == 2 ? x > k : cc == 3 ? x >= k :
            cc == 4 ? x < k : x <= k;
    return r ? b : c;
}

__kernel void alu_edges(__global uint *o0, __global uint *o1, __global uint *o2)
{
    uint i = get_global_id(0);
    uint a = T[i & 15], b = T[(i >> 4) & 15], c = T[(7 * i + 3) & 15];
    __global uint *p = o0 + 16 * i, *q = o1 + 16 * i;
    p[0] = mul_legacy(a, b);
    p[1] = add(mul_legacy(a, b), c);
    p[2] = (uint)((sx24(a) * sx24(b)) >> 32);
    p[3] = (uint)(((ulong)(a & 0xffffff) * (b & 0xffffff)) >> 32);
    p[4] = (uint)((((ulong)a << 32) | b) >> (c & 31));
    p[5] = (uint)((((ulong)a << 32) | b) >> (8 * (c & 3)));
    p[6] = smin(smin(a, b), c);
    p[7] = smax(smax(a, b), c);
    p[8] = smax(smin(a, b), smin(smax(a, b), c));
    p[9] = umin_(umin_(a, b), c);
    p[10] = umax_(umax_(a, b), c);
    p[11] = umax_(umin_(a, b), umin_(umax_(a, b), c));
    p[12] = a + b < a;
    p[13] = a < b;
    p[14] = sat(mul_legacy(a, b));
    p[15] = sat(add(mul_legacy(a, b), c));
    q[0] = fres(fin(a) * fin(b));
    q[1] = add(fres(fin(a) * fin(b)), c);
    q[2] = mul_legacy(a ^ 0x80000000u, b);
    q[3] = add(mul_legacy(a & 0x7fffffffu, b), c);
    q[4] = (uint)(sx24(a) * sx24(b));
    q[5] = (a & 0xffffff) * (b & 0xffffff);
    q[6] = (uint)(sx24(a) * sx24(b)) + c;
    q[7] = (a & 0xffffff) * (b & 0xffffff) + c;
    q[8] = ffb_shi(a);
    q[9] = bfe(a, b, c, 1);
    q[10] = bfe(a, b, c, 0);
    q[11] = bfi(a, b, c, b);
    q[12] = ((1u << (a & 31)) - 1) << (b & 31);
    q[13] = ftoi(a);
    q[14] = ftou(a);
    q[15] = a ? b : c;
    o2[8 * i + 0] = cmpk(0, a, 0.0f, b, c);
    o2[8 * i + 1] = cmpk(3, a, 0.5f, b, c);
    o2[8 * i + 2] = cmpk(4, a, -1.0f, b, c);
    o2[8 * i + 3] = cmpk(1, a, 1.0f, b, c);
    o2[8 * i + 4] = cmpk(2, a, -0.5f, b, c);
    o2[8 * i + 5] = cmpk(5, a, 0.0f, b, c);
}
