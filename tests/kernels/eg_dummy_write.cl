/* src is not const: metadata 2:0:74 carries no const qualifier (no
 * ;constarg, no access field), so the translator reports readwrite. */
__kernel void eg_dummy_write(__global uint *src, __global uint *dst, uint k)
{
    size_t i = get_global_id(0);
    dst[i] = src[i] + k;
}
