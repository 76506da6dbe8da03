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

static float fi(uint32_t u)
{
	return amd_ftz(F(u));
}

static uint32_t fo(float f)
{
	return U(amd_ftz(f));
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
	case OP_CMOV_LOGICAL: case OP_ITOF: case OP_UTOF:
		return 1;
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MUL_IEEE: case OP_MAD: case OP_MAD_IEEE:
	case OP_FMA: case OP_MIN_IEEE: case OP_MAX_IEEE: case OP_DIV: case OP_FRC:
	case OP_ROUND_NEAREST: case OP_ROUND_NEGINF: case OP_ROUND_PLUSINF: case OP_ROUND_Z:
	case OP_ABS: case OP_CLAMP: case OP_DP2: case OP_DP3: case OP_DP4: case OP_EXP_VEC:
	case OP_LOG_VEC: case OP_SQRT_VEC: case OP_RSQ_VEC: case OP_RCP_VEC: case OP_SIN_VEC:
	case OP_COS_VEC: case OP_MOV:
		return 2;
	case OP_EQ: case OP_NE: case OP_LT: case OP_GE: case OP_GT: case OP_LE: case OP_FTOI:
	case OP_FTOU: case OP_FTOI_FLR: case OP_FTOI_RPI:
		return 3;
	case OP_I64ADD: case OP_I64SUB: case OP_I64NEGATE: case OP_I64MUL: case OP_U64MUL:
	case OP_I64SHL: case OP_I64SHR: case OP_U64SHR: case OP_I64MIN: case OP_I64MAX:
	case OP_U64MIN: case OP_U64MAX: case OP_I64EQ: case OP_I64NE: case OP_I64LT:
	case OP_I64GE: case OP_U64LT: case OP_U64GE:
		return 4;
	default:
		return amd_f64_op(op) ? 5 : 0;
	}
}

int amd_alu_approx(int op)
{
	switch (op) {
	case OP_DIV: case OP_EXP_VEC: case OP_LOG_VEC: case OP_SQRT_VEC: case OP_RSQ_VEC:
	case OP_RCP_VEC: case OP_SIN_VEC: case OP_COS_VEC:
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

/* a rounded product (never contracted into an fma by the host compiler) */
static float mul_r(float a, float b, int legacy)
{
	volatile float p = legacy ? mul_legacy(a, b) : a * b;
	return p;
}

/* the value a zero argument of div/rcp/rsq/log gives under _zeroop */
static float zero_policy(int policy, float sign)
{
	float v = policy == 2 ? FLT_MAX : policy == 3 ? 0.0f : INFINITY;
	return copysignf(v, sign);
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
	return isnan(f) || f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

static float float_op(const AInst *in, const uint32_t *v)
{
	float a = fi(v[0]), b = fi(v[1]), c = fi(v[2]);
	int z = in->aux;
	switch (in->op) {
	case OP_ADD: return a + b;
	case OP_SUB: return a - b;
	case OP_MUL: return mul_legacy(a, b);
	case OP_MUL_IEEE: return a * b;
	case OP_MAD: return mul_r(a, b, 1) + c;
	case OP_MAD_IEEE: return mul_r(a, b, 0) + c;
	case OP_FMA: return fmaf(a, b, c);
	case OP_MIN_IEEE: return fminf(a, b);
	case OP_MAX_IEEE: return fmaxf(a, b);
	case OP_DIV: return b == 0.0f ? a * zero_policy(z, b) : a / b;
	case OP_FRC: return a - floorf(a);
	case OP_ROUND_NEAREST: return rintf(a);
	case OP_ROUND_NEGINF: return floorf(a);
	case OP_ROUND_PLUSINF: return ceilf(a);
	case OP_ROUND_Z: return truncf(a);
	case OP_CLAMP: return fminf(fmaxf(a, b), c);
	case OP_EXP_VEC: return exp2f(a);
	case OP_LOG_VEC: return a == 0.0f ? -zero_policy(z, 1.0f) : log2f(a);
	case OP_SQRT_VEC: return sqrtf(a);
	case OP_RSQ_VEC: return a == 0.0f ? zero_policy(z, a) : 1.0f / sqrtf(a);
	case OP_RCP_VEC: return a == 0.0f ? zero_policy(z, a) : 1.0f / a;
	case OP_SIN_VEC: return sinf(a);
	default: return cosf(a); /* OP_COS_VEC */
	}
}

uint32_t amd_alu(const AInst *in, const uint32_t *v)
{
	switch (amd_alu_kind(in->op)) {
	case 1:
		return int_op(in->op, v);
	case 3:
		switch (in->op) {
		case OP_FTOI: return (uint32_t)f2i(fi(v[0]));
		case OP_FTOU: return f2u(fi(v[0]));
		case OP_FTOI_FLR: return (uint32_t)f2i(floorf(fi(v[0])));
		case OP_FTOI_RPI: return (uint32_t)f2i(ceilf(fi(v[0])));
		default: return cmp(in->op, fi(v[0]), fi(v[1]));
		}
	default:
		if (in->op == OP_MOV || in->op == OP_ABS) {
			uint32_t r = in->op == OP_ABS ? v[0] & 0x7fffffffu : v[0];
			return in->sat ? fo(sat(F(r))) : r;
		}
		{
			float r = float_op(in, v);
			return fo(in->sat ? sat(r) : r);
		}
	}
}

uint32_t amd_dot(const AInst *in, uint32_t v[3][4])
{
	int n = in->op == OP_DP2 ? 2 : in->op == OP_DP3 ? 3 : 4, i;
	int legacy = il_inst_mod(in->in, "ieee") == NULL;
	float s = 0.0f;
	for (i = 0; i < n; i++) {
		float p = mul_r(fi(v[0][i]), fi(v[1][i]), legacy);
		s = i ? amd_ftz(s + p) : p;
	}
	return fo(in->sat ? sat(s) : s);
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
