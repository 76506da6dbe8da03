__kernel void private_array(__global int *out, __global const int *idx)
{
    int a[64];
    size_t i = get_global_id(0);
    for (int k = 0; k < 64; k++)
        a[k] = k * (int)i;
    out[i] = a[idx[i] & 63];
}
