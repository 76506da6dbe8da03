__constant int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};

void store_entry(__global int *out, size_t i)
{
    out[i] = table[i & 7];
}

__kernel void multi_kernel_a(__global int *out)
{
    store_entry(out, get_global_id(0));
}

__kernel void multi_kernel_b(__global int *out)
{
    store_entry(out, get_global_id(0));
}
