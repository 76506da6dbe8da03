__kernel void indexed_temp(__global int *out, __global const int *idx)
{
    int a[16];
    size_t i = get_global_id(0);
    for (int k = 0; k < 16; k++)
        a[k] = k * (int)i;
    out[i] = a[idx[i] & 15];
}
