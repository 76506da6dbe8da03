/* OpenCL C twin of image_rw.il (2-D launch): a read_write image, each
 * work-item reading its own texel (uav_load) and writing it back swapped,
 * xor-ed and negated, -(-32768) saturating in a 16-bit format.  OpenCL C
 * 1.2 has no read_write images: this twin is built as OpenCL C 3.0. */
__kernel void image_rw(__read_write image2d_t im, __global int *out)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    int4 a = read_imagei(im, p);
    write_imagei(im, p, (int4)(a.y, a.x, a.w ^ 1, -a.z));
    out[p.y * get_global_size(0) + p.x] = a.x + a.y;
}
