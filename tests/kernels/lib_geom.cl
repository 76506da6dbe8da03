/* OpenCL C twin of lib_geom.il: the OpenCL C builtins that AMD's library
 * macros for geometric and simple float functions implement
 * (docs/libmacro.md), on the same operands.  NaN results are stored as
 * 0x7FC00000 and results below the normal range as the zero of their sign
 * (AMD's float ops flush them).  The geometric functions, pown, rootn,
 * hypot, cbrt, the inverse hyperbolic and the -pi functions are
 * approximate on the AMD side (docs/TESTING.md's tolerance); round, rint,
 * sign, fdim, clamp, mix, ldexp, fmod, remainder, nextafter and step
 * compare exactly. */
#pragma OPENCL FP_CONTRACT OFF

static float out(float f)
{
    uint u = as_uint(f);
    if (isnan(f))
        return as_float(0x7FC00000u);
    return (u & 0x7F800000u) ? f : as_float(u & 0x80000000u);
}

static float shaped(uint u) { return as_float((u & 0x807FFFFFu) | ((119u + ((u >> 23) & 15u)) << 23)); }

__kernel void lib_geom(__global const uint *in, __global float *o, __global float *o2,
                       __global float *o3)
{
    const uint E[16] = {0x00000000u, 0x80000000u, 0x3F000000u, 0xBF000000u, 0x3FC00000u,
                        0xC0200000u, 0x401FFFFFu, 0x4B000001u, 0x7F800000u, 0xFF800000u,
                        0x7FC00000u, 0x0DA24260u, 0xC06CCCCDu, 0x42C90000u, 0x3EFFFFFFu,
                        0x7F61B1E6u};
    uint i = get_global_id(0);
    __global const uint *p = in + 16 * i;
    float4 va = (float4)(shaped(p[0]), shaped(p[1]), shaped(p[2]), shaped(p[3]));
    float4 vb = (float4)(shaped(p[4]), shaped(p[5]), shaped(p[6]), shaped(p[7]));
    float x = shaped(p[8]), y = shaped(p[9]), e = as_float(E[i % 16u]);
    int n = (int)(p[10] % 41u) - 20;
    float t = (float)(p[11] & 0xFFFFu) * as_float(0x37800000u);
    float4 nv = normalize(va), cv = cross(va, vb);
    __global float *q = o + 16 * i, *q2 = o2 + 16 * i;

    q[0] = out(dot(va, vb)); q[1] = out(length(va)); q[2] = out(distance(va, vb));
    q[3] = out(dot(va.xy, vb.xy));
    q[4] = out(nv.x); q[5] = out(nv.y); q[6] = out(nv.z); q[7] = out(nv.w);
    q[8] = out(cv.x); q[9] = out(cv.y); q[10] = out(cv.z); q[11] = out(cv.w);
    q[12] = out(pown(x, n)); q[13] = out(rootn(x, n)); q[14] = out(hypot(x, y));
    q[15] = out(length(va.xy));
    q2[0] = out(round(e)); q2[1] = out(rint(e)); q2[2] = out(sign(e)); q2[3] = out(fdim(x, y));
    q2[4] = out(clamp(e, -1.0f, 2.0f)); q2[5] = out(mix(x, y, t)); q2[6] = out(ldexp(x, n));
    q2[7] = out(dot(va.xyz, vb.xyz));
    q2[8] = out(cbrt(x)); q2[9] = out(asinh(x)); q2[10] = out(acosh(1.0f + fabs(x)));
    q2[11] = out(atanh(x * 0.00390625f)); q2[12] = out(sinpi(x)); q2[13] = out(cospi(e));
    q2[14] = out(tanpi(e)); q2[15] = out(atan2pi(x, y));
    __global float *q3 = o3 + 8 * i;
    q3[0] = out(fmod(x, y)); q3[1] = out(remainder(x, y)); q3[2] = out(nextafter(x, y));
    q3[3] = out(step(e, x)); q3[4] = out(smoothstep(-1.0f, 2.0f, x * 0.015625f));
    q3[5] = out(fmod(e, x)); q3[6] = out(remainder(e, x)); q3[7] = out(nextafter(e, x));
}
