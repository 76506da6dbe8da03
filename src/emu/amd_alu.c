/* amd_alu.c - AMD IL ALU semantics, one result component at a time, as
 * amdil.md section 4 states them (tags there):
 *
 *   integers   two's complement, shift counts masked to 5 bits, udiv/umod by
 *              zero give 0xFFFFFFFF [I, D3D11 rule], 24-bit multiplies on the
 *              low 24 bits (sign-extended for the i forms).
 *   floats     IEEE single with the host's round-to-nearest-even; mad and
 *              mad_ieee are a rounded multiply then a rounded add (amdil.md
 *              4.4: "not guaranteed fused - treat as mul then add"), fma is
 *              fused; plain mul/mad use the legacy rule 0 * x = 0 (also for
 *              x = Inf/NaN) [I]; min_ieee/max_ieee are IEEE minNum/maxNum
 *              (a NaN operand yields the other) [I]; eq/lt/ge/gt/le are
 *              ordered, ne unordered [V].
 *   denormals  single-precision denormals are flushed to a signed zero on
 *              the inputs and the result of every float arithmetic, compare
 *              and conversion instruction (amdil.md 4.11: flushed on
 *              Evergreen/NI and by default on SI [I]); mov, abs and the
 *              source modifiers are bit operations and keep them.
 *   NaN        a float result that is NaN is the default quiet NaN 0x7FC00000
 *              (payloads are undocumented on both sides).
 *   _sat       clamps a float result to [0, 1], NaN to 0 [I].
 *   convert    ftoi/ftou truncate, NaN -> 0, saturate (ftou: negatives -> 0)
 *              [I, D3D]; itof/utof round to nearest even.
 *   approx     div (fast a/b), *_vec transcendentals and sqrt are hardware
 *              approximations on AMD: computed here with host libm and
 *              flagged (EmuResult.approx) so that a comparer uses a
 *              tolerance.  _zeroop(z) gives the result for a zero divisor /
 *              rcp / rsq / log argument: infinity (IEEE), fltmax, zero [I].
 *   dot        dp2/dp3/dp4: rounded products summed from x, not fused,
 *              replicated to every written component; the non-_ieee forms
 *              multiply with the legacy 0 * x = 0 rule [I].
 *   64-bit     i64add ... u64ge (amdil.md 4.8) work on component pairs
 *              (x low, y high) and (z low, w high), two's complement with
 *              wrap-around; shift counts are the pair's low-component source
 *              value masked to 6 bits [I]; a compare writes its all-ones or
 *              zero mask to both dwords of the pair (the width is [U] in the
 *              docs; a 64-bit mask reads as -1/0 as a long, and its low dword
 *              as a 32-bit boolean).  i64div/u64div/i64mod/u64mod are refused.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "amdint.h"

static float F(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t U(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

float amd_ftz(float f)
{
	return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

float amd_fi(uint32_t u)
{
	return amd_ftz(F(u));
}

/* IEEE half bits of f, rounded to nearest even (f2f16) [I: the plain
 * form's rounding is not documented; GRVK takes nearest]. */
static uint32_t half_bits(float f)
{
	uint32_t u = U(f), sign = u >> 16 & 0x8000u, mag = u & 0x7fffffffu;
	int e;
	uint32_t m, r, half;
	if (mag > 0x7f800000u)
		return 0x7e00u; /* NaN: the default quiet NaN */
	if (mag >= 0x477ff000u)
		return sign | 0x7c00u; /* rounds to Inf (and Inf) */
	e = (int)(mag >> 23) - 127 + 15;
	m = (mag & 0x7fffffu) | 0x800000u;
	if (e <= 0) {
		/* a half denormal (or zero) */
		int sh = 14 - e; /* mantissa bits to drop */
		if (sh > 24)
			return sign;
		half = m >> sh;
		r = m & ((1u << sh) - 1);
		if (r > (1u << (sh - 1)) || (r == (1u << (sh - 1)) && (half & 1)))
			half++;
		return sign | half;
	}
	half = (uint32_t)e << 10 | (m >> 13 & 0x3ffu);
	r = m & 0x1fffu;
	if (r > 0x1000u || (r == 0x1000u && (half & 1)))
		half++;
	return sign | half;
}

static float half_value(uint32_t h)
{
	int e = (int)(h >> 10 & 0x1f);
	float m = (float)(h & 0x3ff), v;
	if (e == 31)
		v = (h & 0x3ff) ? NAN : INFINITY;
	else if (e == 0)
		v = ldexpf(m, -24);
	else
		v = ldexpf(m + 1024.0f, e - 25);
	return h & 0x8000u ? -v : v;
}

/* A float result: denormals flushed; a NaN is the default quiet NaN
 * 0x7FC00000 (neither AMD nor Intel documents which payload a NaN result
 * carries, so both emulated runtimes use this one). */
uint32_t amd_fo(float f)
{
	return isnan(f) ? 0x7fc00000u : U(amd_ftz(f));
}

int amd_alu_kind(int op)
{
	switch (op) {
	case OP_IADD: case OP_INEGATE: case OP_IMUL: case OP_UMUL: case OP_IMUL_HIGH:
	case OP_UMUL_HIGH: case OP_IMAD: case OP_UMAD: case OP_IMUL24: case OP_UMUL24:
	case OP_IMUL24_HIGH: case OP_UMUL24_HIGH: case OP_IMAD24: case OP_UMAD24: case OP_UDIV:
	case OP_UMOD: case OP_IMIN: case OP_IMAX: case OP_UMIN: case OP_UMAX: case OP_IMIN3:
	case OP_IMAX3: case OP_IMED3: case OP_UMIN3: case OP_UMAX3: case OP_UMED3: case OP_ICARRY:
	case OP_IBORROW: case OP_ISHL: case OP_ISHR: case OP_USHR: case OP_IAND: case OP_AND:
	case OP_IOR: case OP_IXOR: case OP_INOT: case OP_UBIT_EXTRACT: case OP_IBIT_EXTRACT:
	case OP_UBIT_INSERT: case OP_BFI: case OP_BFM: case OP_FFB_HI: case OP_FFB_LO:
	case OP_FFB_SHI: case OP_ICBITS: case OP_UBIT_REVERSE: case OP_BITALIGN: case OP_BYTEALIGN:
	case OP_IEQ: case OP_INE: case OP_ILT: case OP_IGE: case OP_ULT: case OP_UGE:
	case OP_CMOV_LOGICAL: case OP_ITOF: case OP_UTOF: case OP_SAD: case OP_SADHI:
		return 1;
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MUL_IEEE: case OP_MAD: case OP_MAD_IEEE:
	case OP_FMA: case OP_MIN_IEEE: case OP_MAX_IEEE: case OP_DIV: case OP_FRC:
	case OP_ROUND_NEAREST: case OP_ROUND_NEGINF: case OP_ROUND_PLUSINF: case OP_ROUND_Z: case OP_RND:
	case OP_ABS: case OP_CLAMP: case OP_DP2: case OP_DP3: case OP_DP4: case OP_EXP_VEC:
	case OP_LOG_VEC: case OP_SQRT_VEC: case OP_RSQ_VEC: case OP_RCP_VEC: case OP_SIN_VEC:
	case OP_COS_VEC: case OP_MOV: case OP_CMP: case OP_MIN: case OP_MAX: case OP_MIN3:
	case OP_MAX3: case OP_MED3: case OP_FLR: case OP_SGN: case OP_DP2ADD: case OP_EXP: case OP_LOG:
	case OP_SQRT: case OP_RSQ: case OP_RCP: case OP_SIN: case OP_COS: case OP_F162F:
	case OP_UNPACK0: case OP_UNPACK1: case OP_UNPACK2: case OP_UNPACK3:
		return 2;
	case OP_EQ: case OP_NE: case OP_LT: case OP_GE: case OP_GT: case OP_LE: case OP_FTOI:
	case OP_FTOU: case OP_FTOI_FLR: case OP_FTOI_RPI: case OP_F2F16: case OP_F2F16_NEAR:
		return 3;
	case OP_I64ADD: case OP_I64SUB: case OP_I64NEGATE: case OP_I64MUL: case OP_U64MUL:
	case OP_I64SHL: case OP_I64SHR: case OP_U64SHR: case OP_I64MIN: case OP_I64MAX:
	case OP_U64MIN: case OP_U64MAX: case OP_I64EQ: case OP_I64NE: case OP_I64LT:
	case OP_I64GE: case OP_U64LT: case OP_U64GE:
		return 4;
	default:
		return amd_f64_op(op) ? 5 : amd_intx_op(op) ? 6 : amd_fmath_op(op) ? 7 : 0;
	}
}

int amd_alu_approx(int op)
{
	switch (op) {
	case OP_DIV: case OP_EXP_VEC: case OP_LOG_VEC: case OP_SQRT_VEC: case OP_RSQ_VEC:
	case OP_RCP_VEC: case OP_SIN_VEC: case OP_COS_VEC: case OP_EXP: case OP_LOG: case OP_SQRT:
	case OP_RSQ: case OP_RCP: case OP_SIN: case OP_COS: case OP_EXN: case OP_LN: case OP_TAN:
	case OP_ASIN: case OP_ACOS: case OP_ATAN: case OP_POW:
		return 1;
	default:
		return 0;
	}
}

/* ---- integer helpers ------------------------------------------------------ */

static uint32_t clz32(uint32_t v)
{
	uint32_t n = 0;
	if (!v)
		return 0xffffffffu;
	while (!(v & 0x80000000u))
		v <<= 1, n++;
	return n;
}

static uint32_t ctz32(uint32_t v)
{
	uint32_t n = 0;
	if (!v)
		return 0xffffffffu;
	while (!(v & 1))
		v >>= 1, n++;
	return n;
}

static uint32_t popc(uint32_t v)
{
	uint32_t n = 0;
	for (; v; v &= v - 1)
		n++;
	return n;
}

static uint32_t rev32(uint32_t v)
{
	uint32_t r = 0;
	int i;
	for (i = 0; i < 32; i++)
		r |= ((v >> i) & 1u) << (31 - i);
	return r;
}

static int64_t s24(uint32_t v)
{
	return (int64_t)((int32_t)(v << 8) >> 8);
}

static uint32_t med3u(uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

static int32_t med3i(int32_t a, int32_t b, int32_t c)
{
	int32_t lo = a < b ? a : b, hi = a < b ? b : a;
	return c < lo ? lo : c > hi ? hi : c;
}

/* ubit_extract / ibit_extract: field of w bits at o, bits past 31 read 0 */
static uint32_t bit_extract(uint32_t w, uint32_t o, uint32_t src, int sign)
{
	uint32_t v, mask;
	w &= 31, o &= 31;
	if (!w)
		return 0;
	/* a field reaching past bit 31 is the source shifted right by the
	 * offset, arithmetically for ibit_extract (the D3D11 ubfe/ibfe rule the
	 * IL opcodes carry: "width + offset < 32" or not) */
	if (w + o >= 32)
		return sign ? (uint32_t)((int32_t)src >> o) : src >> o;
	mask = (1u << w) - 1;
	v = (src >> o) & mask;
	if (sign && ((v >> (w - 1)) & 1))
		v |= ~mask;
	return v;
}

static uint32_t bit_insert(uint32_t w, uint32_t o, uint32_t ins, uint32_t base)
{
	uint32_t mask;
	w &= 31, o &= 31;
	if (!w)
		return base;
	mask = ((1u << w) - 1) << o;
	return ((ins << o) & mask) | (base & ~mask);
}

static uint32_t int_op(int op, const uint32_t *v)
{
	uint32_t a = v[0], b = v[1], c = v[2];
	int32_t sa = (int32_t)a, sb = (int32_t)b;
	switch (op) {
	case OP_IADD: return a + b;
	case OP_INEGATE: return 0u - a;
	case OP_IMUL: case OP_UMUL: return a * b;
	case OP_IMUL_HIGH: return (uint32_t)(((int64_t)sa * sb) >> 32);
	case OP_UMUL_HIGH: return (uint32_t)(((uint64_t)a * b) >> 32);
	case OP_IMAD: case OP_UMAD: return a * b + c;
	case OP_UMUL24: return (a & 0xffffffu) * (b & 0xffffffu);
	case OP_IMUL24: return (uint32_t)(s24(a) * s24(b));
	case OP_UMUL24_HIGH: return (uint32_t)(((uint64_t)(a & 0xffffffu) * (b & 0xffffffu)) >> 32);
	case OP_IMUL24_HIGH: return (uint32_t)((s24(a) * s24(b)) >> 32);
	case OP_UMAD24: return (a & 0xffffffu) * (b & 0xffffffu) + c;
	case OP_IMAD24: return (uint32_t)(s24(a) * s24(b)) + c;
	case OP_UDIV: return b ? a / b : 0xffffffffu;
	case OP_UMOD: return b ? a % b : 0xffffffffu;
	case OP_IMIN: return (uint32_t)(sa < sb ? sa : sb);
	case OP_IMAX: return (uint32_t)(sa > sb ? sa : sb);
	case OP_UMIN: return a < b ? a : b;
	case OP_UMAX: return a > b ? a : b;
	case OP_IMIN3: return (uint32_t)(sa < sb ? (sa < (int32_t)c ? sa : (int32_t)c) : (sb < (int32_t)c ? sb : (int32_t)c));
	case OP_IMAX3: return (uint32_t)(sa > sb ? (sa > (int32_t)c ? sa : (int32_t)c) : (sb > (int32_t)c ? sb : (int32_t)c));
	case OP_IMED3: return (uint32_t)med3i(sa, sb, (int32_t)c);
	case OP_UMIN3: return a < b ? (a < c ? a : c) : (b < c ? b : c);
	case OP_UMAX3: return a > b ? (a > c ? a : c) : (b > c ? b : c);
	case OP_UMED3: return med3u(a, b, c);
	case OP_ICARRY: return (uint32_t)(a + b < a);
	case OP_IBORROW: return (uint32_t)(a < b);
	case OP_ISHL: return a << (b & 31);
	case OP_ISHR: return (uint32_t)(sa >> (b & 31));
	case OP_USHR: return a >> (b & 31);
	case OP_IAND: case OP_AND: return a & b;
	case OP_IOR: return a | b;
	case OP_IXOR: return a ^ b;
	case OP_INOT: return ~a;
	case OP_UBIT_EXTRACT: return bit_extract(a, b, c, 0);
	case OP_IBIT_EXTRACT: return bit_extract(a, b, c, 1);
	case OP_UBIT_INSERT: return bit_insert(a, b, c, v[3]);
	case OP_BFI: return (a & b) | (~a & c);
	case OP_BFM: return ((1u << (a & 31)) - 1) << (b & 31);
	case OP_FFB_HI: return clz32(a);
	case OP_FFB_LO: return ctz32(a);
	case OP_FFB_SHI: return a == 0 || a == 0xffffffffu ? 0xffffffffu : clz32(sa < 0 ? ~a : a);
	case OP_ICBITS: return popc(a);
	case OP_UBIT_REVERSE: return rev32(a);
	case OP_BITALIGN: return (uint32_t)((((uint64_t)a << 32) | b) >> (c & 31));
	case OP_BYTEALIGN: return (uint32_t)((((uint64_t)a << 32) | b) >> (8 * (c & 3)));
	case OP_IEQ: return a == b ? 0xffffffffu : 0;
	case OP_INE: return a != b ? 0xffffffffu : 0;
	case OP_ILT: return sa < sb ? 0xffffffffu : 0;
	case OP_IGE: return sa >= sb ? 0xffffffffu : 0;
	case OP_ULT: return a < b ? 0xffffffffu : 0;
	case OP_UGE: return a >= b ? 0xffffffffu : 0;
	case OP_CMOV_LOGICAL: return a ? b : c;
	case OP_SAD: case OP_SADHI: {
		/* cl_amd_media_ops: sum of the bytes' absolute differences, + c;
		 * sadhi shifts the sum into the upper half first */
		uint32_t sum = 0, k;
		for (k = 0; k < 32; k += 8) {
			uint32_t x = a >> k & 0xff, y = b >> k & 0xff;
			sum += x > y ? x - y : y - x;
		}
		return (op == OP_SADHI ? sum << 16 : sum) + c;
	}
	case OP_ITOF: return U((float)sa);
	case OP_UTOF: return U((float)a);
	default: return 0;
	}
}

/* ---- float helpers ---------------------------------------------------------- */

static float mul_legacy(float a, float b)
{
	return a == 0.0f || b == 0.0f ? 0.0f : a * b;
}

/* IEEE minNum / maxNum with -0 below +0 (minimumNumber): a NaN operand
 * gives the other; which zero min(+0, -0) returns is documented by neither
 * vendor, so both emulated runtimes order the zeros [I] */
static float fmin0(float a, float b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return signbit(a) ? a : b;
	return a < b ? a : b;
}

static float fmax0(float a, float b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return signbit(a) ? b : a;
	return a > b ? a : b;
}

/* a rounded product (never contracted into an fma by the host compiler) */
static float mul_r(float a, float b, int legacy)
{
	volatile float p = legacy ? mul_legacy(a, b) : a * b;
	return amd_ftz(p); /* a rounded float result: flushed like any other */
}

/* the value a zero divisor or argument of div/rcp/rsq/log gives under
 * _zeroop: infinity +-Inf (IEEE), fltmax +-FLT_MAX with the given sign,
 * zero +0 (amdil.md 4.4); inf_else_max (4, no source: docs/fmath.md [I])
 * +-Inf as infinity, see inf_else_max() for the rest */
static float zero_policy(int policy, float sign)
{
	if (policy == 3)
		return 0.0f;
	return copysignf(policy == 2 ? FLT_MAX : INFINITY, sign);
}
/* inf_else_max: a quotient (reciprocal) of a finite dividend and a non-zero
 * divisor that overflows is +-FLT_MAX */
static float inf_else_max(int policy, float r, float dividend, float divisor)
{
	return policy == 4 && divisor != 0.0f && isfinite(dividend) && isinf(r) ? copysignf(FLT_MAX, r) : r;
}

static int32_t f2i(float f)
{
	if (isnan(f))
		return 0;
	if (f >= 2147483648.0f)
		return INT32_MAX;
	if (f < -2147483648.0f)
		return INT32_MIN;
	return (int32_t)f;
}

static uint32_t f2u(float f)
{
	if (isnan(f) || f <= 0.0f)
		return 0;
	if (f >= 4294967296.0f)
		return 0xffffffffu;
	return (uint32_t)f;
}

static uint32_t cmp(int op, float a, float b)
{
	int r;
	switch (op) {
	case OP_EQ: r = a == b; break;
	case OP_NE: r = !(a == b); break;
	case OP_LT: r = a < b; break;
	case OP_GE: r = a >= b; break;
	case OP_GT: r = a > b; break;
	default: r = a <= b; break;
	}
	return r ? 0xffffffffu : 0;
}

static float sat(float f)
{
	return isnan(f) || f <= 0.0f ? 0.0f : f > 1.0f ? 1.0f : f; /* -0 too: +0 [I, D3D saturate] */
}

static float float_op(const AInst *in, const uint32_t *v)
{
	float a = amd_fi(v[0]), b = amd_fi(v[1]), c = amd_fi(v[2]);
	int z = in->aux;
	switch (in->op) {
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return in->rnd ? a * b : mul_legacy(a, b); /* mul_rt*: IEEE */
	case OP_MUL_IEEE: return a * b;
	case OP_MAD: return mul_r(a, b, !in->rnd) + c;
	case OP_MAD_IEEE: return mul_r(a, b, 0) + c;
	case OP_FMA: return fmaf(a, b, c);
	case OP_MIN: case OP_MIN_IEEE: return fmin0(a, b);
	case OP_MIN3: return fmin0(fmin0(a, b), c);
	case OP_MAX3: return fmax0(fmax0(a, b), c);
	case OP_MED3: return fmax0(fmin0(a, b), fmin0(fmax0(a, b), c));
	case OP_FLR: return floorf(a);
	case OP_SGN: return a > 0.0f ? 1.0f : a < 0.0f ? -1.0f : 0.0f;
	case OP_EXP: return exp2f(a);
	case OP_LOG: return a == 0.0f ? -zero_policy(z, 1.0f) : log2f(a);
	case OP_SQRT: return sqrtf(a);
	case OP_RSQ: return a == 0.0f ? zero_policy(z, a) : 1.0f / sqrtf(a);
	case OP_RCP: return a == 0.0f ? zero_policy(z, a) : inf_else_max(z, 1.0f / a, 1.0f, a);
	case OP_SIN: return sinf(a);
	case OP_COS: return cosf(a);
	case OP_F162F: return half_value(v[0] & 0xffff);
	case OP_UNPACK0: case OP_UNPACK1: case OP_UNPACK2: case OP_UNPACK3:
		return (float)(v[0] >> (8 * (in->op - OP_UNPACK0)) & 0xff);
	case OP_MAX: case OP_MAX_IEEE: return fmax0(a, b);
	case OP_DIV: /* x / +-0 under fltmax / zero: the policy's value, sign a's xor b's */
		return b == 0.0f && (z == 2 || z == 3) ? zero_policy(z, signbit(a) != signbit(b) ? -1.0f : 1.0f) :
		       inf_else_max(z, a / b, a, b);
	case OP_FRC: return a - floorf(a);
	case OP_ROUND_NEAREST: return rintf(a);
	case OP_RND: return rintf(a); /* HLSL round: halves to even (docs/fmath.md) */
	case OP_ROUND_NEGINF: return floorf(a);
	case OP_ROUND_PLUSINF: return ceilf(a);
	case OP_ROUND_Z: return truncf(a);
	case OP_CLAMP: return fmin0(fmax0(a, b), c);
	case OP_EXP_VEC: return exp2f(a);
	case OP_LOG_VEC: return a == 0.0f ? -zero_policy(z, 1.0f) : log2f(a);
	case OP_SQRT_VEC: return sqrtf(a);
	case OP_RSQ_VEC: return a == 0.0f ? zero_policy(z, a) : 1.0f / sqrtf(a);
	case OP_RCP_VEC: return a == 0.0f ? zero_policy(z, a) : inf_else_max(z, 1.0f / a, 1.0f, a);
	case OP_SIN_VEC: return sinf(a);
	default: return cosf(a); /* OP_COS_VEC */
	}
}

int amd_cvt_out_of_range(int op, uint32_t v)
{
	float f = amd_fi(v);
	if (op == OP_FTOI_FLR)
		f = floorf(f);
	else if (op == OP_FTOI_RPI)
		f = ceilf(f);
	else if (op != OP_FTOI && op != OP_FTOU)
		return 0;
	if (isnan(f))
		return 1;
	/* C truncates toward zero first: -0.5 -> 0 is in range for unsigned */
	return op == OP_FTOU ? f <= -1.0f || f >= 4294967296.0f : f < -2147483648.0f || f >= 2147483648.0f;
}

uint32_t amd_alu(const AInst *in, const uint32_t *v)
{
	switch (amd_alu_kind(in->op)) {
	case 1:
		if ((in->sat || in->shift) && (in->op == OP_ITOF || in->op == OP_UTOF)) {
			float r = amd_shift(in, F(int_op(in->op, v))); /* a float result */
			return amd_fo(in->sat ? sat(r) : r);
		}
		return int_op(in->op, v);
	case 7:
		return amd_fmath(in, v);
	case 3:
		switch (in->op) {
		case OP_FTOI: return (uint32_t)f2i(amd_fi(v[0]));
		case OP_FTOU: return f2u(amd_fi(v[0]));
		case OP_FTOI_FLR: return (uint32_t)f2i(floorf(amd_fi(v[0])));
		case OP_FTOI_RPI: return (uint32_t)f2i(ceilf(amd_fi(v[0])));
		case OP_F2F16: case OP_F2F16_NEAR: return half_bits(amd_fi(v[0]));
		default: return cmp(in->op, amd_fi(v[0]), amd_fi(v[1]));
		}
	default:
		if (in->op == OP_CMP) {
			/* a select: the chosen source's bits unchanged */
			static const int rel[] = {OP_EQ, OP_NE, OP_GT, OP_GE, OP_LT, OP_LE};
			return cmp(rel[in->aux], amd_fi(v[0]), F(in->k)) ? v[1] : v[2];
		}
		if (in->op == OP_MOV || in->op == OP_ABS) {
			uint32_t r = in->op == OP_ABS ? v[0] & 0x7fffffffu : v[0];
			if (in->shift) /* float arithmetic then */
				return amd_fo(in->sat ? sat(amd_shift(in, F(r))) : amd_shift(in, F(r)));
			return in->sat ? amd_fo(sat(F(r))) : r;
		}
		{
			int old = amd_round_begin(in);
			float r = float_op(in, v);
			amd_round_end(old);
			r = amd_shift(in, r);
			return amd_fo(in->sat ? sat(r) : r);
		}
	}
}

uint32_t amd_dot(const AInst *in, uint32_t v[3][4])
{
	int n = in->op == OP_DP2 || in->op == OP_DP2ADD ? 2 : in->op == OP_DP3 ? 3 : 4, i;
	int legacy = il_inst_mod(in->in, "ieee") == NULL;
	float s = 0.0f;
	for (i = 0; i < n; i++) {
		float p = mul_r(amd_fi(v[0][i]), amd_fi(v[1][i]), legacy);
		s = i ? amd_ftz(s + p) : p;
	}
	if (in->op == OP_DP2ADD) /* + c.x */
		s = amd_ftz(s + amd_fi(v[2][0]));
	s = amd_shift(in, s);
	return amd_fo(in->sat ? sat(s) : s);
}

/* A 64-bit instruction on one pair: a and b are the sources' pairs (for the
 * shifts b's low dword is the count). */
uint64_t amd_alu64(int op, uint64_t a, uint64_t b)
{
	int64_t sa = (int64_t)a, sb = (int64_t)b;
	unsigned n = (unsigned)b & 63;
	switch (op) {
	case OP_I64ADD: return a + b;
	case OP_I64SUB: return a - b;
	case OP_I64NEGATE: return 0u - a;
	case OP_I64MUL: case OP_U64MUL: return a * b;
	case OP_I64SHL: return a << n;
	/* >> of a negative value is arithmetic on every host this builds on */
	case OP_I64SHR: return (uint64_t)(sa >> n);
	case OP_U64SHR: return a >> n;
	case OP_I64MIN: return sa < sb ? a : b;
	case OP_I64MAX: return sa > sb ? a : b;
	case OP_U64MIN: return a < b ? a : b;
	case OP_U64MAX: return a > b ? a : b;
	case OP_I64EQ: return a == b ? ~0ull : 0;
	case OP_I64NE: return a != b ? ~0ull : 0;
	case OP_I64LT: return sa < sb ? ~0ull : 0;
	case OP_I64GE: return sa >= sb ? ~0ull : 0;
	case OP_U64LT: return a < b ? ~0ull : 0;
	default: return a >= b ? ~0ull : 0; /* OP_U64GE */
	}
}
