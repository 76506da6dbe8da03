/* OpenCL C twin of cvt_range.il: float-to-integer casts whose operands the
 * generated launch puts out of range (negative floats to uint, |x| * 3e7
 * beyond int).  OpenCL C 1.2 section 6.2.3.3 leaves such a cast's result
 * implementation-defined; AMD's ftou/ftoi saturate, so pocl is not compared
 * after one, while AMD == Level Zero still is.  u holds (uint)x, i holds
 * (int)(x * 3e7), both per work-item. */
__kernel void cvt_range(__global const float *x, __global uint *u, __global int *i)
{
    size_t g = get_global_id(0);
    float v = x[g];
    u[g] = (uint)v;
    i[g] = (int)(v * 3.0e7f);
}
