/* OpenCL C twin of arg_info.il: what a host learns of a kernel without its
 * source - kernel attributes (reqd_work_group_size, work_group_size_hint,
 * vec_type_hint) and per argument the address space, the type qualifiers
 * restrict / const / volatile, a __constant pointer and a vector by value. */
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
__attribute__((work_group_size_hint(16, 1, 1)))
__attribute__((vec_type_hint(float4)))
void arg_info(__global const float4 *restrict a, __global volatile int *b,
              __constant float4 *c, __global uint2 *out, int4 v)
{
    size_t i = get_global_id(0);
    out[i] = (uint2)(as_uint(a[i].y) + (uint)b[i], as_uint(c[i & 3].z) ^ (uint)v.y);
}
