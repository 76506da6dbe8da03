/* OpenCL C twin of scatter_rank.il: the shape of AMD APP SDK's RadixSort
 * permute kernel.  Each work-item copies its 256 bucket start positions
 * into a __local ushort row, then moves 256 keys to the position their
 * bucket gives, advancing the bucket.  Only inputs whose positions never
 * meet (a real prefix scan, or data that is its own index with shift 0)
 * define the result: --conform finds such a launch among its variants. */
__kernel void scatter_rank(__global const uint *keys, __global const uint *starts, uint shift,
                           __local ushort *slots, __global uint *out)
{
    size_t g = get_global_id(0), l = get_local_id(0);
    size_t grp = get_group_id(0), n = get_local_size(0);
    for (int i = 0; i < 256; ++i)
        slots[l * 256 + i] = (ushort)starts[grp * 256 * n + l * 256 + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = 0; i < 256; ++i) {
        uint k = keys[g * 256 + i];
        uint b = (k >> shift) & 0xFFu;
        uint pos = slots[l * 256 + b];
        out[pos] = k;
        slots[l * 256 + b] = (ushort)(pos + 1u);
    }
}
