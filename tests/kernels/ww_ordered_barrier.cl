/* ww_ordered_barrier.cl - OpenCL C twin of ww_ordered_barrier.il */
__kernel void ww_ordered_barrier(__global int *out)
{
	int l = get_local_id(0), g = get_global_id(0), n = get_local_size(0);
	out[g] = 1;
	barrier(CLK_GLOBAL_MEM_FENCE);
	out[g - l + (l + 1) % n] = g;
}
