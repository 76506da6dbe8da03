#pragma OPENCL FP_CONTRACT OFF

float poly(float x, int n)
{
    float acc = 1.0f;
    for (int i = 0; i < n; i++)
        acc = acc * x + 0.5f;
    return acc;
}

__kernel void b14_outline_call(__global const float *in, __global float *out, int k)
{
    int g = (int)get_global_id(0);
    out[g] = poly(poly(in[g], k & 7), 2);
}
