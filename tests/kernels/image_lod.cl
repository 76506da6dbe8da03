/* OpenCL C twin of image_lod.il (1-D launch).  The IL reads with sample_l,
 * sample_b and sample_g; an OpenCL image has one mip level, so each reads
 * level 0 with the sampler's one filter: read_imagef. */
__kernel void image_lod(__read_only image2d_t img, __global float4 *o0, __global float4 *o1,
                        __global float4 *o2, __global float4 *o3)
{
    const sampler_t el = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE | CLK_FILTER_LINEAR;
    const sampler_t cn = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    const sampler_t rl = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT | CLK_FILTER_LINEAR;
    const sampler_t mn = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_MIRRORED_REPEAT | CLK_FILTER_NEAREST;
    int i = get_global_id(0);
    float x = (float)i * 1.25f - 3.0f;
    float2 u = (float2)(x, x * 0.25f - 1.0f);
    float2 n = u * 0.0625f;
    o0[i] = read_imagef(img, el, u);
    o1[i] = read_imagef(img, cn, u);
    o2[i] = read_imagef(img, rl, n);
    o3[i] = read_imagef(img, mn, n);
}
