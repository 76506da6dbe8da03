__kernel void b14_x0_slots(__global const int *in, __global int *out, uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        out[i] = in[i] * 2 + (int)get_group_id(0);
}
