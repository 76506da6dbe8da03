/* OpenCL C twin of class_edges.il, written from the rules (docs/fmath.md):
 * class / dclass test the class of the (unflushed) value against a mask
 * whose bits are 0 signalling NaN, 1 quiet NaN, 2 -Inf, 3 -normal,
 * 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf (HSAFoundation
 * builtins' class.cl) and give all ones or 0; float compares and
 * f2f16_near flush single-precision denormal inputs (AMD's default); a
 * half NaN is 0x7E00.  Doubles are handled as bits only (no fp64 needed). */
__constant uint T[32] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
    0x7fc01234u, 0x7f800001u, 0xffc00000u, 0xff800001u,
    0x00800000u, 0x80800000u, 0x00000001u, 0x007fffffu,
    0x80000001u, 0x807fffffu, 0x7f7fffffu, 0xff7fffffu,
    0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3f000000u,
    0x3fc00000u, 0x40200000u, 0xc0200000u, 0x33800000u,
    0x3dcccccdu, 0x4b800000u, 0x4b7fffffu, 0x33000000u,
    0x477fe000u, 0x477ff000u, 0x38800000u, 0x387fc000u
};
__constant uint M[16] = {
    0x00000001u, 0x00000002u, 0x00000004u, 0x00000008u,
    0x00000010u, 0x00000020u, 0x00000040u, 0x00000080u,
    0x00000100u, 0x00000200u, 0x00000003u, 0x00000204u,
    0x000001f8u, 0x00000090u, 0xfffffc00u, 0xffffffffu
};
__constant ulong D[16] = {
    0x0000000000000000ul, 0x8000000000000000ul,
    0x7ff0000000000000ul, 0xfff0000000000000ul,
    0x7ff8000000001234ul, 0x7ff0000000000001ul,
    0xfff4000000000000ul, 0x0010000000000000ul,
    0x8010000000000000ul, 0x0000000000000001ul,
    0x800ffffffffffffful, 0x7feffffffffffffful,
    0x3ff0000000000000ul, 0xc004000000000000ul,
    0x0000000100000000ul, 0x000fffff00000000ul
};

/* the class bit of a value given as sign, "is NaN", quiet bit, "is Inf",
 * "is zero", "is denormal" */
static uint class_bit(int neg, int nan, int quiet, int inf, int zero, int denorm)
{
    int p;
    if (nan)
        return quiet ? 1u : 0u;
    p = inf ? 9 : zero ? 6 : denorm ? 7 : 8;
    return (uint)(neg ? 11 - p : p);
}

static uint fclass(uint x, uint m)
{
    uint e = (x >> 23) & 0xffu, f = x & 0x7fffffu;
    uint b = class_bit(x >> 31, e == 0xffu && f != 0u, (x >> 22) & 1u, e == 0xffu && f == 0u,
                       e == 0u && f == 0u, e == 0u && f != 0u);
    return ((m >> b) & 1u) ? 0xffffffffu : 0u;
}

static uint dclass(ulong x, uint m)
{
    ulong e = (x >> 52) & 0x7fful, f = x & 0xffffffffffffful;
    uint b = class_bit((int)(x >> 63), e == 0x7fful && f != 0ul, (int)((x >> 51) & 1ul),
                       e == 0x7fful && f == 0ul, e == 0ul && f == 0ul, e == 0ul && f != 0ul);
    return ((m >> b) & 1u) ? 0xffffffffu : 0u;
}

/* a float input as AMD's float instructions read it: denormal -> signed zero */
static float fz(uint u)
{
    float x = as_float(u);
    if (x != 0.0f && fabs(x) < FLT_MIN)
        return copysign(0.0f, x);
    return x;
}

/* float -> half bits, nearest even (IEEE 754), written out: half denormals
 * by scaling with 2^24 and rint (exact), normals by rounding the 24-bit
 * significand to 11 bits; a carry moves into the exponent by the add */
static uint half_near(uint u)
{
    uint b = as_uint(fz(u)), s = (b >> 16) & 0x8000u, a = b & 0x7fffffffu, q, r, e;
    if (a > 0x7f800000u)
        return 0x7e00u;
    if (a >= 0x477ff000u) /* 65520 and above (Inf too) round to Inf */
        return s | 0x7c00u;
    if (a < 0x38800000u) /* below 2^-14: a half denormal or zero */
        return s | (uint)rint(as_float(a) * 0x1p24f);
    e = (a >> 23) - 127u + 15u;
    q = (a & 0x7fffffu) | 0x800000u;
    r = q & 0x1fffu;
    q >>= 13;
    if (r > 0x1000u || (r == 0x1000u && (q & 1u)))
        q++;
    return s | ((e << 10) + q - 0x400u);
}

__kernel void class_edges(__global uint *o)
{
    uint i = (uint)get_global_id(0);
    uint x = T[i & 31u], y = T[(i >> 5) & 31u], m = M[(i >> 5) & 15u];
    ulong d = D[i & 15u];
    __global uint *r = o + 12u * i;
    r[0] = fclass(x, m);
    r[1] = fclass(x ^ 0x80000000u, m);
    r[2] = fclass(x & 0x7fffffffu, m);
    r[3] = dclass(d, m);
    r[4] = dclass(d ^ 0x8000000000000000ul, m);
    r[5] = x * m;
    r[6] = x * m + i;
    r[7] = x * i;
    r[8] = fz(x) > fz(y) ? 0xffffffffu : 0u;
    r[9] = fz(x) <= fz(y) ? 0xffffffffu : 0u;
    r[10] = fz(y) <= fz(x) ? 0xffffffffu : 0u;
    r[11] = half_near(x);
}
