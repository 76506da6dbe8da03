__constant float4 tbl[2] = {(float4)(1.0f, 2.0f, 3.0f, 4.0f), (float4)(5.0f, 6.0f, 7.0f, 8.0f)};

__kernel void data_cb_segment(__global float4 *out)
{
    size_t i = get_global_id(0);
    out[i] = tbl[i & 1];
}
