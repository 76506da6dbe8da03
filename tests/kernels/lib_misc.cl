/* OpenCL C twin of lib_misc.il: the OpenCL C builtins that AMD's simple
 * integer and float library macros implement (docs/libmacro.md), with
 * AMD's rules written out where OpenCL leaves the result open:
 *   mul24 / mad24: the low 24 bits sign-extended (signed) or masked
 *     (unsigned) whatever the high bits (OpenCL: undefined outside 24 bits)
 *   any/all of one element: its top bit (7, 15 or 31) as 0 or 1
 *   __fmax_f32 / __fmin_f32: one NaN gives the other operand, -0 < +0, two
 *     NaNs give 0x7FC00000 (fmax) or x | 0x7FC00000 (fmin)
 *   __nan_u32: 0x7FC00000 | the code's low 23 bits
 *   ftz: a zero exponent field gives the zero of the sign
 *   degrees / radians: one multiply by the float nearest 180/pi or pi/180;
 *   dot of scalars: the product; distance: |x - y|; length: |x| (the bits)
 * The arithmetic slots flush denormal operands and results to the zero of
 * their sign, as AMD's float ops do; their NaN results are stored as
 * 0x7FC00000. */
#pragma OPENCL FP_CONTRACT OFF

static uint ftz(uint v);
static uint canon(float f) { return isnan(f) ? 0x7FC00000u : ftz(as_uint(f)); }
static int sext24(uint v) { return (int)(v << 8) >> 8; }
static uint ftz(uint v) { return (v & 0x7F800000u) ? v : (v & 0x80000000u); }
static uint key(uint v) { return (int)v < 0 ? v ^ 0x7FFFFFFFu : v; }
static int isnanb(uint v) { return (v & 0x7FFFFFFFu) > 0x7F800000u; }
static uint fmaxb(uint x, uint y)
{
    if (isnanb(x) && isnanb(y)) return 0x7FC00000u;
    if (isnanb(x)) return y;
    if (isnanb(y)) return x;
    return (int)key(x) >= (int)key(y) ? x : y;
}
static uint fminb(uint x, uint y)
{
    if (isnanb(x) && isnanb(y)) return x | 0x7FC00000u;
    if (isnanb(x)) return y;
    if (isnanb(y)) return x;
    return (int)key(x) < (int)key(y) ? x : y;
}

__kernel void lib_misc(__global const int *in, __global uint *o0, __global uint *o1,
                       __global uint *o2)
{
    const uint T32[13] = {0u, 1u, 0xFFFFFFFFu, 2u, 0xFFFFFFFEu, 7u, 0xFFFFFFF9u, 0x80000000u,
                          0x7FFFFFFFu, 0x00800000u, 0xFF7FFFFFu, 0x0000FF80u, 0x12345678u};
    const uint F32[13] = {0u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0x3F800000u,
                          0xC0400000u, 0x00800000u, 0x7F7FFFFFu, 1u, 0x807FFFFFu, 0xFFC00001u,
                          0x40E00000u};
    uint i = get_global_id(0), u = i % 13u, v = (i / 13u) % 13u, t = (u + v) % 13u;
    uint a = T32[u], b = T32[v], c = T32[t], fa = F32[u], fb = F32[v];
    uint r = (uint)in[2 * i], q = (uint)in[2 * i + 1];
    int sa = (int)a, sb = (int)b, sc = (int)c;
    float x = as_float(ftz(fa)), y = as_float(ftz(fb));
    __global uint *p0 = o0 + 16 * i, *p1 = o1 + 16 * i, *p2 = o2 + 16 * i;

    p0[0] = abs(sa); p0[1] = abs_diff(sa, sb); p0[2] = abs_diff(a, b);
    p0[3] = (uint)add_sat(sa, sb); p0[4] = (uint)sub_sat(sa, sb); p0[5] = add_sat(a, b);
    p0[6] = (uint)hadd(sa, sb); p0[7] = (uint)rhadd(sa, sb); p0[8] = hadd(a, b); p0[9] = rhadd(a, b);
    p0[10] = (uint)rotate(sa, sb); p0[11] = rotate(r, q); p0[12] = (uint)clz(sa); p0[13] = clz(r);
    p0[14] = (uint)any(sa); p0[15] = b >> 31;

    p1[0] = (uint)mul_hi(sa, sb); p1[1] = mul_hi(a, b); p1[2] = (uint)mad_hi(sa, sb, sc);
    p1[3] = mad_hi(a, b, c);
    p1[4] = (uint)(sext24(a) * sext24(b)); p1[5] = (uint)(sext24(a) * sext24(b)) + c;
    p1[6] = (a & 0xFFFFFFu) * (b & 0xFFFFFFu) + c;
    p1[7] = (uint)max(sa, sb); p1[8] = (uint)min(sa, sb); p1[9] = max(a, b); p1[10] = min(a, b);
    p1[11] = (a >> 7) & 1u; p1[12] = (a >> 15) & 1u; p1[13] = (b >> 7) & 1u; p1[14] = a;
    p1[15] = abs(sa);

    p2[0] = fa & 0x7FFFFFFFu; p2[1] = (fa & 0x7FFFFFFFu) | (fb & 0x80000000u);
    p2[2] = 0x7FC00000u | (a & 0x7FFFFFu); p2[3] = ftz(fa);
    p2[4] = ftz(fa); p2[5] = ftz(fb); p2[6] = ftz(r); p2[7] = ftz(q);
    p2[8] = canon(x * as_float(0x42652EE1u)); p2[9] = canon(x * as_float(0x3C8EFA35u));
    p2[10] = canon(x * y); p2[11] = canon(fabs(x - y));
    p2[12] = fmaxb(fa, fb); p2[13] = fminb(fa, fb); p2[14] = fa & 0x7FFFFFFFu;
    p2[15] = canon(fabs(y - x));
}
