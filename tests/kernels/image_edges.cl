/* OpenCL C twin of image_edges.il (1-D launch): read_imagef through five
 * kernel-defined samplers at coordinates on texel edges and centres, below
 * zero and past the image's end: clamp + nearest and clamp + linear
 * (border colour), clamp-to-edge + linear (unnormalized), repeat + linear
 * and mirrored repeat + nearest (normalized). */
__kernel void image_edges(__read_only image2d_t img, __global float4 *o0, __global float4 *o1,
                          __global float4 *o2, __global float4 *o3, __global float4 *o4)
{
    const sampler_t cn = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    const sampler_t cl = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_LINEAR;
    const sampler_t rl = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
    const sampler_t mn = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
    const sampler_t el = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
    int i = get_global_id(0);
    float x = (float)i * 1.25f - 3.0f;
    float2 u = (float2)(x, x * 0.25f - 1.0f);
    float2 n = u * 0.0625f;
    o0[i] = read_imagef(img, cn, u);
    o1[i] = read_imagef(img, cl, u);
    o2[i] = read_imagef(img, rl, n);
    o3[i] = read_imagef(img, mn, n);
    o4[i] = read_imagef(img, el, u);
}
