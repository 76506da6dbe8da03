/* OpenCL C twin of saxpy.il: same arguments, same order, same qualifiers.
 * y[i] = a * x[i] + y[i] for every work-item i < n (1-D launch). */
__kernel void saxpy(__global const float *x, __global float *y, float a, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}
