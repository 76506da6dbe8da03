/* OpenCL C twin of printf_data.il.  The IL's %v3f is %v3hlf in OpenCL C 1.2
 * (section 6.12.13.2: a float vector takes the length modifier hl).  The
 * IL's last printf passes a half, (half)1.5 = 0x3E00, which AMD's runtime
 * printed as the float its stored dword makes (docs/abi-map.txt section 8:
 * 0.000000); the twin passes that float, as_float(0x3E00), so that its
 * output is what the AMD program printed (cl_khr_fp16 being optional). */
__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

__kernel void printf_data(__global int *out)
{
    int i = get_global_id(0);
    out[i] = table[i & 7];
    for (uint k = 0; k < 2; k++)
        printf("t=%d k=%u v=%v3hlf\n", table[(i + k) & 7], k, (float3)(i, k, 0.5f));
    printf("h=%f c2=%v2hhd", as_float(0x3E00), (char2)(-1, 2));
}
