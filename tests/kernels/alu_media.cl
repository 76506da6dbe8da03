/* OpenCL C twin of alu_media.il, written from the rules (amdil.md 4, the
 * cl_amd_media_ops definitions of amd_sad / amd_sadhi / amd_unpackN), not
 * from either emulator: denormals flush on float inputs and results, NaN
 * results are 0x7FC00000, min/max give the non-NaN operand and order -0
 * below +0, the non-_ieee dot product multiplies with 0 * x = +0, f2f16
 * rounds to nearest even (half denormals kept). */
__constant uint T[16] = {
    0x00000000u, 0x80000000u, 0x3F800000u, 0xBFC00000u, 0x7F800000u, 0x7FC00000u,
    0x33800000u, 0x33000000u, 0x33C00000u, 0x477FF000u, 0x477FE000u, 0x00003C00u,
    0x12345678u, 0xFF80017Fu, 0x3F7FFFFFu, 0x40490FDBu};

static int is_nan(uint u) { return (u & 0x7fffffffu) > 0x7f800000u; }
static uint ftz(uint u) { return (u & 0x7f800000u) == 0 ? u & 0x80000000u : u; }
static float fin(uint u) { return as_float(ftz(u)); }
static uint fres(float f) { uint u = ftz(as_uint(f)); return is_nan(u) ? 0x7fc00000u : u; }
static uint add(uint a, uint b) { return fres(fin(a) + fin(b)); }
static uint mul_legacy(uint a, uint b)
{
    if (ftz(a) << 1 == 0 || ftz(b) << 1 == 0) return 0;
    return fres(fin(a) * fin(b));
}
static uint fmn(uint a, uint b)
{
    if (is_nan(a)) return fres(fin(b));
    if (is_nan(b)) return fres(fin(a));
    if (fin(a) == fin(b)) return ftz(a) >> 31 ? ftz(a) : ftz(b);
    return fin(a) < fin(b) ? ftz(a) : ftz(b);
}
static uint fmx(uint a, uint b)
{
    if (is_nan(a)) return fres(fin(b));
    if (is_nan(b)) return fres(fin(a));
    if (fin(a) == fin(b)) return ftz(a) >> 31 ? ftz(b) : ftz(a);
    return fin(a) > fin(b) ? ftz(a) : ftz(b);
}
static uint f2h(uint u)
{
    uint sign = u >> 16 & 0x8000u, m;
    float x = as_float(ftz(u) & 0x7fffffffu), y;
    int e = 0;
    if (is_nan(u)) return 0x7e00u;
    if (x >= 65520.0f) return sign | 0x7c00u;
    if (x < 6.103515625e-05f) return sign | (uint)rint(x * 16777216.0f);
    y = x;
    while (y >= 2.0f) { y *= 0.5f; e++; }
    while (y < 1.0f) { y *= 2.0f; e--; }
    m = (uint)rint(y * 1024.0f);
    if (m == 2048u) { m = 1024u; e++; }
    return sign | (uint)(e + 15) << 10 | (m - 1024u);
}
static uint h2f(uint h)
{
    uint sign = (h & 0x8000u) << 16, e = h >> 10 & 31u, m = h & 1023u;
    float v;
    int k;
    if (e == 31u) return m ? 0x7fc00000u : sign | 0x7f800000u;
    if (e == 0u) {
        v = (float)m * 5.9604644775390625e-08f;
    } else {
        v = (float)(m + 1024u);
        for (k = 25; k > (int)e; k--) v *= 0.5f;
        for (k = 25; k < (int)e; k++) v *= 2.0f;
    }
    return sign | as_uint(v);
}
static uint sad(uint a, uint b)
{
    uint s = 0, k;
    for (k = 0; k < 4; k++) {
        int d = (int)(a >> 8 * k & 255u) - (int)(b >> 8 * k & 255u);
        s += (uint)(d < 0 ? -d : d);
    }
    return s;
}

__kernel void alu_media(__global uint *o0)
{
    uint i = get_global_id(0);
    uint a = T[i & 15], b = T[(i >> 4) & 15], c = T[(7 * i + 3) & 15];
    __global uint *p = o0 + 16 * i;
    float x = fin(a);
    p[0] = fmn(a, b);
    p[1] = fmx(a, b);
    p[2] = fmn(fmn(a, b), c);
    p[3] = fmx(fmx(a, b), c);
    p[4] = fmx(fmn(a, b), fmn(fmx(a, b), c));
    p[5] = fres(floor(x));
    p[6] = is_nan(a) ? 0u : x > 0.0f ? 0x3f800000u : x < 0.0f ? 0xbf800000u : 0u;
    p[7] = add(add(mul_legacy(a, c), mul_legacy(b, a)), b);
    p[8] = f2h(a);
    p[9] = h2f(a & 0xffffu);
    p[10] = as_uint((float)(a & 255u));
    p[11] = as_uint((float)(a >> 8 & 255u));
    p[12] = as_uint((float)(a >> 16 & 255u));
    p[13] = as_uint((float)(a >> 24));
    p[14] = sad(a, b) + c;
    p[15] = (sad(a, b) << 16) + c;
}
