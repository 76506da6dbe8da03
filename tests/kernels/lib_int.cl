/* OpenCL C twin of lib_int.il, written from what AMD's macro library
 * computes (docs/libmacro.md, read from the July 2011 macro database): the
 * C operations, with AMD's results where C leaves them undefined.
 *   __sdiv_i32 / __smod_i32: unsigned divide of the magnitudes, AMD's
 *     udiv by 0 = 0xFFFFFFFF, so x / 0 = -1 (x >= 0) or 1 (x < 0), x % 0 = x,
 *     INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0;  __udiv_i32: udiv (x / 0 =
 *     0xFFFFFFFF);  __umod_i32: a - udiv(a, b) * b (x % 0 = x)
 *   8/16-bit members: the low 8/16 bits of each operand (sign-extended for
 *     the signed ones), the result zero-extended; x / 0 = 0, x % 0 = x's
 *     low bits; MIN / -1 wraps to MIN
 *   64-bit div/mod: x / 0 = x % 0 = 0 (signed and unsigned); INT64_MIN / -1
 *     = INT64_MIN, INT64_MIN % -1 = 0;  mul: the product mod 2^64
 *   64-bit shifts: the count mod 64 (the low 6 bits of the count dword)
 *   __fdiv_f32: denormal operands and quotients flushed to zero of their
 *     sign, otherwise the IEEE quotient (AMD's text is within 1 ulp of it;
 *     the translator's library gives the correctly rounded one); NaN stored
 *     as 0x7FC00000
 *   __sqrt_f64: the correctly rounded root; an operand with the sign bit set
 *     (other than -0) gives 0xFFF8000000000000; any other NaN result is
 *     stored as 0x7FF8000000000000 */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF

static uint udiv32(uint a, uint b) { return b ? a / b : 0xFFFFFFFFu; }
static uint sdiv32(uint a, uint b)
{
    uint sa = (int)a < 0, sb = (int)b < 0;
    uint ma = sa ? 0u - a : a, mb = sb ? 0u - b : b;
    uint q = udiv32(ma, mb);
    return (sa ^ sb) ? 0u - q : q;
}
static uint smod32(uint a, uint b)
{
    uint sa = (int)a < 0, sb = (int)b < 0;
    uint ma = sa ? 0u - a : a, mb = sb ? 0u - b : b;
    uint r = ma - udiv32(ma, mb) * mb;
    return sa ? 0u - r : r;
}
static uint umod32(uint a, uint b) { return a - udiv32(a, b) * b; }
static int sext(uint v, uint bits) { return (int)(v << (32 - bits)) >> (32 - bits); }
static uint sdivn(uint a, uint b, uint bits)
{
    uint m = bits == 8 ? 0xFFu : 0xFFFFu;
    int x = sext(a, bits), y = sext(b, bits);
    if (y == 0) return 0;
    return (uint)(y == -1 ? -x : x / y) & m;   /* -MIN wraps, as the masked quotient */
}
static uint smodn(uint a, uint b, uint bits)
{
    uint m = bits == 8 ? 0xFFu : 0xFFFFu;
    int x = sext(a, bits), y = sext(b, bits);
    if (y == 0) return a & m;
    return (uint)(y == -1 ? 0 : x % y) & m;
}
static uint udivn(uint a, uint b, uint bits)
{
    uint m = bits == 8 ? 0xFFu : 0xFFFFu;
    return (b & m) ? (a & m) / (b & m) : 0u;
}
static uint umodn(uint a, uint b, uint bits)
{
    uint m = bits == 8 ? 0xFFu : 0xFFFFu;
    return (b & m) ? (a & m) % (b & m) : (a & m);
}
static ulong sdiv64(ulong a, ulong b)
{
    if (!b) return 0;
    if ((long)b == -1) return 0UL - a;
    return (ulong)((long)a / (long)b);
}
static ulong smod64(ulong a, ulong b)
{
    if (!b || (long)b == -1) return 0;
    return (ulong)((long)a % (long)b);
}
static ulong udiv64(ulong a, ulong b) { return b ? a / b : 0; }
static ulong umod64(ulong a, ulong b) { return b ? a % b : 0; }
static ulong shl64(ulong a, uint s) { return a << (s & 63u); }
static ulong shr64(ulong a, uint s) { return a >> (s & 63u); }
static ulong sra64(ulong a, uint s) { return (ulong)((long)a >> (s & 63u)); }
static float ftz(float x) { return fabs(x) < FLT_MIN ? copysign(0.0f, x) : x; }
static uint fdiv(uint a, uint b)
{
    float q = ftz(ftz(as_float(a)) / ftz(as_float(b)));
    return isnan(q) ? 0x7FC00000u : as_uint(q);
}
static ulong sqrt64(ulong x)
{
    double r;
    if ((x >> 63) && x != 0x8000000000000000UL) return 0xFFF8000000000000UL;
    r = sqrt(as_double(x));
    return isnan(r) ? 0x7FF8000000000000UL : as_ulong(r);
}

__kernel void lib_int(__global const int *in, __global uint *o0, __global ulong *o1,
                      __global ulong *o2, __global ulong *o3, __global uint *o4,
                      __global ulong *o5)
{
    const uint T32[13] = {0u, 1u, 0xFFFFFFFFu, 2u, 0xFFFFFFFEu, 7u, 0xFFFFFFF9u, 0x80000000u,
                          0x7FFFFFFFu, 0x10000u, 0x18080u, 0xFF7Fu, 0x12340100u};
    const uint F32[13] = {0u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x3F800000u,
                          0xC0400000u, 0x00800000u, 0x7F7FFFFFu, 1u, 0x007FFFFFu, 0x3DCCCCCDu,
                          0x40E00000u};
    const ulong T64[13] = {0UL, 1UL, 0xFFFFFFFFFFFFFFFFUL, 2UL, 0xFFFFFFFFFFFFFFFDUL,
                           0x8000000000000000UL, 0x7FFFFFFFFFFFFFFFUL, 0x100000000UL, 0xFFFFFFFFUL,
                           0x80000000UL, 0x123456789ABCDEF0UL, 0xFFFFFFFEFFFFFFFFUL, 7UL};
    const uint S[13] = {0u, 1u, 31u, 32u, 33u, 63u, 64u, 65u, 0xFFFFFFFFu, 0xFFFFFFE0u, 127u,
                        0x80000020u, 5u};
    const ulong D64[13] = {0UL, 0x8000000000000000UL, 0x7FF0000000000000UL, 0xFFF0000000000000UL,
                           0xFFF8000000000000UL, 0x3FF0000000000000UL, 0x4000000000000000UL,
                           0xBFF0000000000000UL, 1UL, 0x7FEFFFFFFFFFFFFFUL, 0x3FB999999999999AUL,
                           0x0000100000000000UL, 0x4010000000000000UL};
    uint i = get_global_id(0), u = i % 13u, v = (i / 13u) % 13u;
    uint a = T32[u], b = T32[v], fa = F32[u], fb = F32[v], s = S[v], s2 = S[u];
    ulong A = T64[u], B = T64[v], D = D64[u];
    __global const uint *r = (__global const uint *)in + 8 * i;
    uint c = r[0], e = r[1], fc = r[6], fe = r[7];
    ulong C = (ulong)r[2] | (ulong)r[3] << 32, E = (ulong)r[4] | (ulong)r[5] << 32;
    __global uint *p0 = o0 + 16 * i;
    __global ulong *p1 = o1 + 8 * i, *p2 = o2 + 8 * i, *p3 = o3 + 4 * i, *p5 = o5 + 2 * i;
    __global uint *p4 = o4 + 4 * i;

    p0[0] = sdiv32(a, b); p0[1] = smod32(a, b); p0[2] = udiv32(a, b); p0[3] = umod32(a, b);
    p0[4] = sdivn(a, b, 16); p0[5] = smodn(a, b, 16); p0[6] = udivn(a, b, 16); p0[7] = umodn(a, b, 16);
    p0[8] = sdivn(a, b, 8); p0[9] = smodn(a, b, 8); p0[10] = udivn(a, b, 8); p0[11] = umodn(a, b, 8);
    p0[12] = sdiv32(c, e); p0[13] = smod32(c, e); p0[14] = sdivn(c, e, 16); p0[15] = umodn(c, e, 8);

    p1[0] = sdiv64(A, B); p1[1] = smod64(A, B); p1[2] = udiv64(A, B); p1[3] = umod64(A, B);
    p1[4] = A * B; p1[5] = C * E; p1[6] = sdiv64(C, E); p1[7] = umod64(C, E);

    p2[0] = shl64(A, s); p2[1] = shr64(A, s); p2[2] = sra64(A, s); p2[3] = shl64(C, s);
    p2[4] = shr64(A, s); p2[5] = shr64(C, s2); p2[6] = sra64(A, s2); p2[7] = sra64(C, s);

    p3[0] = A * B; p3[1] = C * E; p3[2] = shl64(C, s2); p3[3] = shl64(A, s);

    p4[0] = fdiv(fa, fb); p4[1] = fdiv(fb, fa); p4[2] = fdiv(fc, fe); p4[3] = 0u;

    p5[0] = sqrt64(D); p5[1] = sqrt64(C);
}
