/* amd_intx.c - the AMD side of the integer instructions that read mixed
 * operand shapes (amd_alu_kind 6): 64-bit division and remainder, the
 * 32 x 32 + 64 multiply-adds, and the media operations of
 * cl_amd_media_ops/ops2 beyond sad/sadhi.  Host C on the defining formulas
 * (docs/design.md "64-bit division" and "Media instructions"; the same
 * rules as src/translate/lower_int64.c and lower_media.c, written apart).
 */
#include <string.h>

#include "amdint.h"

int amd_intx_op(int op)
{
	switch (op) {
	case OP_I64DIV: case OP_U64DIV: case OP_I64MOD: case OP_U64MOD: case OP_VMAD_U64_U32:
	case OP_VMAD_I64_I32: case OP_SAD4: case OP_SAD_U16: case OP_SAD_U32: case OP_MSAD:
	case OP_U4LERP: case OP_QSAD: case OP_MQSAD: case OP_MQSAD_U32_U8: case OP_F_2_U4:
		return 1;
	default:
		return 0;
	}
}

/* written in pairs (64-bit results) */
static int pairwise(int op)
{
	return op == OP_I64DIV || op == OP_U64DIV || op == OP_I64MOD || op == OP_U64MOD ||
	       op == OP_VMAD_U64_U32 || op == OP_VMAD_I64_I32 || op == OP_QSAD || op == OP_MQSAD;
}

const char *amd_intx_check(const AInst *a)
{
	int i;
	if (a->sat)
		return "'_sat' on this integer instruction is not emulated";
	/* the per-component ops read through amd_src, which applies AMD's
	 * integer _abs (the sign bit cleared); the pairwise ones do not */
	for (i = 0; i < a->nsrc && (pairwise(a->op) || a->op == OP_MQSAD_U32_U8); i++)
		if (a->s[i].abs)
			return "'_abs' on an integer source is not emulated";
	if (pairwise(a->op) || a->op == OP_MQSAD_U32_U8) {
		for (i = 0; i < a->nsrc; i++)
			if (a->s[i].neg)
				return "source modifiers on this instruction are not emulated";
	}
	if (pairwise(a->op) && ((a->d.m[0] == WM_WRITE) != (a->d.m[1] == WM_WRITE) ||
	                        (a->d.m[2] == WM_WRITE) != (a->d.m[3] == WM_WRITE)))
		return "it writes 64-bit component pairs: its write mask must cover x and y, z and w, or both";
	return NULL;
}

static uint32_t absdiff(uint32_t a, uint32_t b)
{
	return a > b ? a - b : b - a;
}

/* sum over the four bytes of |a.i - b.i|, skipping bytes where b.i == 0 when masked */
static uint32_t sad_bytes(uint32_t a, uint32_t b, int masked)
{
	uint32_t s = 0;
	int i;
	for (i = 0; i < 32; i += 8) {
		uint32_t x = a >> i & 0xff, y = b >> i & 0xff;
		if (!masked || y)
			s += absdiff(x, y);
	}
	return s;
}

/* unsigned a / b and a % b; by zero both all ones (the 32-bit udiv/umod rule
 * carried over: AMD documents none for the 64-bit opcodes) */
static uint64_t udivrem(uint64_t a, uint64_t b, int rem)
{
	if (!b)
		return ~0ull;
	return rem ? a % b : a / b;
}

/* signed: the magnitudes divided, the quotient negated when the signs
 * differ, the remainder given the dividend's sign (so INT64_MIN / -1 =
 * INT64_MIN, and by zero -1 or 1 by the dividend's sign) */
static uint64_t sdivrem(uint64_t a, uint64_t b, int rem)
{
	int na = (int64_t)a < 0, nb = (int64_t)b < 0;
	uint64_t r = udivrem(na ? 0 - a : a, nb ? 0 - b : b, rem);
	return (rem ? na : na != nb) ? 0 - r : r;
}

static uint64_t pair_op(int op, uint64_t a, uint32_t a32, uint32_t b32, uint64_t b, uint64_t c)
{
	uint64_t r = 0;
	int k;
	switch (op) {
	case OP_U64DIV: return udivrem(a, b, 0);
	case OP_U64MOD: return udivrem(a, b, 1);
	case OP_I64DIV: return sdivrem(a, b, 0);
	case OP_I64MOD: return sdivrem(a, b, 1);
	case OP_VMAD_U64_U32: return (uint64_t)a32 * b32 + c;
	case OP_VMAD_I64_I32: return (uint64_t)((int64_t)(int32_t)a32 * (int32_t)b32) + c;
	default: /* OP_QSAD, OP_MQSAD: four 16-bit sums over byte windows of a */
		for (k = 0; k < 4; k++) {
			uint32_t win = (uint32_t)(a >> (8 * k));
			uint32_t s = sad_bytes(win, b32, op == OP_MQSAD) + (uint32_t)(c >> (16 * k) & 0xffff);
			r |= (uint64_t)(s & 0xffff) << (16 * k);
		}
		return r;
	}
}

static uint32_t comp_op(int op, uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t r = 0;
	int i;
	switch (op) {
	case OP_MSAD: return c + sad_bytes(a, b, 1);
	case OP_SAD_U32: return c + absdiff(a, b);
	case OP_SAD_U16: return c + absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16);
	default: /* OP_U4LERP */
		for (i = 0; i < 32; i += 8)
			r |= (((a >> i & 0xff) + (b >> i & 0xff) + (c >> i & 1)) >> 1) << i;
		return r;
	}
}

void amd_intx(Run *R, Item *it, const AInst *a, uint32_t res[4])
{
	int c, k;
#define S(i, comp) amd_src(R, it, a, &a->s[i], comp, 0)
	if (pairwise(a->op)) {
		for (c = 0; c < 4; c += 2) {
			uint64_t p0, p2, r;
			if (a->d.m[c] != WM_WRITE)
				continue;
			p0 = S(0, c) | (uint64_t)S(0, c + 1) << 32;
			p2 = a->nsrc > 2 ? S(2, c) | (uint64_t)S(2, c + 1) << 32 : 0;
			if (a->op == OP_VMAD_U64_U32 || a->op == OP_VMAD_I64_I32)
				r = pair_op(a->op, 0, S(0, c), S(1, c), 0, p2);
			else if (a->op == OP_QSAD || a->op == OP_MQSAD)
				r = pair_op(a->op, p0, 0, S(1, c), 0, p2);
			else
				r = pair_op(a->op, p0, 0, 0, S(1, c) | (uint64_t)S(1, c + 1) << 32, 0);
			res[c] = (uint32_t)r;
			res[c + 1] = (uint32_t)(r >> 32);
		}
		return;
	}
	if (a->op == OP_F_2_U4) {
		/* amd_pack: (uint)x & 0xff per byte; float to uint toward zero,
		 * saturating, NaN 0 (ftou) */
		uint32_t v = 0;
		for (k = 0; k < 4; k++) {
			uint32_t b = amd_src(R, it, a, &a->s[0], k, 1);
			float f;
			memcpy(&f, &b, 4);
			b = f != f || f <= 0.0f ? 0 : f >= 4294967296.0f ? 0xffffffffu : (uint32_t)f;
			v |= (b & 0xff) << (8 * k);
		}
		res[0] = res[1] = res[2] = res[3] = v;
		return;
	}
	if (a->op == OP_SAD4) {
		uint32_t s = S(2, 0);
		for (k = 0; k < 4; k++)
			s += sad_bytes(S(0, k), S(1, k), 0);
		res[0] = res[1] = res[2] = res[3] = s;
		return;
	}
	if (a->op == OP_MQSAD_U32_U8) {
		uint64_t src = S(0, 0) | (uint64_t)S(0, 1) << 32;
		uint32_t b = S(1, 0);
		for (c = 0; c < 4; c++)
			if (a->d.m[c] == WM_WRITE)
				res[c] = S(2, c) + sad_bytes((uint32_t)(src >> (8 * c)), b, 1);
		return;
	}
	for (c = 0; c < 4; c++)
		if (a->d.m[c] == WM_WRITE)
			res[c] = comp_op(a->op, S(0, c), S(1, c), S(2, c));
#undef S
}
