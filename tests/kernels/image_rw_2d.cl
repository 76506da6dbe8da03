/* OpenCL C twin of image_rw_2d.il (2-D launch): a read-only image read
 * through a sampler argument with float and int coordinates, a write-only
 * image write, and the image queries the AMD compiler reads from cb1. */
__kernel void image_rw_2d(__read_only image2d_t src, sampler_t smp,
                          __write_only image2d_t dst, __global int *info)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    float4 a = read_imagef(src, smp, convert_float2(p) + 0.5f);
    float4 b = read_imagef(src, smp, p);
    write_imagef(dst, p, a + b);
    info[0] = get_image_width(src);
    info[1] = get_image_height(dst);
    info[2] = get_image_channel_data_type(src);
    info[3] = get_image_channel_order(dst);
}
