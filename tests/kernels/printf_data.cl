/* OpenCL C twin of printf_data.il. */
__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

__kernel void printf_data(__global int *out)
{
    int i = get_global_id(0);
    out[i] = table[i & 7];
    for (uint k = 0; k < 2; k++)
        printf("t=%d k=%u v=%v3f\n", table[(i + k) & 7], k, (float3)(i, k, 0.5f));
}
