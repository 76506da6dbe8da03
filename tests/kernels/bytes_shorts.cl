/* OpenCL C twin of bytes_shorts.il. */
__kernel void bytes_shorts(__global const char *c, __global const uchar *uc, __global const short *s,
                           __global const ushort *us, __global char *oc, __global short *os,
                           __global int *oi)
{
    int i = get_global_id(0);
    oi[4 * i] = c[i];
    oi[4 * i + 1] = uc[i];
    oi[4 * i + 2] = s[i];
    oi[4 * i + 3] = us[i];
    oc[i] = (char)(c[i] + 1);
    os[i] = (short)(s[i] * 3);
}
