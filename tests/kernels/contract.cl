// contract.cl - the OpenCL C twin of contract.il (AMD-APP 2.5 layout):
// x * x - y with y = x * x rounded, which a compiler may contract into a
// fused multiply-add (OpenCL C's default FP_CONTRACT ON) or not.
__kernel void contract(__global float *out)
{
	size_t i = get_global_id(0);
	float x = 1.0f + (float)i * 0x1p-12f;
	float y = x * x;
	out[i] = x * x - y;
}
