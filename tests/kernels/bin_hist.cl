/* OpenCL C twin of bin_hist.il: a 256-bin histogram per work-item in a
 * __local uchar buffer (256 bytes a work-item), counted from 256 data words
 * a work-item, then merged into one histogram per group, the shape of AMD
 * APP SDK's Histogram sample.  Only a launch with that much __local memory
 * and data, and data below 256, is defined: --conform finds it among its
 * launch variants. */
__kernel void bin_hist(__global const uint *data, __local uchar *shared, __global uint *bins)
{
    size_t l = get_local_id(0);
    size_t grp = get_group_id(0);
    size_t n = get_local_size(0);
    for (int i = 0; i < 256; ++i)
        shared[l * 256 + i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < 256; ++i) {
        uint v = data[grp * n * 256 + i * n + l];
        shared[l * 256 + v]++;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < 256 / n; ++i) {
        uint c = 0;
        for (int j = 0; j < n; ++j)
            c += shared[j * 256 + i * n + l];
        bins[grp * 256 + i * n + l] = c;
    }
}
