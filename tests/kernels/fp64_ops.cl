/* OpenCL C twin of fp64_ops.il (1-D launch, i = get_global_id(0)).
 * a, b, c, e = in[2i .. 2i+3]; d = b + 1/16.  The generated inputs are
 * multiples of 1/8 in [-100, 100], so no result is a NaN (whose bits C
 * leaves to the host) and every conversion is in range.  The IL's dmad is
 * fused: fma().  frexp is written with bit operations (the twin runtime
 * has no frexp); rsqrt is 1/sqrt, as the IL's drsq is defined. */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define MASK(c) ((c) ? -1 : 0)

static double mant(double x)
{
    ulong u = as_ulong(x);
    return x == 0.0 ? x : as_double((u & 0x800FFFFFFFFFFFFFUL) | 0x3FE0000000000000UL);
}

static int expo(double x)
{
    return x == 0.0 ? 0 : (int)((as_ulong(x) >> 52) & 0x7FF) - 1022;
}

__kernel void fp64_ops(__global const double *in, __global double *o1,
                       __global double *o2, __global int *o3)
{
    int i = get_global_id(0);
    double a = in[2 * i], b = in[2 * i + 1], c = in[2 * i + 2], e = in[2 * i + 3];
    double d = b + 0.0625;
    double t = a * 1000.5;
    int n = (int)b;
    int lt = MASK(a < b);
    int ti = (int)t;
    uint tu = t < 0.0 ? 0u : (uint)t;
    float f = (float)a;
    __global double *p = o1 + 16 * i;
    __global double *q = o2 + 16 * i;
    __global int *r = o3 + 16 * i;

    p[0] = a + b;
    p[1] = a - b;
    p[2] = a * b;
    p[3] = fma(a, b, c);
    p[4] = a / d;
    p[5] = sqrt(fabs(a));
    p[6] = 1.0 / d;
    p[7] = 1.0 / sqrt(fabs(d));
    p[8] = a + c;
    p[9] = b + e;
    p[10] = fma(-a, b, -c);
    p[11] = fabs(a) - fabs(b);
    p[12] = fma(d, d, -d);
    p[13] = c - e;

    q[0] = a - floor(a);
    q[1] = ldexp(a, n);
    q[2] = mant(a);
    q[3] = fmin(a, b);
    q[4] = fmax(a, b);
    q[5] = fabs(b);
    q[6] = rint(a);
    q[7] = floor(a);
    q[8] = ceil(a);
    q[9] = trunc(a);
    q[10] = -b;
    q[11] = lt ? a : b;
    q[12] = (double)ti;
    q[13] = (double)(uint)lt;
    q[14] = (double)f;
    q[15] = a - b;

    r[0] = MASK(a == b);
    r[1] = MASK(a != b);
    r[2] = lt;
    r[3] = MASK(a >= b);
    r[4] = expo(a);
    r[5] = as_int(f);
    r[6] = ti;
    r[7] = (int)tu;
    r[8] = MASK(a == a);
    r[9] = MASK(b != b);
    r[10] = MASK(c < a);
    r[11] = MASK(e >= e);
}
