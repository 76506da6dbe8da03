/* OpenCL C twin of fmath_trans.il: the legacy scalar exn, ln, tan, pow,
 * asin, acos and atan as OpenCL C's exp, log, tan, pow, asin, acos and atan
 * on the value in lane w (here the only value), single-precision denormals
 * zero on inputs and results. */
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

/* an operand or result: denormal -> signed zero; a NaN quiet (OpenCL does
 * not distinguish signalling NaNs: pow(sNaN, 0) is 1 as for a quiet one) */
static float fz(float x)
{
    if (isnan(x))
        return as_float(0x7fc00000u);
    if (x != 0.0f && fabs(x) < FLT_MIN)
        return copysign(0.0f, x);
    return x;
}

__kernel void fmath_trans(__global float *o)
{
    int i = get_global_id(0);
    float a = fz(as_float(T[i & 31])), b = fz(as_float(T[(i >> 5) & 31]));
    __global float *p = o + 12 * i;
    p[0] = fz(exp(a));
    p[1] = fz(log(fabs(a)));
    p[2] = fz(tan(a));
    p[3] = fz(pow(fabs(a), b));
    p[4] = fz(exp(b));
    p[5] = fz(log(a));
    p[6] = fz(tan(fz(b * 1e-3f)));
    p[7] = fz(pow(fabs(b), 0.5f));
    p[8] = fz(asin(a));
    p[9] = fz(acos(a));
    p[10] = fz(atan(a));
    p[11] = fz(atan(b));
}
