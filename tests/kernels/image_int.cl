/* OpenCL C twin of image_int.il (2-D launch): integer and float reads
 * through kernel-defined samplers with normalized coordinates (repeat +
 * nearest, clamp-to-edge + linear), an integer write and get_image_dim. */
__kernel void image_int(__read_only image2d_t src, __read_only image2d_t fsrc,
                        __write_only image2d_t dst, __global int2 *dims)
{
    const sampler_t nr = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_NEAREST;
    const sampler_t lin = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float2 u = (convert_float2(p) + 0.5f) * (float2)(1.0f / get_image_width(src), 1.0f / get_image_height(src));
    int4 a = read_imagei(src, nr, u);
    float4 f = read_imagef(fsrc, lin, u);
    write_imagei(dst, p, a + convert_int4(f));
    dims[p.x] = get_image_dim(dst);
}
