__kernel void constant_table(__global float4 *out, __constant float4 *tbl)
{
    size_t i = get_global_id(0);
    out[i] = tbl[i];
}
