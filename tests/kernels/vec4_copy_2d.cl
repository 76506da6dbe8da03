/* OpenCL C twin of vec4_copy_2d.il (2-D launch).
 * idx = get_global_id(1) * get_global_size(0) + get_global_id(0)
 * odd  x: dst[idx] = (v.x + bias, v.y + bias, v.z + bias, 0); pairs[idx] = p.yx
 * even x: dst[idx] = v.wzyx;                                   pairs[idx] = p + v.xy
 * where v = src[idx] (uint4) and p = pairs[idx] (uint2, read before written). */
__kernel void vec4_copy_2d(__global const uint4 *src, __global uint4 *dst,
                           __global uint2 *pairs, uint bias)
{
    uint x = get_global_id(0);
    uint y = get_global_id(1);
    uint idx = y * get_global_size(0) + x;
    uint4 v = src[idx];
    uint2 p = pairs[idx];
    if (x & 1u) {
        dst[idx] = (uint4)(v.xyz + bias, 0u);
        pairs[idx] = p.yx;
    } else {
        dst[idx] = v.wzyx;
        pairs[idx] = p + v.xy;
    }
}
