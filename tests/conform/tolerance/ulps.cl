/* OpenCL C twin of ulps.il (tests/run-all.sh derives the wrong twin from it) */
__kernel void ulps(__global float *out, int n)
{
    int g = get_global_id(0);
    float v = (float)g / 64.0f - 1.0f;   /* exact, as the IL's steps */
    out[g] = exp(v);
}
