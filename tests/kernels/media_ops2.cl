/* OpenCL C twin of media_ops2.il (1-D launch, i = get_global_id(0)), written
 * from the cl_amd_media_ops / cl_amd_media_ops2 definitions: amd_msad,
 * amd_sadw, amd_sadd (|a - b| as an unsigned absolute difference), amd_lerp,
 * amd_sad4, amd_pack (of amd_unpackN values: exact), amd_qsad / amd_mqsad (four 16-bit sums over the byte windows
 * 0..3, 1..4, 2..5, 3..6 of a 64-bit value, each plus a 16-bit accumulator
 * and kept to 16 bits), and the four-dword masked form (mqsad_u32_u8: the
 * same windows, 32-bit accumulators).  (x:y) below is x low, y high. */
__constant uint T[16] = {
    0x00000000u, 0xFFFFFFFFu, 0x01020304u, 0x80FF007Fu, 0x00FF00FFu, 0xFF00FF00u, 0x12345678u,
    0xFEDCBA98u, 0x7FFFFFFFu, 0x80000000u, 0x0000FFFFu, 0xFFFF0001u, 0x10203040u, 0x00010000u,
    0xA5A55A5Au, 0x000000FFu};

static uint ad(uint x, uint y) { return x > y ? x - y : y - x; }
static uint sadb(uint a, uint b, int masked)
{
    uint s = 0, k;
    for (k = 0; k < 32; k += 8) {
        uint x = a >> k & 255u, y = b >> k & 255u;
        if (!masked || y != 0u) s += ad(x, y);
    }
    return s;
}
static uint msad(uint a, uint b, uint c) { return c + sadb(a, b, 1); }
static uint lerp(uint a, uint b, uint c)
{
    uint r = 0, k;
    for (k = 0; k < 32; k += 8)
        r |= (((a >> k & 255u) + (b >> k & 255u) + (c >> k & 1u)) >> 1) << k;
    return r;
}
/* amd_qsad / amd_mqsad on (lo:hi), b, accumulators (clo:chi) */
static ulong qsad(uint lo, uint hi, uint b, uint clo, uint chi, int masked)
{
    ulong src = (ulong)hi << 32 | lo, acc = (ulong)chi << 32 | clo, r = 0;
    uint k;
    for (k = 0; k < 4; k++) {
        uint s = sadb((uint)(src >> 8 * k), b, masked) + (uint)(acc >> 16 * k & 0xFFFFu);
        r |= (ulong)(s & 0xFFFFu) << 16 * k;
    }
    return r;
}
static uint win(uint lo, uint hi, uint k) { return (uint)(((ulong)hi << 32 | lo) >> 8 * k); }

__kernel void media_ops2(__global uint *o0)
{
    uint i = get_global_id(0);
    uint a = T[i & 15], b = T[(i >> 4) & 15], c = T[(7 * i + 3) & 15], d = T[(5 * i + 1) & 15];
    __global uint *p = o0 + 16 * i;
    ulong q;
    uint k;
    p[0] = msad(a, b, c);
    p[1] = c + ad(a & 0xFFFFu, b & 0xFFFFu) + ad(a >> 16, b >> 16);
    p[2] = c + ad(a, b);
    p[3] = lerp(a, b, c);
    p[4] = d + sadb(a, b, 0) + sadb(b, c, 0) + sadb(c, d, 0) + sadb(d, a, 0);
    p[5] = msad(a, d, c);
    p[6] = msad(d, a, c);
    p[7] = (a & 0xFFu) | (b & 0xFF00u) | (c & 0xFF0000u) | (d & 0xFF000000u); /* amd_pack of the unpacked bytes */
    q = qsad(b, a, c, d, d, 0);
    p[8] = (uint)q;
    p[9] = (uint)(q >> 32);
    q = qsad(c, d, a, a, b, 1);
    p[10] = (uint)q;
    p[11] = (uint)(q >> 32);
    for (k = 0; k < 4; k++)
        p[12 + k] = msad(win(b, a, k), c, k == 0 ? d : k == 1 ? c : k == 2 ? b : a);
    p[12] = msad(win(d, c, 0), b, a);
    p[14] = msad(win(d, c, 2), b, c);
}
