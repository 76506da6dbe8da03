/* OpenCL C twin of mixed.il (tests/run-all.sh derives the wrong twins from it) */
__kernel void mixed(__global const float *x, __global float *y, __global int *z, int n, __global float *w)
{
    int i = get_global_id(0);
    if (i < n) {
        float v = x[i];
        y[2 * i] = sqrt(fabs(v)) + 1e30f;
        y[2 * i + 1] = v * 2.0f + 1.0f;   /* exact */
        z[2 * i] = (int)(v * 1e10f);      /* out of range for |v| > 0.21 */
        z[2 * i + 1] = (int)v;            /* in range */
        w[i] = sqrt(fabs(v)) * 1e-3f;     /* approximate, small */
    }
}
