// tablesum.cl - the OpenCL C twin of tablesum.tok / tablesum.il: a
// __constant table, which AMD-APP 2.5 puts in constant buffer 2 (the
// binary's __OpenCL_2_global), read at i & 3 and subtracted.
__constant uint table[4] = {7u, 0xffffffffu, 0x80000000u, 1u};

__kernel void tablesum(__global const uint *in, __global uint *out)
{
	size_t i = get_global_id(0);
	out[i] = in[i] - table[i & 3];
}
