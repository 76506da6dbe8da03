/* args_by_value.cl - OpenCL C twin of args_by_value.il: work-item 0 writes
 * every argument in AMD's cb1 layout (one uint4 per 16-byte slot, 8/16-bit
 * vectors four elements per slot, padding zero). */
typedef struct { int a; float b; int c; int d; long e; } S; /* 24 bytes, no padding */
__kernel void args_by_value(__global uint4 *out, char c, uchar uc, short s, ushort us, int i, uint u, long l, ulong ul, float f, char2 c2, char3 c3, char4 c4, char8 c8, char16 c16, short8 s8, float3 f3, float8 f8, int16 i16, S st)
{
    if (get_global_id(0) != 0)
        return;
    out[0] = (uint4)((uint)(uchar)c, 0, 0, 0);
    out[1] = (uint4)((uint)(uchar)uc, 0, 0, 0);
    out[2] = (uint4)((uint)(ushort)s, 0, 0, 0);
    out[3] = (uint4)((uint)(ushort)us, 0, 0, 0);
    out[4] = (uint4)((uint)i, 0, 0, 0);
    out[5] = (uint4)((uint)u, 0, 0, 0);
    out[6] = (uint4)((uint)l, (uint)((ulong)l >> 32), 0, 0);
    out[7] = (uint4)((uint)ul, (uint)((ulong)ul >> 32), 0, 0);
    out[8] = (uint4)(as_uint(f), 0, 0, 0);
    out[9] = (uint4)((uint)as_ushort(c2), 0, 0, 0);
    out[10] = (uint4)(as_uint((char4)(c3.x, c3.y, c3.z, 0)), 0, 0, 0);
    out[11] = (uint4)(as_uint(c4), 0, 0, 0);
    out[12] = (uint4)(as_uint(c8.s0123), 0, 0, 0);
    out[13] = (uint4)(as_uint(c8.s4567), 0, 0, 0);
    out[14] = (uint4)(as_uint(c16.s0123), 0, 0, 0);
    out[15] = (uint4)(as_uint(c16.s4567), 0, 0, 0);
    out[16] = (uint4)(as_uint(c16.s89ab), 0, 0, 0);
    out[17] = (uint4)(as_uint(c16.scdef), 0, 0, 0);
    out[18] = (uint4)(as_uint2(s8.s0123), 0, 0);
    out[19] = (uint4)(as_uint2(s8.s4567), 0, 0);
    out[20] = as_uint4((float4)(f3, 0.0f));
    out[21] = as_uint4(f8.lo);
    out[22] = as_uint4(f8.hi);
    out[23] = as_uint4(i16.s0123);
    out[24] = as_uint4(i16.s4567);
    out[25] = as_uint4(i16.s89ab);
    out[26] = as_uint4(i16.scdef);
    out[27] = (uint4)(as_uint(st.a), as_uint(st.b), as_uint(st.c), as_uint(st.d));
    out[28] = (uint4)((uint)st.e, (uint)((ulong)st.e >> 32), 0, 0);
}
