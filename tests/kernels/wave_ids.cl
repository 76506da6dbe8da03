/* OpenCL C twin of wave_ids.il, from AMD's packing of a group into
 * wavefronts: W = 64 work-items in flat local id order (x fastest); this
 * one-unit device's compute unit is 0; poisonv (undefined) writes its
 * source, 1. */
__kernel __attribute__((reqd_work_group_size(16, 8, 1)))
void wave_ids(__global uint4 *out)
{
	uint f = (uint)(get_local_id(1) * 16 + get_local_id(0));
	size_t g = get_global_id(1) * get_global_size(0) + get_global_id(0);
	out[g] = (uint4)(f % 64, f / 64, 0, 1);
}
