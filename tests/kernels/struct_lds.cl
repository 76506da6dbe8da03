/* OpenCL C twin of struct_lds.il: structured LDS (elements of 12 and 20
 * bytes) as flat local arrays indexed element * dwords-per-element +
 * dword offset, the address the IL computes.  Local size 64 (1-D). */
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void struct_lds(__global const uint *in, __global uint *out)
{
    __local uint s1[64 * 3];
    __local uint s2[16 * 5];
    uint l = get_local_id(0);
    uint x = in[get_global_id(0)];
    s1[l * 3] = x;
    s1[l * 3 + 1] = ~x;
    s1[l * 3 + 2] = l;
    if (l < 16) {
        s2[l * 5] = x;
        s2[l * 5 + 1] = 0;
        s2[l * 5 + 2] = 0xFFFFFFFFu;
        s2[l * 5 + 3] = x ^ 0x80000000u;
        s2[l * 5 + 4] = l * 3;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint m = 63 - l, k = l & 15;
    uint g = get_global_id(0);
    out[4 * g] = s1[m * 3 + 1] ^ s2[k * 5 + 1];
    out[4 * g + 1] = s1[m * 3 + 2];
    out[4 * g + 2] = s2[k * 5 + 2] + s2[k * 5 + 3];
    out[4 * g + 3] = s2[k * 5 + 4];
}
