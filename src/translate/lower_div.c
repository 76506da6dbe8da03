/* lower_div.c - 32-bit unsigned division and remainder on devices without
 * an integer divide (XeHP-class: GenX_IR refuses vISA div/mod on integers
 * there, "int divide/remainder is not supported for this platform").
 *
 * requires: the lowering state of lower.c; provides: udiv_emulated().
 *
 * The quotient comes from a float reciprocal in two refinement rounds, then
 * at most two exact corrections.  With r = inv(float(d)) scaled by S = 1 -
 * 2^-19 (exact in f32), float(n) * r lies below n / d as long as the
 * relative errors of the two conversions, the reciprocal and the products
 * stay below 2^-19 together (2^-24 each for the roundings; the extended math
 * unit's inv is within a few ulp, far below): so q0 = trunc(float(n) * r)
 * never overshoots, n - q0*d cannot wrap, and it is less than
 * d * (n/d * 2^-18 + 2) <= d * (2^14 + 2).  The same step on that
 * remainder gives q1 >= floor(rem / d) - 2, so rem - q1*d < 3d and two
 * compare-and-subtract steps finish it.  Everything but the reciprocal is
 * exact integer arithmetic, so the result is exact whatever the rounding of
 * the float steps.  Division by zero gives AMD's 0xFFFFFFFF for both the
 * quotient and the remainder (amdil.md: udiv/umod by 0). */
#include <string.h>

#include "lowerint.h"

#define SCALE_BELOW_ONE 0x3f7fffe0u /* 1 - 2^-19 */

/* dst (type dt) = src (type st), one conversion per chunk */
static void convert(L *l, VDecl *dst, VType dt, Val src, VType st)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(vk_alias(l->vk, dst, dt, 0), h * l->chunk);
		in->ops[1] = opnd(l, src, st, h);
		in->nops = 2;
	}
}

/* (P) dst = op(srcs) of type t, lanes where P holds */
static void alu_pred(L *l, VDecl *p, const char *op, VType t, VDecl *dst, int ns, const Val *s)
{
	int h, i;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->pred = p;
		in->ops[0] = vo_dst(vk_alias(l->vk, dst, t, 0), h * l->chunk);
		for (i = 0; i < ns; i++)
			in->ops[1 + i] = opnd(l, s[i], t, h);
		in->nops = 1 + ns;
	}
}

/* q += trunc(float(rem) * r), rem -= that * d */
static void refine(L *l, VDecl *q, VDecl *rem, Val r, Val d, int first)
{
	VDecl *f = vk_temp(l->vk, "DVF", VT_F, l->simd);
	VDecl *qi = first ? q : vk_temp(l->vk, "DVQ", VT_UD, l->simd);
	VDecl *prod = vk_temp(l->vk, "DVP", VT_UD, l->simd);
	Val s[2];
	convert(l, f, VT_F, val_vec(rem), VT_UD);
	s[0] = val_vec(f), s[1] = r;
	alu(l, "mul", VT_F, f, 2, s, 0);
	convert(l, qi, VT_UD, val_vec(f), VT_F);
	s[0] = val_vec(qi), s[1] = d;
	alu(l, "mul", VT_UD, prod, 2, s, 0);
	s[0] = val_vec(rem), s[1] = val_vec(prod);
	s[1].neg = 1; /* a subtraction: signed view of the same bits */
	alu(l, "add", VT_D, rem, 2, s, 0);
	if (!first) {
		s[0] = val_vec(q), s[1] = val_vec(qi);
		alu(l, "add", VT_UD, q, 2, s, 0);
	}
}

void udiv_emulated(L *l, int mod, VDecl *dst, Val n, Val d)
{
	VDecl *r = vk_temp(l->vk, "DVR", VT_F, l->simd);
	VDecl *q = vk_temp(l->vk, "DVQ", VT_UD, l->simd);
	VDecl *rem = vk_temp(l->vk, "DVM", VT_UD, l->simd);
	VDecl *p;
	Val s[2], dv = d, nv = n;
	int i;
	/* sources copied first: dst may be one of them */
	VDecl *nc = vk_temp(l->vk, "DVN", VT_UD, l->simd), *dc = vk_temp(l->vk, "DVD", VT_UD, l->simd);
	alu(l, "mov", VT_UD, nc, 1, &nv, 0);
	alu(l, "mov", VT_UD, dc, 1, &dv, 0);
	n = val_vec(nc), d = val_vec(dc);
	convert(l, r, VT_F, d, VT_UD);
	s[0] = val_vec(r);
	alu(l, "inv", VT_F, r, 1, s, 0);
	s[0] = val_vec(r), s[1] = val_imm(SCALE_BELOW_ONE);
	alu(l, "mul", VT_F, r, 2, s, 0);
	alu(l, "mov", VT_UD, rem, 1, &n, 0);
	refine(l, q, rem, val_vec(r), d, 1);
	refine(l, q, rem, val_vec(r), d, 0);
	for (i = 0; i < 2; i++) {
		p = compare(l, "ge", VT_UD, val_vec(rem), d);
		s[0] = val_vec(q), s[1] = val_imm(1);
		alu_pred(l, p, "add", VT_UD, q, 2, s);
		s[0] = val_vec(rem), s[1] = d;
		s[1].neg = 1;
		alu_pred(l, p, "add", VT_D, rem, 2, s);
	}
	p = compare(l, "eq", VT_UD, d, val_imm(0));
	s[0] = val_imm(0xffffffffu);
	alu_pred(l, p, "mov", VT_UD, mod ? rem : q, 1, s);
	s[0] = val_vec(mod ? rem : q);
	alu(l, "mov", VT_UD, dst, 1, s, 0);
}
