/* OpenCL C twin of image_kinds.il (1-D launch): every image dimension, read
 * through a kernel-defined sampler (unnormalized, clamp, nearest) or without
 * a sampler (image1d_buffer_t), written, and queried.
 * pocl-known: undefined symbol: _Z27_cl_get_image_channel_order21ocl_image1d_buffer_ro | pocl 3.1's kernel library lacks get_image_channel_order() of a read-only image1d_buffer_t (declared, not defined: the kernel does not link and pocl aborts) */
#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable
__kernel void image_kinds(__read_only image1d_t a, __read_only image1d_array_t b,
                          __read_only image2d_array_t c, __read_only image3d_t d,
                          __read_only image1d_buffer_t e, __write_only image1d_array_t f,
                          __write_only image2d_array_t g, __write_only image3d_t h,
                          __write_only image1d_buffer_t i, __global int *o)
{
    const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    int x = get_global_id(0);
    float4 v = read_imagef(a, s, (float)x) + read_imagef(b, s, (float2)(x, 1)) +
               read_imagef(c, s, (float4)(x, 1, 2, 0)) + read_imagef(d, s, (float4)(x, 1, 2, 0)) +
               read_imagef(e, x);
    write_imagef(f, (int2)(x, 3), v);
    write_imagef(g, (int4)(x, 3, 4, 0), v);
    write_imagef(h, (int4)(x, 3, 4, 0), v);
    write_imagef(i, x, v);
    o[x] = get_image_depth(d) + get_image_array_size(c) + get_image_array_size(b) +
           get_image_channel_data_type(a) + get_image_channel_order(e);
}
