__constant int primes[8] = {2, 3, 5, 7, 11, 13, 17, 19};
__constant int edges[4] = {0, -1, (int)0x80000000, 0x7fffffff};

__kernel void eg_const_table(__global int *out, __constant int *coef)
{
    int g = (int)get_global_id(0);
    out[g] = (primes[g & 7] * coef[g & 3]) ^ edges[(g >> 1) & 3];
}
