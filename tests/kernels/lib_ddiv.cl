/* OpenCL C twin of lib_ddiv.il: the quotients of AMD's library macros 194
 * and 195 are IEEE double division, correctly rounded (what OpenCL C's '/'
 * on doubles is); a NaN quotient is stored as 0x7FF8000000000000.  Macros
 * 21..24 are ldexp, fma, fmax and fmin of doubles (the generated inputs are
 * multiples of 1/8, never NaN). */
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

static ulong qbits(double x) { return isnan(x) ? 0x7FF8000000000000UL : as_ulong(x); }

__kernel void lib_ddiv(__global const double *in, __global ulong *q, __global double *m)
{
    ulong T[13] = {0x0000000000000000UL, 0x8000000000000000UL, 0x7FF0000000000000UL,
                   0xFFF0000000000000UL, 0x7FF8000000000000UL, 0x3FF0000000000000UL,
                   0xC008000000000000UL, 0x0000000000000001UL, 0x000FFFFFFFFFFFFFUL,
                   0x0010000000000000UL, 0x7FEFFFFFFFFFFFFFUL, 0x3FB999999999999AUL,
                   0x401C000000000000UL};
    uint i = get_global_id(0);
    double a = as_double(T[i % 13]), b = as_double(T[(i / 13) % 13]);
    double c = in[2 * i], e = in[2 * i + 1];
    __global ulong *p = q + 4 * i;
    __global double *r = m + 4 * i;
    p[0] = qbits(a / b);
    p[1] = qbits(a / b);
    p[2] = qbits(c / e);
    p[3] = qbits(b / a);
    r[0] = ldexp(c, (int)(i % 32) - 16);
    r[1] = fma(c, e, c);
    r[2] = fmax(c, e);
    r[3] = fmin(c, e);
}
