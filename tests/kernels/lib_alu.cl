/* OpenCL C twin of lib_alu.il, written from what each macro of AMD's macro
 * library computes (docs/libmacro.md; the operations' rules: amdil.md 4 and
 * the cl_amd_media_ops definitions of amd_bitalign, amd_bytealign, amd_sad,
 * amd_sadhi, amd_lerp, amd_unpackN).  A macro's result is its first input
 * with the member's components (_1 x .. _4 xyzw) replaced.  The float
 * operands are multiples of 1/8 with at most 11 significant bits, so every
 * product and sum here is exact (no NaN, denormal or rounding question). */
#pragma OPENCL FP_CONTRACT OFF

static uint bitalign(uint a, uint b, uint s) { return (uint)((((ulong)a << 32) | b) >> (s & 31u)); }
static uint bytealign(uint a, uint b, uint s) { return (uint)((((ulong)a << 32) | b) >> (8u * (s & 3u))); }
static uint sadsum(uint a, uint b)
{
    uint s = 0, k;
    for (k = 0; k < 32; k += 8) {
        int d = (int)(a >> k & 255u) - (int)(b >> k & 255u);
        s += (uint)(d < 0 ? -d : d);
    }
    return s;
}
static uint lerp4(uint a, uint b, uint c)
{
    uint r = 0, k;
    for (k = 0; k < 32; k += 8)
        r |= (((a >> k & 255u) + (b >> k & 255u) + (c >> k & 1u)) >> 1) << k;
    return r;
}
static uint ffbhi(uint x) { return x ? (uint)clz(x) : 0xFFFFFFFFu; }
static uint ffblo(uint x)
{
    uint n = 0;
    if (!x) return 0xFFFFFFFFu;
    while (!(x >> n & 1u)) n++;
    return n;
}
static uint umulhi(uint a, uint b) { return (uint)(((ulong)a * b) >> 32); }
static uint imulhi(uint a, uint b) { return (uint)((ulong)((long)(int)a * (long)(int)b) >> 32); }
static uint u24(uint a) { return a & 0xFFFFFFu; }
static uint fb(float f) { return as_uint(f); }

/* slot v of work-item i: o[v / 4][4i + v % 4] */
static void put(__global uint *o, uint i, uint v, uint x, uint y, uint z, uint w)
{
    __global uint *p = o + 16 * i + 4 * (v % 4);
    p[0] = x; p[1] = y; p[2] = z; p[3] = w;
}

__kernel void lib_alu(__global const int *in, __global uint *o0, __global uint *o1,
                      __global uint *o2, __global uint *o3, __global uint *o4,
                      __global uint *o5, __global uint *o6, __global uint *o7)
{
    uint i = get_global_id(0);
    uint a = (uint)in[3 * i], b = (uint)in[3 * i + 1], c = (uint)in[3 * i + 2];
    uint d = a * 7u + b;
    uint A[4] = {a, b, c, d}, B[4] = {b, c, d, a}, C[4] = {c, d, a, b};
    uint E[4] = {a & 3u, b & 3u, c & 3u, d & 3u};
    uint F[4] = {a & 0xFF0u, 0u, c, d & 0x7FFF0000u};
    float FA[4], FB[4], FC[4];
    uint r[4], k;
    for (k = 0; k < 4; k++)
        FA[k] = (float)((int)A[k] >> 6) * 0.125f;
    for (k = 0; k < 4; k++) {
        FB[k] = FA[(k + 1) % 4];
        FC[k] = FA[(k + 2) % 4];
    }
#define SLOT(o, v, n, expr) \
    for (k = 0; k < 4; k++) r[k] = k < (n) ? (expr) : A[k]; \
    put(o, i, v, r[0], r[1], r[2], r[3]);
#define FSLOT(o, v, n, expr) \
    for (k = 0; k < 4; k++) r[k] = k < (n) ? (expr) : fb(FA[k]); \
    put(o, i, v, r[0], r[1], r[2], r[3]);
    /* 8 __amdil_bitalign_1, 15 __amdil_bytealign_4, 17 __amdil_cmovl_2 (E, A, B), 62 __amdil_imad_4 */
    SLOT(o0, 0, 1, bitalign(A[k], B[k], C[k]))
    SLOT(o0, 1, 4, bytealign(A[k], B[k], C[k]))
    for (k = 0; k < 4; k++) r[k] = k < 2 ? (E[k] ? A[k] : B[k]) : E[k];
    put(o0, i, 2, r[0], r[1], r[2], r[3]);
    SLOT(o0, 3, 4, A[k] * B[k] + C[k])
    /* 65 __amdil_imax_3, 68 __amdil_imin_2, 77 __amdil_imul_high_4, 124 __amdil_sadhi_4 */
    SLOT(o1, 4, 3, (uint)max((int)A[k], (int)B[k]))
    SLOT(o1, 5, 2, (uint)min((int)A[k], (int)B[k]))
    SLOT(o1, 6, 4, imulhi(A[k], B[k]))
    SLOT(o1, 7, 4, (sadsum(A[k], B[k]) << 16) + C[k])
    /* 128 __amdil_sad_4, 136 __amdil_u4lerp_4, 140 __amdil_umad24_4, 144 __amdil_umad_4 */
    SLOT(o2, 8, 4, sadsum(A[k], B[k]) + C[k])
    SLOT(o2, 9, 4, lerp4(A[k], B[k], C[k]))
    SLOT(o2, 10, 4, u24(A[k]) * u24(B[k]) + C[k])
    SLOT(o2, 11, 4, A[k] * B[k] + C[k])
    /* 146 __amdil_umax_2, 151 __amdil_umin_3, 156 __amdil_umul24_4, 160 __amdil_umul_high_4 */
    SLOT(o3, 12, 2, max(A[k], B[k]))
    SLOT(o3, 13, 3, min(A[k], B[k]))
    SLOT(o3, 14, 4, u24(A[k]) * u24(B[k]))
    SLOT(o3, 15, 4, umulhi(A[k], B[k]))
    /* 37 __amdil_ffb_hi_4 (F), 41 __amdil_ffb_lo_4 (F), 164 __amdil_unpack0_4, 175 __amdil_unpack3_3 */
    for (k = 0; k < 4; k++) r[k] = ffbhi(F[k]);
    put(o4, i, 16, r[0], r[1], r[2], r[3]);
    for (k = 0; k < 4; k++) r[k] = ffblo(F[k]);
    put(o4, i, 17, r[0], r[1], r[2], r[3]);
    SLOT(o4, 18, 4, fb((float)(A[k] & 255u)))
    SLOT(o4, 19, 3, fb((float)(A[k] >> 24)))
    /* 33 __amdil_fabs_4, 103 __amdil_round_nearest_4, 107 __amdil_round_neginf_4,
     * 110 __amdil_round_plusinf_3 */
    FSLOT(o5, 20, 4, fb(fabs(FA[k])))
    FSLOT(o5, 21, 4, fb(rint(FA[k])))
    FSLOT(o5, 22, 4, fb(floor(FA[k])))
    FSLOT(o5, 23, 3, fb(ceil(FA[k])))
    /* 113 __amdil_round_z_2, 87 __amdil_mad_ieee_4, 91 __amdil_max_ieee_4, 94 __amdil_min_ieee_3 */
    FSLOT(o6, 24, 2, fb(trunc(FA[k])))
    FSLOT(o6, 25, 4, fb(FA[k] * FB[k] + FC[k]))
    FSLOT(o6, 26, 4, fb(fmax(FA[k], FB[k])))
    FSLOT(o6, 27, 3, fb(fmin(FA[k], FB[k])))
    /* 53 __amdil_float_to_int_flr_v4f32 */
    FSLOT(o7, 28, 4, (uint)(int)floor(FA[k]))
    /* (249 __hwfma_f32, 477 __udiv_i32, 498 __umod_i32, the .y that 477 passes through) */
    put(o7, i, 29, fb(fma(FA[0], FB[0], FC[0])), A[0] / (B[0] | 1u), A[0] % (B[0] | 1u), A[1]);
    /* (187 __ceil_f32, 222 __floor_f32, 457 __trunc_f32, 288 __mad_f32) */
    put(o7, i, 30, fb(ceil(FA[0])), fb(floor(FB[0])), fb(trunc(FC[0])), fb(FA[0] * FB[0] + FC[0]));
    /* 11 __amdil_bitalign_4 */
    SLOT(o7, 31, 4, bitalign(A[k], B[k], C[k]))
}
