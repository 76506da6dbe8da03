/* OpenCL C twin of legacy_scalar.il: each legacy scalar op applied to the
 * value in lane w of its source, the result in every written component. */
__kernel void legacy_scalar(__global float *o)
{
    int i = get_global_id(0);
    float x = (float)(i - 96) * 0.0625f;
    __global float *p = o + 16 * i;
    p[0] = exp2(x);
    p[1] = log2(fabs(x) + 1.0f);
    p[2] = sqrt(fabs(x));
    p[3] = rsqrt(fabs(x) + 1.0f);
    p[4] = 1.0f / (x + 0.5f);
    p[5] = sin(x);
    p[6] = cos(x);
    p[7] = x;
    p[8] = p[9] = p[10] = p[11] = exp2(x);
    p[12] = p[13] = p[14] = 3.0f;
    p[15] = x;
}
