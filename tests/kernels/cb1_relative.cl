/* OpenCL C twin of cb1_relative.il: work-item i picks k = i % 5, the k-th
 * of the four int4 quarters of v (k < 4) or w (k = 4), and writes it and
 * its reverse. */
__kernel void cb1_relative(__global int4 *out, int16 v, int4 w)
{
    size_t i = get_global_id(0);
    uint k = (uint)i % 5u;
    int4 s = k == 0 ? v.s0123 : k == 1 ? v.s4567 : k == 2 ? v.s89ab : k == 3 ? v.scdef : w;
    out[2 * i] = s;
    out[2 * i + 1] = s.wzyx;
}
