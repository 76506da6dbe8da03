/* OpenCL C twin of fmath_edges.il, written from the OpenCL C 1.2 rules
 * (and docs/fmath.md where AMD IL defines more): single-precision
 * denormals are zero on the inputs and results of float arithmetic (AMD's
 * default, -cl-denorms-are-zero), a NaN result is 0x7FC00000. */
/* the edge values (fmath_edges.il's T) */
__constant uint T[32] = {
    0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u,
    0x7fc01234u, 0x7f800001u, 0x00800000u, 0x80800000u,
    0x00000001u, 0x007fffffu, 0x7f7fffffu, 0xff7fffffu,
    0x3f800000u, 0xbf800000u, 0x3f800001u, 0x3f000000u,
    0x3fc00000u, 0x40200000u, 0xc0200000u, 0x40400000u,
    0x3dcccccdu, 0x3eaaaaabu, 0x4b800000u, 0x4b7fffffu,
    0xc0e00000u, 0x501502f9u, 0x42b10000u, 0xc2b10000u,
    0x477fe000u, 0x477ff000u, 0x38800000u, 0x33000000u
};

static float nan_(void) { return as_float(0x7fc00000u); }

/* a float result as AMD IL gives it: denormal -> signed zero, NaN canonical */
static float fz(float x)
{
    if (isnan(x))
        return nan_();
    if (x != 0.0f && fabs(x) < FLT_MIN)
        return copysign(0.0f, x);
    return x;
}

/* a + b rounded toward zero (mode 0), +Inf (1), -Inf (2): the sum in
 * double, its exact error, and one step when the double sum is a float */
static float add_dir(float a, float b, int mode)
{
    double s = (double)a + (double)b, bv = s - a, e = (a - (s - bv)) + (b - bv);
    float f = mode == 0 ? convert_float_rtz(s) : mode == 1 ? convert_float_rtp(s) : convert_float_rtn(s);
    if (isinf(s) || isnan(s) || e == 0.0 || (double)f != s)
        return f;
    if (mode == 1 && e > 0)
        return nextafter(f, INFINITY);
    if (mode == 2 && e < 0)
        return nextafter(f, -INFINITY);
    if (mode == 0 && ((s > 0 && e < 0) || (s < 0 && e > 0)))
        return nextafter(f, 0.0f);
    return f;
}

static float fma_dir(float a, float b, float c, int mode)
{
    double p = (double)a * (double)b, s = p + c, bv = s - p, e = (p - (s - bv)) + (c - bv);
    float f = mode == 0 ? convert_float_rtz(s) : mode == 1 ? convert_float_rtp(s) : convert_float_rtn(s);
    if (isinf(s) || isnan(s) || e == 0.0 || (double)f != s)
        return f;
    if (mode == 1 && e > 0)
        return nextafter(f, INFINITY);
    if (mode == 2 && e < 0)
        return nextafter(f, -INFINITY);
    if (mode == 0 && ((s > 0 && e < 0) || (s < 0 && e > 0)))
        return nextafter(f, 0.0f);
    return f;
}

/* float -> half bits rounded toward -Inf (up = 0) or +Inf (up = 1) */
static uint half_dir(float x, int up)
{
    uint s = signbit(x) ? 0x8000u : 0u;
    float a = fabs(x), q, n;
    int e, away = up ? !s : s != 0;
    if (isnan(x))
        return 0x7e00u;
    if (isinf(x) || a == 0.0f)
        return s | (isinf(x) ? 0x7c00u : 0u);
    e = ilogb(a);
    if (e < -14)
        e = -14;
    q = ldexp(1.0f, e - 10);
    n = away ? ceil(a / q) : floor(a / q);
    a = n * q;
    if (a > 65504.0f)
        return s | (away ? 0x7c00u : 0x7bffu);
    if (a < 0x1p-14f)
        return s | (uint)(a / 0x1p-24f);
    e = ilogb(a);
    return s | (uint)(e + 15) << 10 | ((uint)ldexp(a, 10 - e) - 1024u);
}

/* f_2_u4 = cl_amd_media_ops' amd_pack: byte k = ((uint)src.k) & 0xff, the
 * cast toward zero and saturating as the IL's ftou (NaN 0) */
static uint byte_(float x)
{
    return convert_uint_sat(x) & 0xffu;
}

static float sat(float x)
{
    return isnan(x) || x <= 0.0f ? 0.0f : x >= 1.0f ? 1.0f : x;
}

__kernel void fmath_edges(__global float *o, __global uint *oi)
{
    int i = get_global_id(0), e;
    float a = fz(as_float(T[i & 31])), b = fz(as_float(T[(i >> 5) & 31])), c = fz(as_float(T[(7 * i + 5) & 31]));
    float t = (float)(i & 3) * 0.25f, m;
    __global float *p = o + 16 * i;
    __global uint *q = oi + 4 * i;
    p[0] = fz(a / b);
    p[1] = fz(fmod(a, b));
    p[2] = fz(ldexp(a, ((i >> 5) & 31) * 23 - 276));
    m = frexp(a, &e);
    p[3] = fz(m);
    p[4] = fz(fz(t * a) + fz(fz(1.0f - t) * b));
    p[5] = fz(add_dir(a, b, 0));
    p[6] = fz(add_dir(a, -b, 1));
    p[7] = fz(convert_float_rtn((double)a * (double)b));
    p[8] = fz(add_dir(fz(convert_float_rtp((double)a * (double)b)), c, 1));
    p[9] = fz(fma_dir(a, b, c, 0));
    p[10] = sat(fz(fz(a * b) * 4.0f));
    p[11] = fz(fz(a + b) * 0.5f);
    p[12] = fz((float)(i - 384) * 8.0f);
    p[13] = fz(a * 0.25f);
    p[14] = fz(b / a);
    p[15] = fz(fmod(b, a));
    q[0] = isfinite(a) && a != 0.0f ? (uint)e : 0u;
    q[1] = half_dir(a, 0);
    q[2] = half_dir(a, 1);
    q[3] = byte_(a) | byte_(b) << 8 | byte_(c) << 16 | byte_(254.5f) << 24;
}
