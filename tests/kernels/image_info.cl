/* OpenCL C twin of image_info.il (1-D launch): resinfo's results from the
 * image queries - one mip level, so level 0 gives the sizes and any other
 * 0 0 0; w is the level count, 1. */
__kernel void image_info(__read_only image2d_t a2, __read_only image3d_t a3,
                         __read_only image1d_array_t a1a, __read_only image2d_array_t a2a,
                         __global float4 *o0, __global uint4 *o1, __global float4 *o2,
                         __global uint4 *o3, __global uint4 *o4)
{
    int i = get_global_id(0);
    int z = (i & 3) - 1 == 0; /* level 0 */
    o0[i] = z ? (float4)(get_image_width(a2), get_image_height(a2), 0.0f, 1.0f) : (float4)(0.0f, 0.0f, 0.0f, 1.0f);
    o1[i] = z ? (uint4)(get_image_width(a3), get_image_height(a3), get_image_depth(a3), 1) : (uint4)(0, 0, 0, 1);
    o2[i] = z ? (float4)(get_image_width(a1a), get_image_array_size(a1a), 0.0f, 1.0f) : (float4)(0.0f, 0.0f, 0.0f, 1.0f);
    o3[i] = z ? (uint4)(get_image_width(a2a), get_image_height(a2a), get_image_array_size(a2a), 1) : (uint4)(0, 0, 0, 1);
    o4[i] = (uint4)(z ? get_image_width(a3) : 0, 8, z ? get_image_depth(a3) : 0, 0);
}
