/* lower_media.c - the media instructions of cl_amd_media_ops/ops2 that
 * lower.c's ALU table does not cover: sad4 sad_u16 sad_u32 msad u4lerp
 * (per component) and qsad mqsad (component pairs), mqsad_u32_u8 (four
 * dwords).  Everything is 32-bit integer vISA.
 *
 * requires: lower.c, the helpers of lower_int64.c; provides: lower_media(),
 * media_knows().
 *
 * Semantics (operand order = the builtins' argument order, the AMDIL
 * backend's intrinsic patterns; docs/design.md "Media instructions"):
 *   msad d, a, b, c     c + sum over bytes i with b.i != 0 of |a.i - b.i|
 *   sad_u16 d, a, b, c  c + |a.lo16 - b.lo16| + |a.hi16 - b.hi16|  (amd_sadw)
 *   sad_u32 d, a, b, c  c + |a - b|, unsigned absolute difference  (amd_sadd)
 *   u4lerp d, a, b, c   byte i = (a.i + b.i + (c.i & 1)) >> 1       (amd_lerp)
 *   sad4 d, a, b, c     c.x + the byte differences of a.xyzw and b.xyzw
 *                       (amd_sad4), the one value in every written component
 *   qsad d.xy, a.xy, b.x, c.xy   four 16-bit sums: k = 0..3 over bytes
 *                       k..k+3 of the 64-bit a against b, plus 16-bit
 *                       field k of c, each kept to 16 bits (amd_qsad)
 *   mqsad               the same with msad (amd_mqsad)
 *   mqsad_u32_u8 d.xyzw, a.xy, b.x, c.xyzw   component k = msad of bytes
 *                       k..k+3 of a against b plus c.k, 32 bits (GCN's
 *                       v_mqsad_u32_u8; the backend's operand classes)
 *   f_2_u4 d, a.xyzw   byte k = (uint)a.k & 0xff (amd_pack), the value in
 *                       every written component; the conversion is ftou's
 *                       (toward zero, saturating, NaN 0): the extension
 *                       defines only values in 0..255
 * All sums wrap (C unsigned arithmetic of the extension's formulas). */
#include <string.h>

#include "lowerint.h"

#define I(x) val_imm((uint32_t)(x))
#define AND(a, b) ix_bin(l, "and", VT_UD, a, b)
#define OR(a, b) ix_bin(l, "or", VT_UD, a, b)
#define SHL(a, b) ix_bin(l, "shl", VT_UD, a, b)
#define SHR(a, b) ix_bin(l, "shr", VT_UD, a, b)
#define ADD(a, b) ix_bin(l, "add", VT_UD, a, b)

/* |a - b| of two unsigned values */
static Val absdiff(L *l, Val a, Val b)
{
	Val hi = ix_bin(l, "max", VT_UD, a, b), lo = ix_bin(l, "min", VT_UD, a, b);
	lo.neg = 1;
	return ix_bin(l, "add", VT_D, hi, lo);
}

static Val field(L *l, Val x, int shift, uint32_t mask)
{
	return AND(shift ? SHR(x, I(shift)) : x, I(mask));
}

/* sum of the byte differences of a and b (masked: bytes of b that are 0
 * count nothing) */
static Val bytes_sad(L *l, Val a, Val b, int masked)
{
	Val sum = I(0);
	int k;
	for (k = 0; k < 4; k++) {
		Val x = field(l, a, 8 * k, 0xff), y = field(l, b, 8 * k, 0xff), d = absdiff(l, x, y);
		if (masked) {
			VDecl *p = compare(l, "eq", VT_UD, y, I(0));
			d = ix_sel(l, p, I(0), d);
		}
		sum = k ? ADD(sum, d) : d;
	}
	return sum;
}

/* the integer source with AMD's integer _abs (the sign bit cleared,
 * docs/real-il.md 8) and then _neg (two's complement) applied */
static Val isrc(L *l, const Operand *o, int c)
{
	Val v = int_abs_cleared(l, lsrc(l, o, c));
	if (v.neg)
		v = ix_un(l, "mov", VT_D, v); /* -x of the :d view: INT_MIN stays INT_MIN */
	return v;
}

/* bytes k..k+3 of the 64-bit (lo, hi) */
static Val window(L *l, Val lo, Val hi, int k)
{
	return k ? OR(SHR(lo, I(8 * k)), SHL(hi, I(32 - 8 * k))) : lo;
}

/* ---- per-component forms ------------------------------------------------- */

/* float -> unsigned 32-bit (toward zero, saturating, NaN 0: ftou's rule) */
static Val to_uint(L *l, Val f)
{
	VDecl *d = ix_t(l);
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(vk_alias(l->vk, d, VT_UD, 0), h * l->chunk);
		in->ops[1] = opnd(l, f, VT_F, h);
		in->nops = 2;
	}
	return val_vec(d);
}

static Val comp_value(L *l, const Inst *in, int c)
{
	Val a, b, s;
	int k;
	if (in->op == OP_F_2_U4) {
		/* amd_pack: byte k = (uint)src.k & 0xff, the one value everywhere */
		for (k = 0; k < 4; k++) {
			Val x = AND(to_uint(l, lsrc(l, &in->ops[1], k)), I(0xff));
			s = k ? OR(s, SHL(x, I(8 * k))) : x;
		}
		return s;
	}
	if (in->op == OP_SAD4) {
		/* every written component gets the one sum */
		s = isrc(l, &in->ops[3], 0);
		for (k = 0; k < 4; k++)
			s = ADD(s, bytes_sad(l, isrc(l, &in->ops[1], k), isrc(l, &in->ops[2], k), 0));
		return s;
	}
	a = isrc(l, &in->ops[1], c);
	b = isrc(l, &in->ops[2], c);
	s = isrc(l, &in->ops[3], c);
	switch (in->op) {
	case OP_MSAD:
		return ADD(s, bytes_sad(l, a, b, 1));
	case OP_SAD_U32:
		return ADD(s, absdiff(l, a, b));
	case OP_SAD_U16:
		return ADD(ADD(s, absdiff(l, field(l, a, 0, 0xffff), field(l, b, 0, 0xffff))),
		           absdiff(l, field(l, a, 16, 0xffff), field(l, b, 16, 0xffff)));
	default: { /* OP_U4LERP */
		Val r = I(0);
		for (k = 0; k < 4; k++) {
			Val x = ADD(ADD(field(l, a, 8 * k, 0xff), field(l, b, 8 * k, 0xff)), field(l, s, 8 * k, 1));
			x = SHR(x, I(1));
			r = k ? OR(r, SHL(x, I(8 * k))) : x;
		}
		return r;
	}
	}
}

static void lower_comp(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	int m[4], c, scratch;
	VDecl *tmp[4] = {0};
	long long key;
	if (alu_dst(l, d, &key, &scratch, m))
		return;
	if (il_inst_mod(in, "sat")) {
		lerr(l, in->loc, "'_sat' on the integer instruction '%s' is not supported", il_ops[in->op].name);
		return;
	}
	for (c = 0; c < 4; c++) {
		if (m[c] != WM_WRITE)
			continue;
		tmp[c] = ix_t(l);
		ix_mov(l, tmp[c], comp_value(l, in, c));
	}
	alu_store(l, d, key, scratch, m, tmp);
}

/* ---- qsad / mqsad: one pair ------------------------------------------------ */

static void qsad_pair(L *l, const Inst *in, VDecl *r[2], int c)
{
	Val lo = lsrc(l, &in->ops[1], c), hi = lsrc(l, &in->ops[1], c + 1), b = lsrc(l, &in->ops[2], c);
	Val acc[2] = {lsrc(l, &in->ops[3], c), lsrc(l, &in->ops[3], c + 1)}, out[2];
	int k;
	for (k = 0; k < 4; k++) {
		Val s = bytes_sad(l, window(l, lo, hi, k), b, in->op == OP_MQSAD);
		s = AND(ADD(s, field(l, acc[k / 2], 16 * (k % 2), 0xffff)), I(0xffff));
		out[k / 2] = k % 2 ? OR(out[k / 2], SHL(s, I(16))) : s;
	}
	ix_mov(l, r[0], out[0]);
	ix_mov(l, r[1], out[1]);
}

/* ---- mqsad_u32_u8: four dwords ------------------------------------------------ */

static void lower_mqsad32(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	int m[4], c, i, scratch;
	VDecl *tmp[4] = {0};
	long long key;
	Val lo, hi, b;
	if (alu_dst(l, d, &key, &scratch, m))
		return;
	if (il_inst_mod(in, "sat")) {
		lerr(l, in->loc, "'_sat' on the integer instruction 'mqsad_u32_u8' is not supported");
		return;
	}
	for (i = 1; i < in->nops; i++)
		if (in->ops[i].nmods) {
			lerr(l, in->ops[i].loc, "source modifiers on 'mqsad_u32_u8' are not supported");
			return;
		}
	lo = lsrc(l, &in->ops[1], 0);
	hi = lsrc(l, &in->ops[1], 1);
	b = lsrc(l, &in->ops[2], 0);
	for (c = 0; c < 4; c++) {
		if (m[c] != WM_WRITE)
			continue;
		tmp[c] = ix_t(l);
		ix_mov(l, tmp[c], ADD(lsrc(l, &in->ops[3], c), bytes_sad(l, window(l, lo, hi, c), b, 1)));
	}
	alu_store(l, d, key, scratch, m, tmp);
}

int media_knows(Opcode op)
{
	switch (op) {
	case OP_SAD4: case OP_SAD_U16: case OP_SAD_U32: case OP_MSAD: case OP_U4LERP: case OP_QSAD:
	case OP_MQSAD: case OP_MQSAD_U32_U8: case OP_F_2_U4:
		return 1;
	default:
		return 0;
	}
}

int lower_media(L *l, const Inst *in)
{
	switch (in->op) {
	case OP_SAD4: case OP_SAD_U16: case OP_SAD_U32: case OP_MSAD: case OP_U4LERP: case OP_F_2_U4:
		lower_comp(l, in);
		return 1;
	case OP_QSAD: case OP_MQSAD:
		alu_pairs(l, in, qsad_pair);
		return 1;
	case OP_MQSAD_U32_U8:
		lower_mqsad32(l, in);
		return 1;
	default:
		return 0;
	}
}
