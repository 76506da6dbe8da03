/* lower_fmath.c - the float AMD IL instructions beyond the basic ALU, and
 * the modifiers that change a float result (docs/fmath.md has the rules and
 * their sources; src/emu/amd_fmath.c is the AMD side):
 *
 *   exact        div_precise (correctly rounded: the significands divided
 *                with 32-bit integer divides, 26 quotient bits and a sticky
 *                bit, rounded to nearest even), mod_ieee and mod (C fmod: the
 *                significand reduced 8 exponent steps at a time by integer
 *                remainders, exact), lrp (t*a + (1-t)*b, each step
 *                rounded), fldexp (three exact power-of-two multiplies, one
 *                rounding), frexp_exp / frexp_mant (exponent and significand
 *                bits), f2f16_neg_inf / f2f16_plus_inf (the nearest-even half,
 *                stepped one half ulp toward the mode when it lies on the
 *                wrong side).  f_2_u4 is lower_media.c's (amd_pack).
 *   approximate  legacy scalar ops reading lane w: exn (Cody-Waite
 *                reduction by ln 2, the math unit's exp, an exact scaling),
 *                ln (log2 times ln 2), tan (sin / cos), pow (the math unit's
 *                pow), atan / asin / acos (odd polynomials on a reduced
 *                argument, the reduction's rounding errors recovered with
 *                fused steps and added to the small part).
 *   modifiers    _rte _rtp _rtn _rtz on add, sub, mul, mad, fma: cr0's
 *                rounding field (bits 5:4) flipped around the instruction with
 *                a NoMask xor, as IGC does for convert_*_rt* (on dadd, dsub,
 *                dmul, dmad: lower_f64.c's round_pack takes the mode);
 *                _x2 .. _d8: the result times a power of two, then _sat.
 *   class        the fp-class test (fclass): the mask bits and the all-ones
 *                result of AMD's own library (docs/fmath.md).
 *   refused      cmov, mod, len, dist, nrm, pireduce: no source gives their
 *                rule (isa.c's isa_undocumented says which part is missing,
 *                in the diagnostic and in docs/ISA.md).
 * Float denormals are flushed (cr0 as dispatched), as everywhere.
 */
#include <string.h>

#include "translate.h"

#include "lowerint.h"

static VDecl *t32(L *l)
{
	return vk_temp(l->vk, "FM", VT_D, l->simd);
}

static Val V(VDecl *d)
{
	return val_vec(d);
}

static Val I(uint32_t u)
{
	return val_imm(u);
}

static Val neg(Val v)
{
	v.neg = !v.neg;
	return v;
}

static void op1(L *l, const char *op, VType t, VDecl *d, Val a)
{
	alu(l, op, t, d, 1, &a, 0);
}

static void op2(L *l, const char *op, VType t, VDecl *d, Val a, Val b)
{
	Val s[2] = {a, b};
	alu(l, op, t, d, 2, s, 0);
}

static void op3(L *l, const char *op, VType t, VDecl *d, Val a, Val b, Val c)
{
	Val s[3] = {a, b, c};
	alu(l, op, t, d, 3, s, 0);
}

/* d = p ? a : b, bits */
static void sel(L *l, VDecl *p, VDecl *d, Val a, Val b)
{
	lower_select(l, p, 0, d, VT_UD, a, b);
}

static VDecl *cmp(L *l, const char *rel, VType t, Val a, Val b)
{
	return compare(l, rel, t, a, b);
}

/* the float x with its modifiers applied and a denormal flushed (an exact
 * multiply by 1.0); NaN as the float ALU gives it */
static VDecl *flushed(L *l, Val x)
{
	VDecl *d = t32(l);
	op2(l, "mul", VT_F, d, x, I(0x3f800000u));
	return d;
}

/* q = n / d, r = n % d (unsigned 32-bit, d != 0) */
static void udivmod(L *l, VDecl *q, VDecl *r, Val n, Val d)
{
	VDecl *t = t32(l);
	if (l->o->plat->int_divide)
		op2(l, "div", VT_UD, q, n, d);
	else
		udiv_emulated(l, 0, q, n, d);
	op2(l, "mul", VT_UD, t, V(q), d);
	op2(l, "add", VT_D, r, n, neg(V(t)));
}

static void goto_(L *l, VDecl *p, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

/* ---- exact operations ------------------------------------------------------- */

/* sign, biased exponent and significand (hidden bit set) of flushed bits */
static void unpack(L *l, VDecl *x, VDecl *s, VDecl *e, VDecl *m)
{
	op2(l, "and", VT_UD, s, V(x), I(0x80000000u));
	op2(l, "shr", VT_UD, e, V(x), I(23));
	op2(l, "and", VT_UD, e, V(e), I(0xff));
	op2(l, "and", VT_UD, m, V(x), I(0x7fffff));
	op2(l, "or", VT_UD, m, V(m), I(0x800000));
}

/* d = a / b correctly rounded, denormal inputs and results flushed */
static void div_precise(L *l, VDecl *d, Val a, Val b)
{
	VDecl *A = flushed(l, a), *B = flushed(l, b);
	VDecl *sa = t32(l), *ea = t32(l), *ma = t32(l), *sb = t32(l), *eb = t32(l), *mb = t32(l);
	VDecl *e = t32(l), *q = t32(l), *r = t32(l), *Q = t32(l), *t = t32(l), *up = t32(l), *p;
	VDecl *spec = t32(l), *za, *zb, *ia, *ib;
	int k;
	unpack(l, A, sa, ea, ma);
	unpack(l, B, sb, eb, mb);
	op2(l, "xor", VT_UD, sa, V(sa), V(sb)); /* the result's sign */
	/* q = ma / mb in [1, 2): ma doubled when below mb, the exponent one less */
	op2(l, "add", VT_D, e, V(ea), neg(V(eb)));
	op2(l, "add", VT_D, e, V(e), I(127));
	p = cmp(l, "lt", VT_UD, V(ma), V(mb));
	op2(l, "shl", VT_UD, t, V(ma), I(1));
	sel(l, p, ma, V(t), V(ma));
	op2(l, "add", VT_D, t, V(e), I(0xffffffffu));
	sel(l, p, e, V(t), V(e));
	/* Q = floor(ma * 2^25 / mb) in [2^25, 2^26) from four steps of 7, 8, 8
	 * and 2 bits; each remainder stays below mb < 2^24 */
	{
		static const int sh[4] = {7, 8, 8, 2};
		op1(l, "mov", VT_UD, r, V(ma));
		op1(l, "mov", VT_UD, Q, I(0));
		for (k = 0; k < 4; k++) {
			op2(l, "shl", VT_UD, t, V(r), I((uint32_t)sh[k]));
			udivmod(l, q, r, V(t), V(mb));
			op2(l, "shl", VT_UD, Q, V(Q), I((uint32_t)sh[k]));
			op2(l, "or", VT_UD, Q, V(Q), V(q));
		}
	}
	/* round to nearest even: significand Q >> 2, guard bit 1; up when the
	 * guard is set and bit 0, the remainder or the significand's lsb is */
	op2(l, "shr", VT_UD, q, V(Q), I(2));
	op2(l, "and", VT_UD, t, V(Q), I(1));
	p = cmp(l, "ne", VT_UD, V(r), I(0));
	sel(l, p, t, I(1), V(t));
	op2(l, "and", VT_UD, up, V(q), I(1));
	op2(l, "or", VT_UD, t, V(t), V(up));
	op2(l, "and", VT_UD, up, V(Q), I(2));
	p = cmp(l, "ne", VT_UD, V(up), I(0));
	sel(l, p, up, V(t), I(0));
	p = cmp(l, "ne", VT_UD, V(up), I(0));
	op2(l, "add", VT_D, r, V(q), I(1));
	sel(l, p, q, V(r), V(q));
	/* the bits: q is 2^23 .. 2^24 (a carry moves the exponent) */
	op2(l, "shl", VT_UD, t, V(e), I(23));
	op2(l, "add", VT_D, t, V(t), V(q));
	op2(l, "add", VT_D, t, V(t), I(0xff800000u)); /* minus the hidden bit */
	op2(l, "or", VT_UD, d, V(t), V(sa));
	/* overflow: Inf */
	op2(l, "or", VT_UD, t, V(sa), I(0x7f800000u));
	p = cmp(l, "ge", VT_D, V(e), I(255));
	sel(l, p, d, V(t), V(d));
	op2(l, "and", VT_UD, r, V(d), I(0x7fffffffu));
	p = cmp(l, "ge", VT_UD, V(r), I(0x7f800000u)); /* a carry into 255 */
	sel(l, p, d, V(t), V(d));
	/* below FLT_MIN: +-0, or FLT_MIN when the denormal rounds up to it */
	p = cmp(l, "le", VT_D, V(e), I(0));
	sel(l, p, d, V(sa), V(d));
	op2(l, "or", VT_UD, t, V(sa), I(0x00800000u));
	p = cmp(l, "eq", VT_D, V(e), I(0));
	op1(l, "mov", VT_UD, r, I(0));
	sel(l, p, r, V(Q), V(r));
	p = cmp(l, "ge", VT_UD, V(r), I(0x3fffffcu));
	sel(l, p, d, V(t), V(d));
	/* zeros, infinities and NaNs */
	za = cmp(l, "eq", VT_UD, V(ea), I(0));
	op1(l, "mov", VT_UD, spec, I(0));
	sel(l, za, spec, I(1), V(spec));           /* 1: a zero */
	zb = cmp(l, "eq", VT_UD, V(eb), I(0));
	op2(l, "or", VT_UD, t, V(spec), I(2));
	sel(l, zb, spec, V(t), V(spec));           /* 2: b zero */
	ia = cmp(l, "eq", VT_UD, V(ea), I(255));
	op2(l, "or", VT_UD, t, V(spec), I(4));
	sel(l, ia, spec, V(t), V(spec));           /* 4: a Inf/NaN */
	ib = cmp(l, "eq", VT_UD, V(eb), I(255));
	op2(l, "or", VT_UD, t, V(spec), I(8));
	sel(l, ib, spec, V(t), V(spec));           /* 8: b Inf/NaN */
	/* a zero or b Inf: +-0; b zero or a Inf: +-Inf; 0/0, Inf/Inf: NaN */
	{
		VDecl *z = t32(l), *inf = t32(l);
		op2(l, "and", VT_UD, t, V(spec), I(9));
		p = cmp(l, "ne", VT_UD, V(t), I(0));
		sel(l, p, d, V(sa), V(d));
		op2(l, "or", VT_UD, inf, V(sa), I(0x7f800000u));
		op2(l, "and", VT_UD, t, V(spec), I(6));
		p = cmp(l, "ne", VT_UD, V(t), I(0));
		sel(l, p, d, V(inf), V(d));
		op2(l, "and", VT_UD, z, V(spec), I(3));
		p = cmp(l, "eq", VT_UD, V(z), I(3));
		sel(l, p, d, I(0x7fc00000u), V(d));
		op2(l, "and", VT_UD, z, V(spec), I(12));
		p = cmp(l, "eq", VT_UD, V(z), I(12));
		sel(l, p, d, I(0x7fc00000u), V(d));
		p = cmp(l, "ne", VT_F, V(A), V(A));   /* NaN operands */
		sel(l, p, d, I(0x7fc00000u), V(d));
		p = cmp(l, "ne", VT_F, V(B), V(B));
		sel(l, p, d, I(0x7fc00000u), V(d));
	}
}

/* d = x mod y (C fmod, exact), denormals flushed */
static void mod_ieee(L *l, VDecl *d, Val x, Val y)
{
	VDecl *X = flushed(l, x), *Y = flushed(l, y);
	VDecl *sx = t32(l), *ex = t32(l), *mx = t32(l), *sy = t32(l), *ey = t32(l), *my = t32(l);
	VDecl *dd = t32(l), *r = t32(l), *q = t32(l), *s = t32(l), *t = t32(l), *cnt = t32(l), *p;
	const char *head = vk_label_name(l->vk, "fmodloop"), *out = vk_label_name(l->vk, "fmoddone");
	unpack(l, X, sx, ex, mx);
	unpack(l, Y, sy, ey, my);
	/* r = mx * 2^(ex - ey) mod my, 8 exponent steps at a time (at most 32
	 * steps: ex - ey <= 253); a remainder stays below my < 2^24 */
	op2(l, "add", VT_D, dd, V(ex), neg(V(ey)));
	op2(l, "max", VT_D, dd, V(dd), I(0));
	udivmod(l, q, r, V(mx), V(my));
	op1(l, "mov", VT_D, cnt, I(0));
	vk_label(l->vk, head);
	p = cmp(l, "ge", VT_D, V(cnt), I(32));
	goto_(l, p, out);
	op2(l, "min", VT_D, s, V(dd), I(8));
	op2(l, "shl", VT_UD, t, V(r), V(s));
	udivmod(l, q, r, V(t), V(my));
	op2(l, "add", VT_D, dd, V(dd), neg(V(s)));
	op2(l, "add", VT_D, cnt, V(cnt), I(1));
	goto_(l, NULL, head);
	vk_label(l->vk, out);
	/* normalize: the leading one to bit 23, the exponent ey less the shift */
	op1(l, "lzd", VT_UD, s, V(r));
	op2(l, "add", VT_D, s, V(s), I(0xfffffff8u));   /* lzd - 8 */
	op2(l, "shl", VT_UD, t, V(r), V(s));
	op2(l, "and", VT_UD, t, V(t), I(0x7fffff));
	op2(l, "add", VT_D, q, V(ey), neg(V(s)));       /* the exponent */
	op2(l, "shl", VT_UD, d, V(q), I(23));
	op2(l, "or", VT_UD, d, V(d), V(t));
	op2(l, "or", VT_UD, d, V(d), V(sx));
	/* an exact zero, or below FLT_MIN (a denormal): +-0 with x's sign */
	p = cmp(l, "le", VT_D, V(q), I(0));
	sel(l, p, d, V(sx), V(d));
	p = cmp(l, "eq", VT_UD, V(r), I(0));
	sel(l, p, d, V(sx), V(d));
	/* |x| < |y|, x zero, y Inf: x; x Inf or NaN, y zero or NaN: NaN */
	p = cmp(l, "lt", VT_D, V(ex), V(ey));
	sel(l, p, d, V(X), V(d));
	p = cmp(l, "eq", VT_UD, V(ex), I(0));
	sel(l, p, d, V(X), V(d));
	p = cmp(l, "eq", VT_UD, V(ey), I(255));
	sel(l, p, d, V(X), V(d));
	p = cmp(l, "eq", VT_UD, V(ex), I(255));
	sel(l, p, d, I(0x7fc00000u), V(d));
	p = cmp(l, "eq", VT_UD, V(ey), I(0));
	sel(l, p, d, I(0x7fc00000u), V(d));
	p = cmp(l, "ne", VT_F, V(Y), V(Y));
	sel(l, p, d, I(0x7fc00000u), V(d));
	p = cmp(l, "ne", VT_F, V(X), V(X));
	sel(l, p, d, I(0x7fc00000u), V(d));
}

/* d = x * 2^n: n clamped to [-378, 381] and applied in three steps of at
 * most 2^127 / 2^-126, each exact until the last one rounds */
static void fldexp(L *l, VDecl *d, Val x, Val n)
{
	VDecl *N = t32(l), *k = t32(l), *sc = t32(l);
	Val cur = x;
	int i;
	op1(l, "mov", VT_D, N, n);
	op2(l, "max", VT_D, N, V(N), I((uint32_t)-378));
	op2(l, "min", VT_D, N, V(N), I(381));
	for (i = 0; i < 3; i++) {
		op2(l, "max", VT_D, k, V(N), I((uint32_t)-126));
		op2(l, "min", VT_D, k, V(k), I(127));
		op2(l, "add", VT_D, N, V(N), neg(V(k)));
		op2(l, "add", VT_D, sc, V(k), I(127));
		op2(l, "shl", VT_UD, sc, V(sc), I(23));
		op2(l, "mul", VT_F, d, cur, V(sc));
		cur = V(d);
	}
}

static void frexp_(L *l, VDecl *d, Val x, int mant)
{
	VDecl *X = flushed(l, x), *e = t32(l), *p1, *p2;
	op2(l, "shr", VT_UD, e, V(X), I(23));
	op2(l, "and", VT_UD, e, V(e), I(0xff));
	if (mant) {
		op2(l, "and", VT_UD, d, V(X), I(0x807fffffu));
		op2(l, "or", VT_UD, d, V(d), I(0x3f000000u));
	} else {
		op2(l, "add", VT_D, d, V(e), I((uint32_t)-126));
	}
	p1 = cmp(l, "eq", VT_UD, V(e), I(0));
	sel(l, p1, d, mant ? V(X) : I(0), V(d));
	p2 = cmp(l, "eq", VT_UD, V(e), I(255));
	sel(l, p2, d, mant ? V(X) : I(0), V(d));
}

/* the bits of a float source with its _abs / _neg applied to the sign bit
 * and nothing else (a denormal stays one) */
static VDecl *fbits(L *l, Val x)
{
	VDecl *d = t32(l);
	int n = x.neg, a = x.abs;
	x.neg = x.abs = 0;
	op1(l, "mov", VT_UD, d, x);
	if (a)
		op2(l, "and", VT_UD, d, V(d), I(0x7fffffffu));
	if (n)
		op2(l, "xor", VT_UD, d, V(d), I(0x80000000u));
	return d;
}

/* class x, mask: all ones when x's class has its bit set in mask, else 0.
 * Bits (HSAFoundation/builtins class.cl, GCN v_cmp_class): 0 signalling
 * NaN, 1 quiet NaN, 2 -Inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
 * 7 +denormal, 8 +normal, 9 +Inf.  x is read unflushed (docs/fmath.md).
 * The bit index p of a positive class is 6..9; its negative twin is 11 - p. */
static void fclass(L *l, VDecl *d, Val x, Val mask)
{
	VDecl *X = fbits(l, x), *m = t32(l), *p = t32(l), *q = t32(l), *M = t32(l), *c;
	op1(l, "mov", VT_D, M, mask);                         /* _neg: two's complement */
	op2(l, "and", VT_UD, m, V(X), I(0x7fffffffu));
	op1(l, "mov", VT_UD, p, I(6));
	c = cmp(l, "ne", VT_UD, V(m), I(0));
	sel(l, c, p, I(7), V(p));
	c = cmp(l, "ge", VT_UD, V(m), I(0x00800000u));
	sel(l, c, p, I(8), V(p));
	c = cmp(l, "ge", VT_UD, V(m), I(0x7f800000u));
	sel(l, c, p, I(9), V(p));
	op2(l, "add", VT_D, q, neg(V(p)), I(11));
	c = cmp(l, "lt", VT_D, V(X), I(0));
	sel(l, c, p, V(q), V(p));
	op2(l, "shr", VT_UD, q, V(m), I(22));                 /* NaN: the quiet bit */
	op2(l, "and", VT_UD, q, V(q), I(1));
	c = cmp(l, "gt", VT_UD, V(m), I(0x7f800000u));
	sel(l, c, p, V(q), V(p));
	op2(l, "shr", VT_UD, q, V(M), V(p));
	op2(l, "and", VT_UD, q, V(q), I(1));
	op2(l, "add", VT_D, d, neg(V(q)), I(0));
}

/* one mov between types (a conversion) */
static void cvt(L *l, VDecl *d, VType dt, Val s, VType st)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, "mov", h);
		in->ops[0] = vo_dst(vk_alias(l->vk, d, dt, 0), h * l->chunk);
		in->ops[1] = opnd(l, s, st, h);
		in->nops = 2;
	}
}

/* float -> half rounded toward +Inf (up) or -Inf: the nearest-even half,
 * moved one step toward the mode when it lies on the other side of x */
static void f2h_directed(L *l, VDecl *d, Val x, int up)
{
	VDecl *X = flushed(l, x), *h = vk_temp(l->vk, "HF", VT_HF, l->simd), *H = t32(l);
	VDecl *bk = t32(l), *nx = t32(l), *t = t32(l), *sg, *p;
	cvt(l, h, VT_HF, V(X), VT_F);
	cvt(l, H, VT_UD, V(h), VT_UW);
	cvt(l, bk, VT_F, V(h), VT_HF);
	/* the next half in the mode's direction */
	op2(l, "and", VT_UD, t, V(H), I(0x8000));
	sg = cmp(l, "ne", VT_UD, V(t), I(0));
	op2(l, "add", VT_D, nx, V(H), I(1));
	op2(l, "add", VT_D, t, V(H), I(0xffffffffu));
	if (up)
		sel(l, sg, nx, V(t), V(nx));      /* negative: toward zero */
	else
		sel(l, sg, nx, V(nx), V(t));      /* negative: away from zero */
	p = cmp(l, "eq", VT_UD, V(H), I(up ? 0x8000 : 0));
	sel(l, p, nx, I(up ? 1 : 0x8001), V(nx)); /* past the zero */
	p = cmp(l, up ? "lt" : "gt", VT_F, V(bk), V(X));
	sel(l, p, d, V(nx), V(H));
}


/* e^x: k = rnde(x log2 e), r = x - k ln 2 (Cody-Waite, two fused steps),
 * exp(r log2 e) * 2^k with the power of two in two exact halves; x > 88.8
 * gives +Inf, x < -88 gives +0 (below FLT_MIN anyway) */
static void exn(L *l, VDecl *d, Val x)
{
	VDecl *X = flushed(l, x), *k = t32(l), *r = t32(l), *K = t32(l), *K1 = t32(l), *p;
	op2(l, "mul", VT_F, k, V(X), I(0x3fb8aa3bu));
	op1(l, "rnde", VT_F, k, V(k));
	op3(l, "mad", VT_F, r, V(k), I(0xbf317200u), V(X));
	op3(l, "mad", VT_F, r, V(k), I(0xb5bfbe8eu), V(r));
	op2(l, "mul", VT_F, r, V(r), I(0x3fb8aa3bu));
	op1(l, "exp", VT_F, r, V(r));
	cvt(l, K, VT_D, V(k), VT_F);
	op2(l, "asr", VT_D, K1, V(K), I(1));
	op2(l, "add", VT_D, K, V(K), neg(V(K1)));
	op2(l, "add", VT_D, K1, V(K1), I(127));
	op2(l, "shl", VT_UD, K1, V(K1), I(23));
	op2(l, "add", VT_D, K, V(K), I(127));
	op2(l, "shl", VT_UD, K, V(K), I(23));
	op2(l, "mul", VT_F, d, V(r), V(K1));
	op2(l, "mul", VT_F, d, V(d), V(K));
	p = cmp(l, "gt", VT_F, V(X), I(0x42b1999au)); /* 88.8 */
	sel(l, p, d, I(0x7f800000u), V(d));
	p = cmp(l, "lt", VT_F, V(X), I(0xc2b00000u)); /* -88 */
	sel(l, p, d, I(0), V(d));
}

/* ---- inverse trigonometric functions ------------------------------------------- */

/* odd-power polynomials: atan(y) = y + y^3 P(y^2), asin(y) = y + y^3 Q(y^2)
 * for y^2 <= 1/4, interpolated at Chebyshev nodes in double precision
 * (tests/ref checks the results; each float coefficient contributes below
 * 3e-9 of the result) */
static const uint32_t atan_p[9] = {0xbeaaaaab, 0x3e4ccccd, 0xbe124922, 0x3de38d67, 0xbdba1d55,
                                   0x3d9cbbd3, 0xbd82c0e1, 0x3d3e7d49, 0xbca8fdb6};
static const uint32_t asin_q[8] = {0x3e2aaaab, 0x3d99999a, 0x3d36dae8, 0x3cf90476, 0x3cb54f16,
                                   0x3c9e2838, 0x3bb25c32, 0x3cf011ae};
/* pi/2, pi/4, pi as a float and the float of the rest */
enum { PI2_HI = 0x3fc90fdb, PI2_LO = 0xb33bbd2e, PI4_HI = 0x3f490fdb, PI4_LO = 0xb2bbbd2e,
       PI_HI = 0x40490fdb, PI_LO = 0xb3bbbd2e, ONE = 0x3f800000, HALF = 0x3f000000 };

/* d = c[n-1] u^(n-1) + ... + c[0], Horner with fused steps */
static void poly(L *l, VDecl *d, Val u, const uint32_t *c, int n)
{
	int k;
	op1(l, "mov", VT_UD, d, I(c[n - 1]));
	for (k = n - 2; k >= 0; k--)
		op3(l, "mad", VT_F, d, V(d), u, I(c[k]));
}

/* |x| of the flushed x, and +-1.0 with x's sign */
static void abs_sign(L *l, VDecl *X, VDecl *a, VDecl *sg)
{
	op2(l, "and", VT_UD, a, V(X), I(0x7fffffffu));
	op2(l, "and", VT_UD, sg, V(X), I(0x80000000u));
	op2(l, "or", VT_UD, sg, V(sg), I(ONE));
}

/* atan: a = |x| reduced to y in [-1/2, 1/2] as a (a < 1/2), (a-1)/(a+1)
 * plus pi/4 (a in [1/2, 2]), -1/a plus pi/2 (a > 2); the rounding error of
 * the reduction is kept as c and added (times 1 - y^2) to the small part:
 * base_hi + (y + (base_lo + y^3 P(y^2) + c(1 - y^2))) */
static void atan_(L *l, VDecl *d, Val x)
{
	VDecl *X = flushed(l, x), *a = t32(l), *sg = t32(l), *y = t32(l), *c = t32(l), *u = t32(l);
	VDecl *t = t32(l), *t2 = t32(l), *num = t32(l), *den = t32(l), *p = t32(l);
	VDecl *hi = t32(l), *lo = t32(l), *r2, *r3, *pinf;
	abs_sign(l, X, a, sg);
	op1(l, "mov", VT_UD, y, V(a));
	op1(l, "mov", VT_UD, c, I(0));
	op1(l, "mov", VT_UD, hi, I(0));
	op1(l, "mov", VT_UD, lo, I(0));
	/* [1/2, 2]: num = a - 1 exact; den = a + 1 with its error a - (den - 1) */
	op2(l, "add", VT_F, num, V(a), I(0xbf800000u));
	op2(l, "add", VT_F, den, V(a), I(ONE));
	op2(l, "div", VT_F, t, V(num), V(den));
	op3(l, "mad", VT_F, t2, neg(V(t)), V(den), V(num));   /* num - t den, exact */
	op2(l, "add", VT_F, p, V(den), I(0xbf800000u));
	op2(l, "add", VT_F, p, V(a), neg(V(p)));                /* a + 1 - den, exact */
	op3(l, "mad", VT_F, t2, neg(V(t)), V(p), V(t2));       /* - t (a + 1 - den) */
	op2(l, "div", VT_F, t2, V(t2), V(den));
	r2 = cmp(l, "ge", VT_F, V(a), I(HALF));
	sel(l, r2, y, V(t), V(y));
	sel(l, r2, c, V(t2), V(c));
	sel(l, r2, hi, I(PI4_HI), V(hi));
	sel(l, r2, lo, I(PI4_LO), V(lo));
	/* > 2: y = -1/a, c = -(1 - a/a~)/a */
	op2(l, "div", VT_F, t, I(ONE), V(a));
	op3(l, "mad", VT_F, t2, neg(V(t)), V(a), I(ONE));      /* 1 - t a, exact */
	op2(l, "mul", VT_F, t2, V(t2), neg(V(t)));              /* -(1 - t a) t: -1/a - (-t) */
	pinf = cmp(l, "eq", VT_F, V(a), I(0x7f800000u));
	sel(l, pinf, t2, I(0), V(t2));
	r3 = cmp(l, "gt", VT_F, V(a), I(0x40000000u));
	op2(l, "xor", VT_UD, t, V(t), I(0x80000000u));         /* -1/a (a bit flip: sel copies bits) */
	sel(l, r3, y, V(t), V(y));
	sel(l, r3, c, V(t2), V(c));
	sel(l, r3, hi, I(PI2_HI), V(hi));
	sel(l, r3, lo, I(PI2_LO), V(lo));
	/* the polynomial and the sum, small parts first */
	op2(l, "mul", VT_F, u, V(y), V(y));
	poly(l, p, V(u), atan_p, 9);
	op3(l, "mad", VT_F, t2, neg(V(c)), V(u), V(c));        /* c (1 - y^2) */
	op2(l, "mul", VT_F, t, V(y), V(u));
	op3(l, "mad", VT_F, t, V(t), V(p), V(t2));
	op2(l, "add", VT_F, t, V(t), V(lo));
	op2(l, "add", VT_F, t, V(t), V(y));
	op2(l, "add", VT_F, t, V(t), V(hi));
	op2(l, "mul", VT_F, d, V(t), V(sg));
}

/* y + y^3 Q(y^2) for y <= 1/2 (into d), u = y^2 given */
static void asin_small(L *l, VDecl *d, Val y, Val u)
{
	VDecl *q = t32(l), *w = t32(l);
	poly(l, q, u, asin_q, 8);
	op2(l, "mul", VT_F, w, y, u);
	op3(l, "mad", VT_F, d, V(w), V(q), y);
}

/* for a in (1/2, 1]: s = sqrt(z), z = (1 - a)/2 exact, and the small part
 * of 2 asin(s) - 2s: 2 s z Q(z) + (z - s^2)/s (the square root's error) */
static void asin_big(L *l, VDecl *s2, VDecl *small, Val a)
{
	VDecl *z = t32(l), *s = t32(l), *e = t32(l), *q = t32(l), *p;
	op2(l, "add", VT_F, z, I(ONE), neg(a));
	op2(l, "mul", VT_F, z, V(z), I(HALF));
	op1(l, "sqrt", VT_F, s, V(z));
	op3(l, "mad", VT_F, e, neg(V(s)), V(s), V(z));          /* z - s^2, exact */
	op2(l, "div", VT_F, e, V(e), V(s));
	p = cmp(l, "eq", VT_F, V(s), I(0));
	sel(l, p, e, I(0), V(e));
	poly(l, q, V(z), asin_q, 8);
	op2(l, "add", VT_F, s2, V(s), V(s));                    /* 2s */
	op2(l, "mul", VT_F, small, V(s2), V(z));
	op3(l, "mad", VT_F, small, V(small), V(q), V(e));
}

/* asin: y + y^3 Q(y^2) for |x| <= 1/2, else pi/2 - 2 asin(sqrt((1-|x|)/2)) as
 * (pi/2_hi - 2s) + (pi/2_lo - small); the sign of x */
static void asin_(L *l, VDecl *d, Val x)
{
	VDecl *X = flushed(l, x), *a = t32(l), *sg = t32(l), *u = t32(l), *r = t32(l);
	VDecl *s2 = t32(l), *small = t32(l), *t = t32(l), *p;
	abs_sign(l, X, a, sg);
	op2(l, "mul", VT_F, u, V(a), V(a));
	asin_small(l, r, V(a), V(u));
	asin_big(l, s2, small, V(a));
	op2(l, "add", VT_F, t, I(PI2_HI), neg(V(s2)));
	op2(l, "add", VT_F, small, I(PI2_LO), neg(V(small)));
	op2(l, "add", VT_F, t, V(t), V(small));
	p = cmp(l, "gt", VT_F, V(a), I(HALF));
	sel(l, p, r, V(t), V(r));
	op2(l, "mul", VT_F, d, V(r), V(sg));
}

/* acos: pi/2 - asin(x) for |x| <= 1/2; 2 asin(s) for x > 1/2; pi - 2 asin(s)
 * for x < -1/2 (s = sqrt((1-|x|)/2)) */
static void acos_(L *l, VDecl *d, Val x)
{
	VDecl *X = flushed(l, x), *a = t32(l), *sg = t32(l), *u = t32(l), *r = t32(l), *w = t32(l);
	VDecl *q = t32(l), *s2 = t32(l), *small = t32(l), *t = t32(l), *p;
	abs_sign(l, X, a, sg);
	/* |x| <= 1/2: pi/2_hi + ((pi/2_lo - x^3 Q) - x) */
	op2(l, "mul", VT_F, u, V(X), V(X));
	poly(l, q, V(u), asin_q, 8);
	op2(l, "mul", VT_F, w, V(X), V(u));
	op2(l, "mul", VT_F, w, V(w), V(q));
	op2(l, "add", VT_F, r, I(PI2_LO), neg(V(w)));
	op2(l, "add", VT_F, r, V(r), neg(V(X)));
	op2(l, "add", VT_F, r, V(r), I(PI2_HI));
	asin_big(l, s2, small, V(a));
	/* x > 1/2: 2s + small */
	op2(l, "add", VT_F, t, V(s2), V(small));
	p = cmp(l, "gt", VT_F, V(X), I(HALF));
	sel(l, p, r, V(t), V(r));
	/* x < -1/2: pi_hi + ((pi_lo - small) - 2s) */
	op2(l, "add", VT_F, t, I(PI_LO), neg(V(small)));
	op2(l, "add", VT_F, t, V(t), neg(V(s2)));
	op2(l, "add", VT_F, t, V(t), I(PI_HI));
	p = cmp(l, "lt", VT_F, V(X), I(0xbf000000u));
	sel(l, p, r, V(t), V(r));
	op1(l, "mov", VT_UD, d, V(r));
}

/* ---- the instructions ---------------------------------------------------------- */

int fmath_knows(Opcode op)
{
	switch (op) {
	case OP_DIV_PRECISE: case OP_MOD_IEEE: case OP_MOD: case OP_LRP: case OP_FLDEXP: case OP_FREXP_EXP:
	case OP_FREXP_MANT: case OP_F2F16_NEG_INF: case OP_F2F16_PLUS_INF:
	case OP_EXN: case OP_LN: case OP_TAN: case OP_POW: case OP_ASIN: case OP_ACOS: case OP_ATAN:
	case OP_CLASS:
		return 1;
	default:
		return 0;
	}
}

/* an integer or half result: no _sat, no destination shift */
static int int_result(Opcode op)
{
	return op == OP_FREXP_EXP || op == OP_F2F16_NEG_INF || op == OP_F2F16_PLUS_INF || op == OP_CLASS;
}

/* legacy scalar transcendentals: lane w of every source, replicated */
static int lane_w(Opcode op)
{
	return op == OP_EXN || op == OP_LN || op == OP_TAN || op == OP_POW || op == OP_ASIN ||
	       op == OP_ACOS || op == OP_ATAN;
}

static void fmath_comp(L *l, const Inst *in, VDecl *d, int c)
{
	Val s[3];
	int i, lc = lane_w(in->op) ? 3 : c;
	for (i = 0; i < in->nops - 1 && i < 3; i++)
		s[i] = lsrc(l, &in->ops[1 + i], lc);
	switch (in->op) {
	case OP_DIV_PRECISE: div_precise(l, d, s[0], s[1]); break;
	case OP_MOD_IEEE: case OP_MOD: mod_ieee(l, d, s[0], s[1]); break;
	case OP_LRP: {
		/* t*a + (1-t)*b as amdil.md writes it, each step rounded */
		VDecl *t = t32(l), *u = t32(l);
		op2(l, "mul", VT_F, t, s[0], s[1]);
		op2(l, "add", VT_F, u, I(0x3f800000u), neg(s[0]));
		op2(l, "mul", VT_F, u, V(u), s[2]);
		op2(l, "add", VT_F, d, V(t), V(u));
		break;
	}
	case OP_FLDEXP: fldexp(l, d, s[0], s[1]); break;
	case OP_CLASS: fclass(l, d, s[0], s[1]); break;
	case OP_FREXP_EXP: frexp_(l, d, s[0], 0); break;
	case OP_FREXP_MANT: frexp_(l, d, s[0], 1); break;
	case OP_F2F16_NEG_INF: f2h_directed(l, d, s[0], 0); break;
	case OP_F2F16_PLUS_INF: f2h_directed(l, d, s[0], 1); break;
	case OP_EXN: exn(l, d, s[0]); break;
	case OP_ASIN: asin_(l, d, s[0]); break;
	case OP_ACOS: acos_(l, d, s[0]); break;
	case OP_ATAN: atan_(l, d, s[0]); break;
	case OP_LN: {
		VDecl *t = t32(l);
		op1(l, "log", VT_F, t, s[0]);
		op2(l, "mul", VT_F, d, V(t), I(0x3f317218u)); /* ln 2 */
		break;
	}
	case OP_TAN: {
		VDecl *sn = t32(l), *cs = t32(l);
		op1(l, "sin", VT_F, sn, s[0]);
		op1(l, "cos", VT_F, cs, s[0]);
		op2(l, "div", VT_F, d, V(sn), V(cs));
		break;
	}
	default: /* OP_POW */
		op2(l, "pow", VT_F, d, s[0], s[1]);
		break;
	}
}

/* the destination shift's power of two (0: none) */
int fmath_shift(const Inst *in)
{
	static const char *const n[] = {"x2", "x4", "x8", "d2", "d4", "d8"};
	static const int k[] = {1, 2, 3, -1, -2, -3};
	int i;
	size_t j;
	for (i = 0; i < in->nmods; i++)
		for (j = 0; j < NELEM(n); j++)
			if (!strcmp(in->mods[i].name, n[j]))
				return k[j];
	return 0;
}

static int round_bits(const Inst *in)
{
	static const char *const n[] = {"rte", "rtp", "rtn", "rtz"};
	int i, j;
	for (i = 0; i < in->nmods; i++)
		for (j = 0; j < 4; j++)
			if (!strcmp(in->mods[i].name, n[j]))
				return 0x100 | j << 4; /* cr0 bits 5:4: 0 even, 1 up, 2 down, 3 zero */
	return 0;
}

/* the rounding mode of a double instruction: 0 nearest even (also
 * without a modifier), 1 toward +Inf, 2 toward -Inf, 3 toward zero */
int fmath_round_mode(const Inst *in)
{
	return round_bits(in) >> 4 & 3;
}

int fmath_mod(const char *name)
{
	static const char *const n[] = {"rte", "rtp", "rtn", "rtz", "x2", "x4", "x8", "d2", "d4", "d8"};
	size_t j;
	for (j = 0; j < NELEM(n); j++)
		if (!strcmp(name, n[j]))
			return 1;
	return 0;
}

/* dst = dst * 2^shift, then _sat (alu_comp leaves _sat to this when a
 * shift is present) */
void fmath_post(L *l, const Inst *in, VDecl *dst)
{
	int k = fmath_shift(in);
	Val s[2];
	if (!k)
		return;
	s[0] = V(dst);
	s[1] = I((uint32_t)(127 + k) << 23);
	alu(l, "mul", VT_F, dst, 2, s, il_inst_mod(in, "sat") != NULL);
}

/* flips cr0's rounding field to the instruction's mode (and back: the
 * same xor), NoMask so that every channel's mode changes together */
void fmath_round(L *l, const Inst *in)
{
	int b = round_bits(in) & 0x30;
	VDecl *cr0;
	VInst *v;
	if (!b)
		return;
	cr0 = vk_predefined(l->vk, "%cr0", VT_UD);
	v = vk_emit(l->vk, "xor", 1, 1);
	v->nomask = 1;
	v->ops[0] = vo_dst(cr0, 0);
	v->ops[1] = vo_scalar(cr0, 0);
	v->ops[2] = vo_imm((uint32_t)b, VT_UD);
	v->nops = 3;
}

/* does op give a float result (one a shift and _sat apply to)? */
static int fmath_float_result(Opcode op)
{
	switch (op) {
	case OP_ADD: case OP_SUB: case OP_MUL: case OP_MUL_IEEE: case OP_MAD: case OP_MAD_IEEE:
	case OP_FMA: case OP_MIN: case OP_MAX: case OP_MIN_IEEE: case OP_MAX_IEEE: case OP_MIN3:
	case OP_MAX3: case OP_MED3: case OP_DIV: case OP_FRC: case OP_ROUND_NEAREST: case OP_RND:
	case OP_ROUND_NEGINF: case OP_ROUND_PLUSINF: case OP_ROUND_Z: case OP_CLAMP: case OP_DP2:
	case OP_DP3: case OP_DP4: case OP_DP2ADD: case OP_EXP_VEC: case OP_LOG_VEC: case OP_SQRT_VEC:
	case OP_RSQ_VEC: case OP_RCP_VEC: case OP_SIN_VEC: case OP_COS_VEC: case OP_FLR: case OP_SGN:
	case OP_EXP: case OP_LOG: case OP_SQRT: case OP_RSQ: case OP_RCP: case OP_SIN: case OP_COS:
	case OP_ITOF: case OP_UTOF: case OP_MOV:
		return 1;
	default:
		return fmath_knows(op);
	}
}

/* the opcode lowered for in: mul and mad with a rounding mode are the
 * IEEE forms */
Opcode fmath_alu_op(const Inst *in)
{
	if (round_bits(in) && in->op == OP_MUL)
		return OP_MUL_IEEE;
	if (round_bits(in) && in->op == OP_MAD)
		return OP_MAD_IEEE;
	return in->op;
}

/* NULL, or why the modifiers of in cannot be lowered */
const char *fmath_check(const Inst *in)
{
	int nr = 0, ns = 0, i;
	Opcode op = in->op;
	for (i = 0; i < in->nmods; i++) {
		const char *m = in->mods[i].name;
		if (fmath_mod(m) && m[0] == 'r')
			nr++;
		else if (fmath_mod(m))
			ns++;
	}
	if (nr > 1 || ns > 1)
		return "more than one rounding mode or destination shift";
	if (nr && op != OP_ADD && op != OP_DADD && op != OP_DSUB && op != OP_DMUL && op != OP_DMAD && op != OP_SUB && op != OP_MUL && op != OP_MUL_IEEE && op != OP_MAD &&
	    op != OP_MAD_IEEE && op != OP_FMA)
		return "a rounding-mode modifier is lowered on add, sub, mul, mad, fma, dadd, dsub, dmul and "
		       "dmad only";
	if (ns && (!fmath_float_result(op) || int_result(op)))
		return "a destination shift (_x2.._d8) applies to float arithmetic results only";
	if (il_inst_mod(in, "sat") && int_result(op) && fmath_knows(op))
		return "'_sat' on an instruction with an integer result";
	return NULL;
}

int lower_fmath(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	int m[4], c, scratch, sat;
	VDecl *tmp[4] = {0};
	long long key;
	switch (in->op) {
	case OP_CLASS:
		if (in->nops == 3 && il_mod(in->ops[2].mods, in->ops[2].nmods, "abs")) {
			lerr(l, in->ops[2].loc, "'_abs' on the integer class mask of 'class' is not supported");
			return 1;
		}
		break;
	case OP_CMOV: case OP_LEN: case OP_DIST: case OP_NRM: case OP_PIREDUCE:
		lerr(l, in->loc, "'%s' is not supported: %s", il_ops[in->op].name, isa_undocumented(in->op));
		return 1;
	default:
		break;
	}
	if (!fmath_knows(in->op))
		return 0;
	if (in->nops != il_ops[in->op].nsrc + 1) {
		lerr(l, in->loc, "'%s' takes %d source operands", il_ops[in->op].name, il_ops[in->op].nsrc);
		return 1;
	}
	{
		const Mod *z = il_inst_mod(in, "zeroop");
		if (z && (!z->arg || strcmp(z->arg, "infinity"))) {
			lerr(l, z->loc, "'_zeroop(%s)' on '%s' is not supported", z->arg ? z->arg : "",
			      il_ops[in->op].name);
			return 1;
		}
	}
	if (alu_dst(l, d, &key, &scratch, m))
		return 1;
	sat = il_inst_mod(in, "sat") != NULL && !fmath_shift(in);
	for (c = 0; c < 4; c++) {
		if (m[c] != WM_WRITE)
			continue;
		tmp[c] = t32(l);
		fmath_comp(l, in, tmp[c], c);
		if (sat) {
			Val v = V(tmp[c]);
			alu(l, "mov", VT_F, tmp[c], 1, &v, 1);
		}
		fmath_post(l, in, tmp[c]);
	}
	alu_store(l, d, key, scratch, m, tmp);
	return 1;
}
