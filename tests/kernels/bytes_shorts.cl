/* OpenCL C twin of bytes_shorts.il. */
/* hints without a required size: user_attributes has them alone */
__kernel __attribute__((work_group_size_hint(32, 2, 1), vec_type_hint(float2)))
void bytes_shorts(__global const char *c, __global const uchar *uc, __global const short *s,
                           __global const ushort *us, __global char *oc, __global short *os,
                           __global int *oi)
{
    int i = get_global_id(0);
    oi[8 * i] = c[i];
    oi[8 * i + 1] = uc[i];
    oi[8 * i + 2] = s[i];
    oi[8 * i + 3] = us[i];
    oi[8 * i + 4] = as_int(1.0f); /* the load's mask .10_w: x = 1.0, y = 0.0 */
    oi[8 * i + 5] = 0;
    oi[8 * i + 6] = 3;            /* z kept */
    oi[8 * i + 7] = us[i];
    oc[i] = (char)(c[i] + 1);
    os[i] = (short)(s[i] * 3);
}
