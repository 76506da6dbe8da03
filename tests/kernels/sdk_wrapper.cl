/* OpenCL C twin of sdk_wrapper.il: a __constant float4 table, a __local
 * exchange with the next work-item of the group. */
__constant float4 table[16] = {
    (float4)(1.0f, 2.0f, 3.0f, 4.0f),
    (float4)(0.5f, -1.0f, -2.0f, 10.0f),
    (float4)(100.0f, 0.0f, -0.0f, 0.25f),
    (float4)(5.0f, 6.0f, 7.0f, 8.0f),
    (float4)(9.0f, 11.0f, 12.0f, 13.0f),
    (float4)(14.0f, 15.0f, 16.0f, 17.0f),
    (float4)(18.0f, 19.0f, 20.0f, 21.0f),
    (float4)(22.0f, 23.0f, 24.0f, 25.0f),
    (float4)(26.0f, 27.0f, 28.0f, 29.0f),
    (float4)(30.0f, 31.0f, 32.0f, 33.0f),
    (float4)(34.0f, 35.0f, 36.0f, 37.0f),
    (float4)(38.0f, 39.0f, 40.0f, 41.0f),
    (float4)(42.0f, 43.0f, 44.0f, 45.0f),
    (float4)(46.0f, 47.0f, 48.0f, 49.0f),
    (float4)(50.0f, 51.0f, 52.0f, 53.0f),
    (float4)(54.0f, 55.0f, 56.0f, 57.0f)};

__kernel void sdk_wrapper(__global float4 *out, __global const uint *idx)
{
    __local float4 tmp[64];
    uint g = get_global_id(0), l = get_local_id(0);
    tmp[l] = table[idx[g] & 15];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[g] = tmp[(l + 1) % get_local_size(0)] + (float)g;
}
