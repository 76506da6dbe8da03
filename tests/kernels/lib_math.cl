/* OpenCL C twin of lib_math.il: the OpenCL C builtins that AMD's
 * transcendental library macros implement (docs/libmacro.md), on the same
 * operands (edge values, |x| in [2^-10, 64), |y| in [1, 2^64)).  The
 * results are compared within OpenCL 1.2's bounds (section 7.4: exp, log,
 * expm1 3 ulp, log1p 2, sin, cos, asin, acos, sinh, cosh 4, tan, atan, tanh
 * 5, atan2 6, pow 16; docs/TESTING.md: 6 at most).  Only
 * library macros make this kernel's AMD run approximate (no sqrt_vec
 * and the like), so that flag is what lets pocl differ at all.  NaN
 * results are stored as 0x7FC00000.  In o, no operand gives a result below
 * the normal range (AMD's float ops flush those, pocl keeps them); o2's
 * pow and powr results there are stored as the zero of their sign. */
#pragma OPENCL FP_CONTRACT OFF

static float canon(float f) { return isnan(f) ? as_float(0x7FC00000u) : f; }
static float ftz(float f)
{
    return (as_uint(f) & 0x7F800000u) ? canon(f) : as_float(as_uint(f) & 0x80000000u);
}

__kernel void lib_math(__global const uint *in, __global float *o, __global float *o2)
{
    const uint E[16] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u,
                        0xFF800000u, 0x7FC00000u, 0x3F000000u, 0x42B10000u, 0xC2AE0000u,
                        0x42C80000u, 0x0DA24260u, 0x7F61B1E6u, 0x47C35000u, 0x40490FDBu,
                        0x3FC90FDBu};
    uint i = get_global_id(0), r = in[2 * i], q = in[2 * i + 1];
    float a = as_float(E[i % 16u]), b = as_float(E[(i / 16u) % 16u]);
    float h = (float)((int)(q & 31u) - 16) * 0.5f;
    float x = as_float((r & 0x807FFFFFu) | ((117u + ((r >> 23) & 15u)) << 23));
    float y = as_float((q & 0x807FFFFFu) | ((127u + ((q >> 23) & 63u)) << 23));
    float ax = fabs(x), ay = fabs(y);
    __global float *p = o + 16 * i;

    p[0] = canon(exp(a)); p[1] = canon(exp(x)); p[2] = canon(exp2(x)); p[3] = canon(exp10(x * 0.5f));
    p[4] = canon(log(a)); p[5] = canon(log(ax)); p[6] = canon(log2(ay)); p[7] = canon(log10(ax));
    p[8] = canon(sin(a)); p[9] = canon(sin(y)); p[10] = canon(cos(x)); p[11] = canon(cos(y));
    p[12] = canon(tan(x)); p[13] = canon(tan(y)); p[14] = canon(log2(ax)); p[15] = canon(exp10(a));
    float t = x * 0.015625f;
    __global float *p2 = o2 + 16 * i;
    p2[0] = ftz(pow(x, h)); p2[1] = ftz(pow(a, b)); p2[2] = ftz(powr(ax, h)); p2[3] = ftz(powr(a, b));
    p2[4] = ftz(atan(x)); p2[5] = ftz(atan2(a, b)); p2[6] = ftz(asin(t)); p2[7] = ftz(acos(t));
    p2[8] = ftz(expm1(x * 0.125f)); p2[9] = ftz(log1p(t)); p2[10] = ftz(sinh(x * 0.25f));
    p2[11] = ftz(cosh(x * 0.25f)); p2[12] = ftz(tanh(x * 0.25f)); p2[13] = ftz(atan2(x, h));
    p2[14] = ftz(atan(a)); p2[15] = ftz(tanh(a));
}
