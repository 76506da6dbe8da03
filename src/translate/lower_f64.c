/* lower_f64.c - AMD IL doubles (amdil.md 4.7, 4.6) lowered to 32-bit vISA.
 *
 * Gen12LP has no fp64 ALU and GenX_IR silently emits DF instructions for it
 * anyway (intel-target.md 0), so every double instruction is software
 * floating point built from ud/d integer operations: a double is the pair
 * (lo, hi) of an IL component pair (x:y or z:w).  The semantics are those of
 * the AMD emulator (src/emu/amd_f64.c, which computes them with host
 * doubles); docs/design.md "Doubles" lists them.
 *
 * Structure: cheap operations (moves, abs, compares, min/max, conversions,
 * round_*, frexp) are inlined; the arithmetic cores are vISA subroutines
 * emitted once per kernel on first use and called with the lanes that are
 * active (arguments and results in kernel-wide variables F64A/B/C/N/R):
 *   round_pack  sign, exponent, 64-bit significand with its leading one at
 *               bit 62 and 10 guard bits (sticky in bit 0) -> a double,
 *               rounded to nearest even, denormal or infinite as needed
 *               (the classic scheme of Hauser's SoftFloat, written anew);
 *   fma         a * b + c with the exact 106-bit product, aligned with the
 *               addend in 128 bits (bits shifted out kept as a sticky bit),
 *               one rounding; dadd = fma(a, 1, b), dmul = fma(a, b, -0);
 *   div         restoring division, 63 quotient bits plus sticky;
 *   sqrt        digit-by-digit square root, 55 root bits plus sticky;
 *   ldexp       the exponent adjusted, then round_pack;
 *   trig_preop  GCN's V_TRIG_PREOP_F64: 53 bits of 2/pi picked by the
 *               exponent and the segment, scaled, rounded toward zero.
 * ddiv and dsqrt are therefore correctly rounded; drcp = div(1, x) is too;
 * drsq = div(1, sqrt(x)) rounds twice, like the AMD emulator's definition.
 */
#include <stdlib.h>
#include <string.h>

#include "lowerint.h"

enum { R_RP, R_FMA, R_DIV, R_SQRT, R_LDEXP, R_TRIG, R_COUNT };

struct F64State {
	VDecl *a[2], *b[2], *c[2], *r[2], *n;          /* routine arguments / result */
	VDecl *rp_s, *rp_e, *rp_sig[2], *rp_r[2];       /* round_pack's */
	VDecl *mode;     /* rounding of round_pack: 0 nearest even, 1 +Inf, 2 -Inf, 3 zero;
	                  * set before every double instruction (_rte.._rtz) */
	const char *label[R_COUNT];
};

typedef struct W { Val lo, hi; } W;  /* a 64-bit value per lane */

#define I(x) val_imm((uint32_t)(x))

/* ---- 32-bit helpers ------------------------------------------------------ */

static VDecl *t32(L *l)
{
	return vk_temp(l->vk, "DF", VT_D, l->simd);
}

static Val bin(L *l, const char *op, VType t, Val a, Val b)
{
	Val s[2] = {a, b};
	VDecl *d = t32(l);
	alu(l, op, t, d, 2, s, 0);
	return val_vec(d);
}

static Val un(L *l, const char *op, VType t, Val a)
{
	VDecl *d = t32(l);
	alu(l, op, t, d, 1, &a, 0);
	return val_vec(d);
}

static Val negv(Val v)
{
	v.neg = !v.neg;
	return v;
}

#define AND(a, b) bin(l, "and", VT_UD, a, b)
#define OR(a, b) bin(l, "or", VT_UD, a, b)
#define XOR(a, b) bin(l, "xor", VT_UD, a, b)
#define SHL(a, b) bin(l, "shl", VT_UD, a, b)
#define SHR(a, b) bin(l, "shr", VT_UD, a, b)
#define ASR(a, b) bin(l, "asr", VT_D, a, b)
#define ADD(a, b) bin(l, "add", VT_D, a, b)
#define SUB(a, b) bin(l, "add", VT_D, a, negv(b))
#define SMIN(a, b) bin(l, "min", VT_D, a, b)
#define SMAX(a, b) bin(l, "max", VT_D, a, b)
#define NOT(a) un(l, "not", VT_UD, a)
#define LZD(a) un(l, "lzd", VT_UD, a)

/* a register holding v (addc/subb take no immediates) */
static Val reg(L *l, Val v)
{
	if (v.kind != V_IMM && !v.neg && !v.abs)
		return v;
	return un(l, "mov", VT_UD, v);
}

static void mov_to(L *l, VDecl *d, Val v)
{
	alu(l, "mov", VT_UD, d, 1, &v, 0);
}

static void sel_to(L *l, VDecl *p, VDecl *d, Val a, Val b)
{
	lower_select(l, p, 0, d, VT_UD, a, b);
}

static Val selp(L *l, VDecl *p, Val a, Val b)
{
	VDecl *d = t32(l);
	sel_to(l, p, d, a, b);
	return val_vec(d);
}

/* masks: all ones / zero per lane */
static Val cmpm(L *l, const char *rel, VType t, Val a, Val b)
{
	return selp(l, compare(l, rel, t, a, b), I(~0u), I(0));
}

static VDecl *pr(L *l, Val mask)
{
	return compare(l, "ne", VT_UD, mask, I(0));
}

static Val SEL(L *l, Val mask, Val a, Val b)
{
	return selp(l, pr(l, mask), a, b);
}

#define EQ(a, b) cmpm(l, "eq", VT_UD, a, b)
#define NE(a, b) cmpm(l, "ne", VT_UD, a, b)
#define ULT(a, b) cmpm(l, "lt", VT_UD, a, b)
#define UGT(a, b) cmpm(l, "gt", VT_UD, a, b)
#define SLT(a, b) cmpm(l, "lt", VT_D, a, b)
#define SGE(a, b) cmpm(l, "ge", VT_D, a, b)
#define SGT(a, b) cmpm(l, "gt", VT_D, a, b)

/* lo, carry = a + b + (cin) */
static void addc_to(L *l, const char *op, VDecl *r, VDecl *cy, Val a, Val b)
{
	int h;
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->ops[0] = vo_dst(vk_alias(l->vk, r, VT_UD, 0), h * l->chunk);
		in->ops[1] = vo_dst(vk_alias(l->vk, cy, VT_UD, 0), h * l->chunk);
		in->ops[2] = opnd(l, a, VT_UD, h);
		in->ops[3] = opnd(l, b, VT_UD, h);
		in->nops = 4;
	}
}

/* r = a + b + cin (cin 0/1), *cout the carry out */
static Val add_carry(L *l, Val a, Val b, Val cin, Val *cout)
{
	VDecl *t = t32(l), *c1 = t32(l), *r = t32(l), *c2 = t32(l);
	addc_to(l, "addc", t, c1, reg(l, a), reg(l, b));
	addc_to(l, "addc", r, c2, val_vec(t), reg(l, cin));
	*cout = OR(val_vec(c1), val_vec(c2));
	return val_vec(r);
}

/* ---- 64-bit helpers ------------------------------------------------------ */

static W wv(Val lo, Val hi)
{
	W w;
	w.lo = lo;
	w.hi = hi;
	return w;
}

static W wsel(L *l, VDecl *p, W a, W b)
{
	return wv(selp(l, p, a.lo, b.lo), selp(l, p, a.hi, b.hi));
}

static W wadd(L *l, W a, W b)
{
	VDecl *lo = t32(l), *cy = t32(l);
	addc_to(l, "addc", lo, cy, reg(l, a.lo), reg(l, b.lo));
	return wv(val_vec(lo), ADD(ADD(a.hi, b.hi), val_vec(cy)));
}

static W wsub(L *l, W a, W b)
{
	VDecl *lo = t32(l), *br = t32(l);
	addc_to(l, "subb", lo, br, reg(l, a.lo), reg(l, b.lo));
	return wv(val_vec(lo), SUB(SUB(a.hi, b.hi), val_vec(br)));
}

static W wand(L *l, W a, W b)
{
	return wv(AND(a.lo, b.lo), AND(a.hi, b.hi));
}

/* shifts by a lane value n in [0, 63]; 32-bit shifts take their count mod
 * 32, so bit 5 moves words and the bits crossing between words are shifted
 * twice ((x << 1) << (31 - s)) so that s = 0 moves none */
static W wshl(L *l, W a, Val n)
{
	VDecl *p = pr(l, AND(n, I(32)));
	Val s = AND(n, I(31)), inv = NOT(s);
	W b = wsel(l, p, wv(I(0), a.lo), a);
	return wv(SHL(b.lo, s), OR(SHL(b.hi, s), SHR(SHR(b.lo, I(1)), inv)));
}

static W wshr(L *l, W a, Val n)
{
	VDecl *p = pr(l, AND(n, I(32)));
	Val s = AND(n, I(31)), inv = NOT(s);
	W b = wsel(l, p, wv(a.hi, I(0)), a);
	return wv(OR(SHR(b.lo, s), SHL(SHL(b.hi, I(1)), inv)), SHR(b.hi, s));
}

static W wshlc(L *l, W a, int k)
{
	if (k == 0)
		return a;
	if (k >= 32)
		return wv(I(0), SHL(a.lo, I(k - 32)));
	return wv(SHL(a.lo, I(k)), OR(SHL(a.hi, I(k)), SHR(a.lo, I(32 - k))));
}

static W wshrc(L *l, W a, int k)
{
	if (k == 0)
		return a;
	if (k >= 32)
		return wv(SHR(a.hi, I(k - 32)), I(0));
	return wv(OR(SHR(a.lo, I(k)), SHL(a.hi, I(32 - k))), SHR(a.hi, I(k)));
}

static Val wnz(L *l, W a)
{
	return NE(OR(a.lo, a.hi), I(0));
}

/* a < b unsigned: mask */
static Val wltu(L *l, W a, W b)
{
	Val hlt = ULT(a.hi, b.hi), heq = EQ(a.hi, b.hi), llt = ULT(a.lo, b.lo);
	return OR(hlt, AND(heq, llt));
}

static Val clz64(L *l, W a)
{
	Val h = LZD(a.hi);
	return ADD(h, SEL(l, EQ(h, I(32)), LZD(a.lo), I(0)));
}

/* a >> n with the bits shifted out ORed into bit 0; n in [0, 63] */
static W wshr_jam(L *l, W a, Val n)
{
	W r = wshr(l, a, n);
	W lostmask = wshl(l, wv(I(~0u), I(~0u)), n);
	Val lost = wnz(l, wand(l, a, wv(NOT(lostmask.lo), NOT(lostmask.hi))));
	r.lo = OR(r.lo, AND(lost, I(1)));
	return r;
}

/* ---- 128-bit helpers (w[0] least significant) ---------------------------- */

static void q_sel(L *l, VDecl *p, Val *r, const Val *a, const Val *b)
{
	int i;
	for (i = 0; i < 4; i++)
		r[i] = selp(l, p, a[i], b[i]);
}

/* r = a >> n with sticky, n in [0, 127] */
static void q_shr_jam(L *l, Val *r, const Val *a, Val n)
{
	Val t[4], u[4], st, s, inv, lost;
	VDecl *p = pr(l, AND(n, I(64)));
	Val z = I(0);
	Val m64[4] = {a[2], a[3], z, z};
	int i;
	st = selp(l, p, OR(a[0], a[1]), z);
	q_sel(l, p, t, m64, a);
	p = pr(l, AND(n, I(32)));
	{
		Val m32[4] = {t[1], t[2], t[3], z};
		st = OR(st, selp(l, p, t[0], z));
		q_sel(l, p, u, m32, t);
	}
	s = AND(n, I(31));
	inv = NOT(s);
	lost = AND(u[0], NOT(SHL(I(~0u), s)));
	st = OR(st, lost);
	for (i = 0; i < 3; i++)
		r[i] = OR(SHR(u[i], s), SHL(SHL(u[i + 1], I(1)), inv));
	r[3] = SHR(u[3], s);
	r[0] = OR(r[0], AND(NE(st, I(0)), I(1)));
}

/* r = a << n, n in [0, 127] */
static void q_shl(L *l, Val *r, const Val *a, Val n)
{
	Val t[4], u[4], s, inv, z = I(0);
	VDecl *p = pr(l, AND(n, I(64)));
	Val m64[4] = {z, z, a[0], a[1]};
	int i;
	q_sel(l, p, t, m64, a);
	p = pr(l, AND(n, I(32)));
	{
		Val m32[4] = {z, t[0], t[1], t[2]};
		q_sel(l, p, u, m32, t);
	}
	s = AND(n, I(31));
	inv = NOT(s);
	for (i = 3; i > 0; i--)
		r[i] = OR(SHL(u[i], s), SHR(SHR(u[i - 1], I(1)), inv));
	r[0] = SHL(u[0], s);
}

/* r = a + b + cin, *cout the carry out of the top */
static void q_add(L *l, Val *r, const Val *a, const Val *b, Val cin, Val *cout)
{
	int i;
	for (i = 0; i < 4; i++)
		r[i] = add_carry(l, a[i], b[i], cin, &cin);
	*cout = cin;
}

static Val q_clz(L *l, const Val *a)
{
	Val c[4], t;
	int i;
	for (i = 0; i < 4; i++)
		c[i] = LZD(a[i]);
	t = c[0];
	for (i = 1; i < 4; i++)
		t = ADD(c[i], SEL(l, EQ(c[i], I(32)), t, I(0)));
	return t;
}

/* ---- unpacking ----------------------------------------------------------- */

typedef struct Unp {
	Val sign;        /* 0 or 0x80000000 */
	Val e;           /* biased exponent; denormals normalized (may be <= 0) */
	W m;             /* significand, leading one at bit 52 (finite non-zero) */
	Val nan, inf, zero; /* masks */
} Unp;

static Unp unpack(L *l, W x)
{
	Unp u;
	Val ef = AND(SHR(x.hi, I(20)), I(0x7ff));
	W f = wv(x.lo, AND(x.hi, I(0xfffff)));
	Val fz = EQ(OR(f.lo, f.hi), I(0)), sp = EQ(ef, I(0x7ff)), e0 = EQ(ef, I(0));
	VDecl *pe0 = pr(l, e0);
	Val sh = selp(l, pe0, SUB(clz64(l, f), I(11)), I(0));
	W m = wshl(l, f, sh);
	u.sign = AND(x.hi, I(0x80000000u));
	u.nan = AND(sp, NOT(fz));
	u.inf = AND(sp, fz);
	u.zero = AND(e0, fz);
	u.m = wv(m.lo, OR(m.hi, selp(l, pe0, I(0), I(0x100000))));
	u.e = selp(l, pe0, SUB(I(1), sh), ef);
	return u;
}

static W quiet(L *l, W x)
{
	return wv(x.lo, OR(x.hi, I(0x80000)));
}

/* ---- subroutines ----------------------------------------------------------- */

static struct F64State *st(L *l)
{
	if (!l->f64) {
		struct F64State *s = arena_alloc(&l->vk->arena, sizeof *s);
		int i;
		for (i = 0; i < 2; i++) {
			s->a[i] = vk_temp(l->vk, "F64A", VT_D, l->simd);
			s->b[i] = vk_temp(l->vk, "F64B", VT_D, l->simd);
			s->c[i] = vk_temp(l->vk, "F64C", VT_D, l->simd);
			s->r[i] = vk_temp(l->vk, "F64R", VT_D, l->simd);
			s->rp_sig[i] = vk_temp(l->vk, "F64RPM", VT_D, l->simd);
			s->rp_r[i] = vk_temp(l->vk, "F64RPR", VT_D, l->simd);
		}
		s->n = vk_temp(l->vk, "F64N", VT_D, l->simd);
		s->rp_s = vk_temp(l->vk, "F64RPS", VT_D, l->simd);
		s->rp_e = vk_temp(l->vk, "F64RPE", VT_D, l->simd);
		s->mode = vk_temp(l->vk, "F64MODE", VT_D, l->simd);
		l->f64 = s;
	}
	return l->f64;
}

static W wvar(VDecl *const v[2])
{
	return wv(val_vec(v[0]), val_vec(v[1]));
}

static void wmov_to(L *l, VDecl *const d[2], W v)
{
	mov_to(l, d[0], v.lo);
	mov_to(l, d[1], v.hi);
}

static void goto_(L *l, VDecl *p, const char *label)
{
	VInst *in = vk_emit(l->vk, "goto", l->simd, 1);
	in->pred = p;
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

static void call_(L *l, const char *label)
{
	VInst *in = vk_emit(l->vk, "call", l->simd, 1);
	in->ops[0] = vo_label(label);
	in->nops = 1;
}

static const char *routine(L *l, int which);

/* round_pack(sign, exp, sig) into rp_r: sig's leading one at bit 62 (or
 * lower when the value is below the normal range), bit 0 sticky; the value
 * is sig * 2^(exp - 1084) */
static void body_round_pack(L *l)
{
	struct F64State *s = st(l);
	Val sign = val_vec(s->rp_s), e = val_vec(s->rp_e);
	W sig = wvar(s->rp_sig), sum, q, res;
	Val neg = SLT(e, I(0)), n, rb, ovf, tie, qz, hi, rne, up, inc;
	VDecl *pneg = pr(l, neg), *p;
	n = selp(l, pneg, SMIN(SUB(I(0), e), I(63)), I(0));
	sig = wshr_jam(l, sig, n);
	e = selp(l, pneg, I(0), e);
	/* the increment: half a unit (nearest even), all but one lost unit
	 * when the mode rounds the magnitude up, none toward zero */
	rne = EQ(val_vec(s->mode), I(0));
	up = OR(AND(EQ(val_vec(s->mode), I(1)), EQ(sign, I(0))), AND(EQ(val_vec(s->mode), I(2)), NE(sign, I(0))));
	inc = SEL(l, rne, I(0x200), SEL(l, up, I(0x3ff), I(0)));
	rb = AND(sig.lo, I(0x3ff));
	sum = wadd(l, sig, wv(inc, I(0)));
	ovf = OR(SGT(e, I(0x7fd)), AND(EQ(e, I(0x7fd)), NE(AND(sum.hi, I(0x80000000u)), I(0))));
	q = wshrc(l, sum, 10);
	tie = AND(EQ(rb, I(0x200)), rne);
	q.lo = SEL(l, tie, AND(q.lo, I(~1u)), q.lo);
	qz = EQ(OR(q.lo, q.hi), I(0));
	e = SEL(l, qz, I(0), e);
	hi = OR(sign, ADD(SHL(e, I(20)), q.hi));
	p = pr(l, ovf);
	/* overflow: Inf, or DBL_MAX when the mode rounds the magnitude down */
	res = wsel(l, p, wsel(l, pr(l, OR(rne, up)), wv(I(0), OR(sign, I(0x7ff00000))),
	                      wv(I(0xffffffffu), OR(sign, I(0x7fefffff)))), wv(q.lo, hi));
	wmov_to(l, s->rp_r, res);
}

/* round_pack by call: the result */
static W round_pack(L *l, Val sign, Val e, W sig)
{
	struct F64State *s = st(l);
	const char *lab = routine(l, R_RP);
	mov_to(l, s->rp_s, sign);
	mov_to(l, s->rp_e, e);
	wmov_to(l, s->rp_sig, sig);
	call_(l, lab);
	return wv(un(l, "mov", VT_UD, val_vec(s->rp_r[0])), un(l, "mov", VT_UD, val_vec(s->rp_r[1])));
}

/* the first special result that applies, else the general one */
typedef struct Pick {
	Val mask[8];
	W val[8];
	int n;
} Pick;

static void pick(Pick *k, Val mask, W v)
{
	k->mask[k->n] = mask;
	k->val[k->n++] = v;
}

static W picked(L *l, Pick *k, W general)
{
	W r = general;
	int i;
	for (i = k->n - 1; i >= 0; i--)
		r = wsel(l, pr(l, k->mask[i]), k->val[i], r);
	return r;
}

static W canon_nan(void)
{
	return wv(I(0), I(0x7ff80000));
}

/* r = a * b + c, one rounding */
static void body_fma(L *l)
{
	struct F64State *s = st(l);
	W A = wvar(s->a), B = wvar(s->b), C = wvar(s->c), r;
	Unp ua = unpack(l, A), ub = unpack(l, B), uc = unpack(l, C);
	Val sp = XOR(ua.sign, ub.sign), diffsign = NE(sp, uc.sign);
	Val pinf = OR(ua.inf, ub.inf), pzero = OR(ua.zero, ub.zero);
	Val inv = OR(OR(AND(ua.inf, ub.zero), AND(ub.inf, ua.zero)), AND(AND(pinf, uc.inf), diffsign));
	Pick k = {0};
	Val P[4], Cq[4], big[4], small[4], sm[4], S[4], Sn[4], N[4], cout, z = I(0);
	Val XP, XC, d, dpos, X, sbig, ssmall, m, nm, lz, Ex, sign, sz, stick;
	W p0, p1, p2, p3, sig64, sig, zr;
	VDecl *pd, *pz;
	int i;
	/* specials, in priority order */
	{
		W nanr = wsel(l, pr(l, ua.nan), quiet(l, A), wsel(l, pr(l, ub.nan), quiet(l, B), quiet(l, C)));
		pick(&k, OR(OR(ua.nan, ub.nan), uc.nan), nanr);
	}
	pick(&k, inv, canon_nan());
	pick(&k, pinf, wv(I(0), OR(sp, I(0x7ff00000))));
	pick(&k, uc.inf, C);
	/* an exact zero sum of opposite signs: +0, -0 when rounding toward -Inf */
	zr = wv(I(0), SEL(l, EQ(val_vec(s->mode), I(2)), I(0x80000000u), I(0)));
	pick(&k, AND(pzero, uc.zero), wsel(l, pr(l, diffsign), zr, C));
	pick(&k, pzero, C);
	/* the exact product of the 53-bit significands (< 2^106) */
	p0 = wv(bin(l, "mul", VT_UD, ua.m.lo, ub.m.lo), bin(l, "mulh", VT_UD, ua.m.lo, ub.m.lo));
	p1 = wv(bin(l, "mul", VT_UD, ua.m.lo, ub.m.hi), bin(l, "mulh", VT_UD, ua.m.lo, ub.m.hi));
	p2 = wv(bin(l, "mul", VT_UD, ua.m.hi, ub.m.lo), bin(l, "mulh", VT_UD, ua.m.hi, ub.m.lo));
	p3 = wv(bin(l, "mul", VT_UD, ua.m.hi, ub.m.hi), bin(l, "mulh", VT_UD, ua.m.hi, ub.m.hi));
	{
		Val a0[4] = {p0.lo, p0.hi, p3.lo, p3.hi}, a1[4] = {z, p1.lo, p1.hi, z}, a2[4] = {z, p2.lo, p2.hi, z};
		Val t[4], c;
		q_add(l, t, a0, a1, z, &c);
		q_add(l, P, t, a2, z, &c);
	}
	/* P << 20 and mc << 73: both below 2^126; value = P * 2^XP, C * 2^XC */
	{
		Val t[4];
		for (i = 0; i < 4; i++)
			t[i] = P[i];
		for (i = 3; i > 0; i--)
			P[i] = OR(SHL(t[i], I(20)), SHR(t[i - 1], I(12)));
		P[0] = SHL(t[0], I(20));
	}
	pz = pr(l, uc.zero);
	Cq[0] = z;
	Cq[1] = z;
	Cq[2] = selp(l, pz, z, SHL(uc.m.lo, I(9)));
	Cq[3] = selp(l, pz, z, OR(SHL(uc.m.hi, I(9)), SHR(uc.m.lo, I(23))));
	XP = SUB(ADD(ua.e, ub.e), I(2170));
	XC = selp(l, pz, XP, SUB(uc.e, I(1148)));
	/* align the smaller exponent's operand to the larger */
	d = SUB(XP, XC);
	dpos = SGE(d, I(0));
	pd = pr(l, dpos);
	q_sel(l, pd, big, P, Cq);
	q_sel(l, pd, small, Cq, P);
	sbig = selp(l, pd, sp, uc.sign);
	ssmall = selp(l, pd, uc.sign, sp);
	X = selp(l, pd, XP, XC);
	q_shr_jam(l, sm, small, SMIN(selp(l, pd, d, SUB(I(0), d)), I(127)));
	/* add, or subtract as big + ~small + 1 */
	m = diffsign;
	for (i = 0; i < 4; i++)
		sm[i] = XOR(sm[i], m);
	q_add(l, S, big, sm, AND(m, I(1)), &cout);
	/* a subtraction without carry out went negative: negate it */
	nm = AND(m, EQ(cout, I(0)));
	for (i = 0; i < 4; i++)
		N[i] = XOR(S[i], nm);
	{
		Val zz[4] = {z, z, z, z};
		q_add(l, Sn, N, zz, AND(nm, I(1)), &cout);
	}
	sign = SEL(l, nm, ssmall, sbig);
	sz = EQ(OR(OR(Sn[0], Sn[1]), OR(Sn[2], Sn[3])), I(0));
	/* normalize: leading one to bit 127 */
	lz = q_clz(l, Sn);
	q_shl(l, S, Sn, AND(lz, I(127)));
	Ex = SUB(X, lz);
	stick = AND(NE(OR(S[0], S[1]), I(0)), I(1));
	sig64 = wv(OR(S[2], stick), S[3]);
	sig = wshrc(l, sig64, 1);
	sig.lo = OR(sig.lo, AND(sig64.lo, I(1)));
	r = round_pack(l, sign, ADD(Ex, I(1149)), sig);
	pick(&k, sz, zr); /* exact cancellation: +0 (-0 toward -Inf), after every special case */
	r = picked(l, &k, r);
	wmov_to(l, s->r, r);
}

/* a loop of `count` iterations around body(l, ctx) */
static void loop(L *l, int count, void (*body)(L *, void *), void *ctx)
{
	VDecl *cnt = t32(l), *p;
	const char *head = vk_label_name(l->vk, "f64loop"), *out = vk_label_name(l->vk, "f64done");
	mov_to(l, cnt, I(0));
	vk_label(l->vk, head);
	p = compare(l, "ge", VT_D, val_vec(cnt), I((uint32_t)count));
	goto_(l, p, out);
	body(l, ctx);
	alu(l, "add", VT_D, cnt, 2, (Val[]){val_vec(cnt), I(1)}, 0);
	goto_(l, NULL, head);
	vk_label(l->vk, out);
}

typedef struct DivCtx {
	VDecl *r[2], *q[2];
	W mb;
} DivCtx;

static void div_step(L *l, void *v)
{
	DivCtx *c = v;
	W r = wvar(c->r), q = wvar(c->q), d;
	Val ge = NOT(wltu(l, r, c->mb));
	VDecl *p = pr(l, ge);
	d = wsel(l, p, wsub(l, r, c->mb), r);
	wmov_to(l, c->r, wshlc(l, d, 1));
	q = wshlc(l, q, 1);
	wmov_to(l, c->q, wv(OR(q.lo, AND(ge, I(1))), q.hi));
}

/* r = a / b */
static void body_div(L *l)
{
	struct F64State *s = st(l);
	W A = wvar(s->a), B = wvar(s->b), res;
	Unp ua = unpack(l, A), ub = unpack(l, B);
	Val sg = XOR(ua.sign, ub.sign), sh, q0;
	Pick k = {0};
	DivCtx c;
	VDecl *p;
	int i;
	pick(&k, OR(ua.nan, ub.nan), wsel(l, pr(l, ua.nan), quiet(l, A), quiet(l, B)));
	pick(&k, OR(AND(ua.inf, ub.inf), AND(ua.zero, ub.zero)), canon_nan());
	pick(&k, OR(ua.inf, ub.zero), wv(I(0), OR(sg, I(0x7ff00000))));
	pick(&k, OR(ua.zero, ub.inf), wv(I(0), sg));
	sh = wltu(l, ua.m, ub.m);
	p = pr(l, sh);
	for (i = 0; i < 2; i++) {
		c.r[i] = t32(l);
		c.q[i] = t32(l);
		mov_to(l, c.q[i], I(0));
	}
	c.mb = wv(reg(l, ub.m.lo), reg(l, ub.m.hi));
	wmov_to(l, c.r, wsel(l, p, wshlc(l, ua.m, 1), ua.m));
	loop(l, 63, div_step, &c);
	q0 = AND(wnz(l, wvar(c.r)), I(1));
	res = round_pack(l, sg, ADD(SUB(SUB(ua.e, ub.e), AND(sh, I(1))), I(1022)),
	                 wv(OR(val_vec(c.q[0]), q0), val_vec(c.q[1])));
	wmov_to(l, s->r, picked(l, &k, res));
}

typedef struct SqrtCtx {
	VDecl *r[2], *q[2], *R[2];
} SqrtCtx;

static void sqrt_step(L *l, void *v)
{
	SqrtCtx *c = v;
	W r = wvar(c->r), q = wvar(c->q), R = wvar(c->R), t, d;
	Val ge;
	VDecl *p;
	r = wshlc(l, r, 2);
	r.lo = OR(r.lo, SHR(R.hi, I(30)));
	wmov_to(l, c->R, wshlc(l, R, 2));
	t = wshlc(l, q, 2);
	t.lo = OR(t.lo, I(1));
	q = wshlc(l, q, 1);
	ge = NOT(wltu(l, r, t));
	p = pr(l, ge);
	d = wsel(l, p, wsub(l, r, t), r);
	wmov_to(l, c->r, d);
	wmov_to(l, c->q, wv(OR(q.lo, AND(ge, I(1))), q.hi));
}

/* r = sqrt(a) */
static void body_sqrt(L *l)
{
	struct F64State *s = st(l);
	W A = wvar(s->a), m, res, sig;
	Unp ua = unpack(l, A);
	Pick k = {0};
	SqrtCtx c;
	Val E, odd;
	int i;
	pick(&k, ua.nan, quiet(l, A));
	pick(&k, ua.zero, A);
	pick(&k, NE(ua.sign, I(0)), canon_nan());
	pick(&k, ua.inf, A);
	E = SUB(ua.e, I(1075));
	odd = AND(E, I(1));
	m = wsel(l, pr(l, odd), wshlc(l, ua.m, 1), ua.m);
	E = SUB(E, odd);
	for (i = 0; i < 2; i++) {
		c.r[i] = t32(l);
		c.q[i] = t32(l);
		c.R[i] = t32(l);
		mov_to(l, c.r[i], I(0));
		mov_to(l, c.q[i], I(0));
	}
	wmov_to(l, c.R, wshlc(l, m, 10));
	loop(l, 55, sqrt_step, &c);
	sig = wshlc(l, wvar(c.q), 8);
	sig.lo = OR(sig.lo, AND(wnz(l, wvar(c.r)), I(1)));
	res = round_pack(l, I(0), ADD(ASR(SUB(E, I(56)), I(1)), I(1076)), sig);
	wmov_to(l, s->r, picked(l, &k, res));
}

/* r = a * 2^n */
static void body_ldexp(L *l)
{
	struct F64State *s = st(l);
	W A = wvar(s->a), res;
	Unp ua = unpack(l, A);
	Pick k = {0};
	Val n = SMAX(SMIN(val_vec(s->n), I(2200)), I((uint32_t)-2200));
	pick(&k, ua.nan, quiet(l, A));
	pick(&k, OR(ua.inf, ua.zero), A);
	res = round_pack(l, ua.sign, ADD(SUB(ua.e, I(1)), n), wshlc(l, ua.m, 10));
	wmov_to(l, s->r, picked(l, &k, res));
}

/* Fraction bits 1..1201 of 2/pi (0.A2F9836E...), the table of GCN's
 * V_TRIG_PREOP_F64, the last word holding bits 1185..1201 in its top 17
 * bits; tests/tools/trigref.c computes them (Machin's formula) and checks
 * them against fdlibm's published ipio2 */
static const uint32_t two_over_pi[38] = {
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
	0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
	0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
	0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
	0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b0000,
};

/* r = trig_preop(a, n): e = a's exponent field, shift = (n & 31) * 53 +
 * max(e - 1077, 0); +0 when shift + 53 passes the table's 1201 bits; else
 * the 53 fraction bits shift+1.. of 2/pi as an integer R, and R *
 * 2^(-53 - shift (+128 when e >= 1968)) rounded toward zero; a NaN a is
 * returned quieted.  The three table words at shift / 32 are selected by a
 * compare per word index (a lane cannot index registers by its own value). */
static void body_trig(L *l)
{
	struct F64State *s = st(l);
	W A = wvar(s->a), R, res;
	Val ef = AND(SHR(A.hi, I(20)), I(0x7ff)), shift, j, o, lz, scale, nan;
	VDecl *w[3];
	Pick k = {0};
	int i, x;
	shift = ADD(bin(l, "mul", VT_UD, AND(val_vec(s->n), I(31)), I(53)), SMAX(SUB(ef, I(1077)), I(0)));
	j = SHR(shift, I(5));
	o = AND(shift, I(31));
	for (i = 0; i < 3; i++) {
		w[i] = t32(l);
		mov_to(l, w[i], I(0));
	}
	for (x = 0; x + 2 < 38; x++) {
		VDecl *p = compare(l, "eq", VT_UD, j, I(x));
		for (i = 0; i < 3; i++)
			sel_to(l, p, w[i], I(two_over_pi[x + i]), val_vec(w[i]));
	}
	/* the 64 bits at bit o of w0:w1:w2, then their top 53 */
	R = wshrc(l, wv(OR(SHL(val_vec(w[1]), o), SHR(SHR(val_vec(w[2]), I(1)), NOT(o))),
	                OR(SHL(val_vec(w[0]), o), SHR(SHR(val_vec(w[1]), I(1)), NOT(o)))), 11);
	scale = ADD(SUB(I((uint32_t)-53), shift), SEL(l, UGT(ef, I(1967)), I(128), I(0)));
	lz = clz64(l, R);
	mov_to(l, s->mode, I(3));
	res = round_pack(l, I(0), ADD(SUB(scale, lz), I(1085)), wshl(l, R, SUB(lz, I(1))));
	nan = AND(EQ(ef, I(0x7ff)), NE(OR(A.lo, AND(A.hi, I(0xfffff))), I(0)));
	pick(&k, nan, quiet(l, A));
	pick(&k, OR(UGT(shift, I(1201 - 53)), EQ(OR(R.lo, R.hi), I(0))), wv(I(0), I(0)));
	wmov_to(l, s->r, picked(l, &k, res));
}

static const char *routine(L *l, int which)
{
	static const char *const names[R_COUNT] = {"f64_round_pack", "f64_fma", "f64_div", "f64_sqrt",
	                                            "f64_ldexp", "f64_trig_preop"};
	static void (*const body[R_COUNT])(L *) = {body_round_pack, body_fma, body_div, body_sqrt,
	                                            body_ldexp, body_trig};
	struct F64State *s = st(l);
	VFunc *save;
	VInst *r;
	if (s->label[which])
		return s->label[which];
	s->label[which] = names[which];
	save = l->vk->cur;
	l->vk->cur = vk_func(l->vk, names[which]);
	body[which](l);
	r = vk_emit(l->vk, "ret", l->simd, 1);
	r->nops = 0;
	l->vk->cur = save;
	return s->label[which];
}

/* calls: arguments into the kernel-wide variables, the result out */
static W call3(L *l, int which, W a, W b, W c, Val n)
{
	struct F64State *s = st(l);
	const char *lab = routine(l, which);
	wmov_to(l, s->a, a);
	if (which == R_FMA || which == R_DIV)
		wmov_to(l, s->b, b);
	if (which == R_FMA)
		wmov_to(l, s->c, c);
	if (which == R_LDEXP || which == R_TRIG)
		mov_to(l, s->n, n);
	call_(l, lab);
	return wv(un(l, "mov", VT_UD, val_vec(s->r[0])), un(l, "mov", VT_UD, val_vec(s->r[1])));
}

static W one(void)
{
	return wv(I(0), I(0x3ff00000));
}

/* ---- inline operations ------------------------------------------------------ */

static Val is_nan(L *l, W x)
{
	Val ah = AND(x.hi, I(0x7fffffff));
	return OR(UGT(ah, I(0x7ff00000)), AND(EQ(ah, I(0x7ff00000)), NE(x.lo, I(0))));
}

/* total-order key: unsigned compare of keys orders doubles (-0 below +0) */
static W key(L *l, W x)
{
	VDecl *p = pr(l, AND(x.hi, I(0x80000000u)));
	return wsel(l, p, wv(NOT(x.lo), NOT(x.hi)), wv(x.lo, OR(x.hi, I(0x80000000u))));
}

static Val dcompare(L *l, Opcode op, W a, W b)
{
	Val un_ = OR(is_nan(l, a), is_nan(l, b));
	Val bz = EQ(OR(OR(AND(OR(a.hi, b.hi), I(0x7fffffff)), a.lo), b.lo), I(0));
	Val eq = AND(OR(AND(EQ(a.hi, b.hi), EQ(a.lo, b.lo)), bz), NOT(un_));
	Val lt = AND(wltu(l, key(l, a), key(l, b)), NOT(OR(un_, bz)));
	switch (op) {
	case OP_DEQ: return eq;
	case OP_DNE: return NOT(eq);
	case OP_DLT: return lt;
	default: return AND(NOT(lt), NOT(un_)); /* OP_DGE */
	}
}

static W dminmax(L *l, int max, W a, W b)
{
	Val na = is_nan(l, a), nb = is_nan(l, b);
	Val alt = wltu(l, key(l, a), key(l, b));
	W r = wsel(l, pr(l, max ? NOT(alt) : alt), a, b);
	r = wsel(l, pr(l, nb), a, r);
	r = wsel(l, pr(l, na), b, r);
	return wsel(l, pr(l, AND(na, nb)), quiet(l, a), r);
}

/* mode 0 nearest even, 1 floor, 2 ceil, 3 trunc */
static W dround(L *l, int mode, W x)
{
	Val e = AND(SHR(x.hi, I(20)), I(0x7ff)), sign = AND(x.hi, I(0x80000000u));
	Val nz = NE(OR(AND(x.hi, I(0x7fffffff)), x.lo), I(0)), neg = NE(sign, I(0)), up, n, nzf, smallup;
	W mask, tr, fr, half, onen, big, small, mid;
	/* |x| < 1 */
	switch (mode) {
	case 0: smallup = AND(EQ(e, I(1022)), NE(OR(AND(x.hi, I(0xfffff)), x.lo), I(0))); break;
	case 1: smallup = AND(neg, nz); break;
	case 2: smallup = AND(NOT(neg), nz); break;
	default: smallup = I(0); break;
	}
	small = wv(I(0), OR(sign, AND(smallup, I(0x3ff00000))));
	/* 1 <= |x| < 2^52: n = 1075 - e fraction bits */
	n = SMAX(SMIN(SUB(I(1075), e), I(52)), I(1));
	onen = wshl(l, wv(I(1), I(0)), n);
	mask = wsub(l, onen, wv(I(1), I(0)));
	fr = wand(l, x, mask);
	tr = wand(l, x, wv(NOT(mask.lo), NOT(mask.hi)));
	nzf = wnz(l, fr);
	switch (mode) {
	case 0: {
		half = wshrc(l, onen, 1);
		up = OR(wltu(l, half, fr),
		        AND(AND(EQ(fr.lo, half.lo), EQ(fr.hi, half.hi)), wnz(l, wand(l, tr, onen))));
		break;
	}
	case 1: up = AND(neg, nzf); break;
	case 2: up = AND(NOT(neg), nzf); break;
	default: up = I(0); break;
	}
	mid = wsel(l, pr(l, up), wadd(l, tr, onen), tr);
	/* |x| >= 2^52, Inf, NaN: x (a NaN quieted) */
	big = wsel(l, pr(l, is_nan(l, x)), quiet(l, x), x);
	return wsel(l, pr(l, SLT(e, I(1023))), small, wsel(l, pr(l, SGE(e, I(1075))), big, mid));
}

static Val dtoint(L *l, int is_unsigned, W x)
{
	Val e = AND(SHR(x.hi, I(20)), I(0x7ff)), neg = NE(AND(x.hi, I(0x80000000u)), I(0));
	W m = wv(x.lo, OR(AND(x.hi, I(0xfffff)), I(0x100000)));
	Val v = wshr(l, m, AND(SUB(I(1075), e), I(63))).lo, r;
	if (is_unsigned) {
		r = SEL(l, SGE(e, I(1055)), I(~0u), v);
		r = SEL(l, OR(neg, SLT(e, I(1023))), I(0), r);
	} else {
		r = SEL(l, neg, SUB(I(0), v), v);
		r = SEL(l, SGE(e, I(1054)), SEL(l, neg, I(0x80000000u), I(0x7fffffff)), r);
		r = SEL(l, SLT(e, I(1023)), I(0), r);
	}
	return SEL(l, is_nan(l, x), I(0), r);
}

static W inttod(L *l, int is_unsigned, Val i)
{
	Val neg = is_unsigned ? I(0) : SLT(i, I(0)), a, lz, m2, ex;
	a = is_unsigned ? i : SEL(l, neg, SUB(I(0), i), i);
	lz = LZD(a);
	m2 = SHL(SHL(a, lz), I(1));
	ex = SUB(I(1054), lz);
	return wsel(l, pr(l, EQ(a, I(0))), wv(I(0), I(0)),
	            wv(SHL(m2, I(20)), OR(OR(AND(neg, I(0x80000000u)), SHL(ex, I(20))), SHR(m2, I(12)))));
}

static W f2d(L *l, Val f)
{
	Val sign = AND(f, I(0x80000000u)), e = AND(SHR(f, I(23)), I(0xff)), fr = AND(f, I(0x7fffff));
	W norm = wv(SHL(fr, I(29)), OR(OR(sign, SHL(ADD(e, I(896)), I(20))), SHR(fr, I(3))));
	W spec = wv(SHL(fr, I(29)), OR(OR(sign, I(0x7ff00000)),
	                               OR(SHR(fr, I(3)), AND(NE(fr, I(0)), I(0x80000)))));
	W r = wsel(l, pr(l, EQ(e, I(255))), spec, norm);
	return wsel(l, pr(l, EQ(e, I(0))), wv(I(0), sign), r);
}

static Val d2f(L *l, W x)
{
	Val sign = AND(x.hi, I(0x80000000u)), e = AND(SHR(x.hi, I(20)), I(0x7ff));
	Val fhi = AND(x.hi, I(0xfffff)), m23 = OR(SHL(fhi, I(3)), SHR(x.lo, I(29)));
	Val rest = AND(x.lo, I(0x1fffffff)), ef = SUB(e, I(896)), inc, bits, tiny, r;
	Val fz = EQ(OR(fhi, x.lo), I(0));
	inc = OR(UGT(rest, I(0x10000000)), AND(EQ(rest, I(0x10000000)), AND(m23, I(1))));
	bits = ADD(ADD(SHL(ef, I(23)), m23), AND(inc, I(1)));
	r = SEL(l, SGE(ef, I(255)), I(0x7f800000), bits);
	/* below the normal range: flushed, unless rounding reaches FLT_MIN */
	tiny = AND(AND(EQ(ef, I(0)), EQ(fhi, I(0xfffff))), NOT(ULT(x.lo, I(0xe0000000u))));
	r = SEL(l, SLT(ef, I(1)), AND(tiny, I(0x00800000)), r);
	r = SEL(l, EQ(e, I(0x7ff)),
	        SEL(l, fz, I(0x7f800000), OR(I(0x7fc00000), AND(m23, I(0x3fffff)))), r);
	return OR(sign, r);
}

static W frexp_mant(L *l, W x)
{
	Unp u = unpack(l, x);
	W r = wv(u.m.lo, OR(OR(u.sign, I(0x3fe00000)), AND(u.m.hi, I(0xfffff))));
	r = wsel(l, pr(l, OR(u.zero, u.inf)), x, r);
	return wsel(l, pr(l, u.nan), quiet(l, x), r);
}

static Val frexp_exp(L *l, W x)
{
	Unp u = unpack(l, x);
	return SEL(l, OR(OR(u.nan, u.inf), u.zero), I(0), SUB(u.e, I(1022)));
}

/* dclass x, mask: all ones when x's class has its bit in mask (the bits of
 * lower_fmath.c's class: 0 sNaN, 1 qNaN, 2 -Inf, 3 -normal, 4 -denormal,
 * 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf; the negative twin of a
 * positive index p is 11 - p) */
static Val dclass(L *l, W x, Val mask)
{
	Val ef = AND(SHR(x.hi, I(20)), I(0x7ff));
	Val fnz = NE(OR(x.lo, AND(x.hi, I(0xfffff))), I(0));
	Val p = selp(l, pr(l, OR(ef, fnz)), I(7), I(6));
	p = selp(l, compare(l, "ne", VT_UD, ef, I(0)), I(8), p);
	p = selp(l, compare(l, "eq", VT_UD, ef, I(0x7ff)), I(9), p);
	p = selp(l, compare(l, "lt", VT_D, x.hi, I(0)), SUB(I(11), p), p);
	p = selp(l, pr(l, AND(EQ(ef, I(0x7ff)), fnz)), AND(SHR(x.hi, I(19)), I(1)), p);
	return SUB(I(0), AND(SHR(mask, p), I(1)));
}

/* ---- operands and the instruction ------------------------------------------ */

static int is_f64(Opcode op)
{
	switch (op) {
	case OP_DADD: case OP_DSUB: case OP_DMUL: case OP_DMAD: case OP_DDIV: case OP_DSQRT:
	case OP_DRCP: case OP_DRSQ: case OP_DFRAC: case OP_DLDEXP: case OP_DFREXP: case OP_DFREXP_EXP:
	case OP_DFREXP_MANT: case OP_DMIN: case OP_DMAX: case OP_DABS: case OP_DCLASS:
	case OP_DTRIG_PREOP: case OP_DROUND_NEAREST: case OP_DROUND_NEGINF: case OP_DROUND_PLUSINF:
	case OP_DROUND_Z: case OP_DMOV: case OP_DMOVC: case OP_DEQ: case OP_DNE: case OP_DLT:
	case OP_DGE: case OP_F2D: case OP_D2F: case OP_ITOD: case OP_UTOD: case OP_DTOI: case OP_DTOU:
		return 1;
	default:
		return 0;
	}
}

/* source kinds ('d' double pair, 'i' integer, 'f' float) and result
 * ('d' pair, 'w' 32-bit), as in src/emu/amd_f64.c */
static const char *src_kinds(Opcode op, char *res)
{
	*res = 'd';
	switch (op) {
	case OP_DADD: case OP_DSUB: case OP_DMUL: case OP_DDIV: case OP_DMIN: case OP_DMAX: return "dd";
	case OP_DMAD: return "ddd";
	case OP_DLDEXP: case OP_DTRIG_PREOP: return "di";
	case OP_DCLASS: *res = 'w'; return "di";
	case OP_DMOVC: return "idd";
	case OP_DEQ: case OP_DNE: case OP_DLT: case OP_DGE: *res = 'w'; return "dd";
	case OP_DFREXP_EXP: case OP_D2F: case OP_DTOI: case OP_DTOU: *res = 'w'; return "d";
	case OP_F2D: return "f";
	case OP_ITOD: case OP_UTOD: return "i";
	default: return "d";
	}
}

/* a double source for pair p, its modifiers applied to the sign bit */
static W dsrc(L *l, const Operand *o, int p)
{
	Val lo = lsrc(l, o, p), hi = lsrc(l, o, p + 1);
	int neg = hi.neg, abs = hi.abs;
	if (lo.neg && !neg)
		lerr(l, o->loc, "'_neg' on a double source names its low component only (the sign is in "
		     "the high one: _neg(yw))");
	lo.neg = lo.abs = hi.neg = hi.abs = 0;
	if (abs)
		hi = AND(hi, I(0x7fffffff));
	if (neg)
		hi = XOR(hi, I(0x80000000u));
	return wv(lo, hi);
}

static Val ssrc(L *l, const Operand *o, int p, int is_float)
{
	Val v = lsrc(l, o, p);
	if (!is_float)
		return v.neg ? un(l, "mov", VT_D, v) : v;
	v.neg = v.abs = 0;
	{
		Val r = lsrc(l, o, p);
		if (r.abs)
			v = AND(v, I(0x7fffffff));
		if (r.neg)
			v = XOR(v, I(0x80000000u));
	}
	return v;
}

/* ---- native doubles (devices with an fp64 ALU: skl, pvc) -------------------
 *
 * Where the platform table gives the device an fp64 ALU, the arithmetic
 * (dadd dsub dmul dmad dfrac, and under round-to-nearest ddiv drcp dsqrt
 * drsq) is one df instruction: add, mul, mad (fused: IGC lowers OpenCL's
 * correctly rounded fma() to it), divm and sqrtm (vISA's IEEE macros).  The
 * pair (lo, hi) is moved into a df variable through its ud view with stride
 * 2 and back.  The kernel's prologue sets cr0's double denormal bit
 * (f64_prologue; IGC's OpenCL prologue sets it too), so denormals are kept
 * as IEEE, as the software path keeps them.  A directed rounding mode flips
 * cr0's rounding field around add/mul/mad; ddiv and dsqrt under one stay in
 * software, since no source says that the divm/sqrtm macros round in
 * cr0's mode.  Which NaN the hardware returns is documented nowhere, so a
 * NaN result is replaced by the rule both emulators follow (the first NaN
 * operand quieted, else the canonical NaN).  Moves, compares, conversions,
 * rounding, ldexp, frexp, class and trig_preop are integer code everywhere. */

static int native_op(L *l, Opcode op, int mode)
{
	if (!l->o->plat->fp64)
		return 0;
	switch (op) {
	case OP_DADD: case OP_DSUB: case OP_DMUL: case OP_DMAD: case OP_DFRAC:
		return 1;
	case OP_DDIV: case OP_DRCP: case OP_DSQRT: case OP_DRSQ:
		return mode == 0;
	default:
		return 0;
	}
}

/* cr0 = cr0 op bits, NoMask: every channel's mode changes together */
static void cr0_op(L *l, const char *op, uint32_t bits)
{
	VDecl *cr0 = vk_predefined(l->vk, "%cr0", VT_UD);
	VInst *v = vk_emit(l->vk, op, 1, 1);
	v->nomask = 1;
	v->ops[0] = vo_dst(cr0, 0);
	v->ops[1] = vo_scalar(cr0, 0);
	v->ops[2] = vo_imm(bits, VT_UD);
	v->nops = 3;
}

/* a df variable holding x: lo to the even dwords, hi to the odd ones */
static VDecl *df_pack(L *l, W x)
{
	VDecl *d = vk_temp(l->vk, "DFN", VT_DF, l->simd), *u = vk_alias(l->vk, d, VT_UD, 0);
	Val v[2];
	int h, k;
	v[0] = x.lo.kind == V_IMM ? x.lo : reg(l, x.lo);
	v[1] = x.hi.kind == V_IMM ? x.hi : reg(l, x.hi);
	for (h = 0; h < l->nchunks; h++)
		for (k = 0; k < 2; k++) {
			VInst *in = emit_chunk(l, "mov", h);
			in->ops[0] = vo_dst_stride(u, 2 * h * l->chunk + k, 2);
			in->ops[1] = opnd(l, v[k], VT_UD, h);
			in->nops = 2;
		}
	return d;
}

static W df_unpack(L *l, VDecl *d)
{
	VDecl *u = vk_alias(l->vk, d, VT_UD, 0), *w[2];
	int h, k;
	w[0] = t32(l), w[1] = t32(l);
	for (h = 0; h < l->nchunks; h++)
		for (k = 0; k < 2; k++) {
			VInst *in = emit_chunk(l, "mov", h);
			in->ops[0] = vo_dst(vk_alias(l->vk, w[k], VT_UD, 0), h * l->chunk);
			in->ops[1] = vo_region(u, 2 * h * l->chunk + k, 2, 1, 0);
			in->nops = 2;
		}
	return wv(val_vec(w[0]), val_vec(w[1]));
}

/* op on n df operands; a NaN result follows the rule of the software path
 * with the operands it would have passed (nan_ops, n_nan of them) */
static W native(L *l, const char *op, int mode, int n, const W *s, const W *nan_ops, int n_nan)
{
	VDecl *src[3], *d = vk_temp(l->vk, "DFN", VT_DF, l->simd);
	W r, nanr = canon_nan();
	int h, i;
	l->f64_native = 1;
	for (i = 0; i < n; i++)
		src[i] = df_pack(l, s[i]);
	if (mode)
		cr0_op(l, "xor", (uint32_t)mode << 4);
	for (h = 0; h < l->nchunks; h++) {
		VInst *in = emit_chunk(l, op, h);
		in->ops[0] = vo_dst(d, h * l->chunk);
		for (i = 0; i < n; i++)
			in->ops[1 + i] = vo_src(src[i], h * l->chunk);
		in->nops = 1 + n;
	}
	if (mode)
		cr0_op(l, "xor", (uint32_t)mode << 4);
	r = df_unpack(l, d);
	for (i = n_nan - 1; i >= 0; i--) {
		W x = nan_ops[i];
		if (x.lo.kind == V_IMM && x.hi.kind == V_IMM && !x.lo.neg && !x.hi.neg &&
		    (x.hi.imm & 0x7ff00000u) != 0x7ff00000u)
			continue; /* a constant that is no NaN (1.0) */
		nanr = wsel(l, pr(l, is_nan(l, x)), quiet(l, x), nanr);
	}
	return wsel(l, pr(l, is_nan(l, r)), nanr, r);
}

/* the kernel's prologue: cr0's double denormal bit (6) when a native
 * double instruction was emitted (dispatch leaves it 0: denormals flushed) */
void f64_prologue(L *l)
{
	if (l->f64_native)
		cr0_op(l, "or", 0x40); /* as IGC's "or cr0, cr0, 0x4c0" */
}

static W native_pair(L *l, Opcode op, int m, const W *s)
{
	W t[3], nz[3];
	switch (op) {
	case OP_DADD: return native(l, "add", m, 2, s, (W[]){s[0], one(), s[1]}, 3);
	case OP_DSUB:
		t[0] = s[0], t[1] = wv(s[1].lo, XOR(s[1].hi, I(0x80000000u)));
		return native(l, "add", m, 2, t, (W[]){t[0], one(), t[1]}, 3);
	case OP_DMUL: return native(l, "mul", m, 2, s, s, 2);
	case OP_DMAD: return native(l, "mad", m, 3, s, s, 3);
	case OP_DDIV: return native(l, "divm", 0, 2, s, s, 2);
	case OP_DRCP:
		t[0] = one(), t[1] = s[0];
		return native(l, "divm", 0, 2, t, t, 2);
	case OP_DSQRT: return native(l, "sqrtm", 0, 1, s, s, 1);
	case OP_DRSQ:
		t[0] = one(), t[1] = native(l, "sqrtm", 0, 1, s, s, 1);
		return native(l, "divm", 0, 2, t, t, 2);
	default: { /* OP_DFRAC: x - floor(x) */
		W fl = dround(l, 1, s[0]);
		nz[0] = s[0], nz[1] = one(), nz[2] = wv(fl.lo, XOR(fl.hi, I(0x80000000u)));
		t[0] = s[0], t[1] = nz[2];
		return native(l, "add", m, 2, t, nz, 3);
	}
	}
}

/* one pair's result: a double in *r or a 32-bit value in *w */
static void f64_pair(L *l, const Inst *in, int p, W *r, Val *w)
{
	const char *k;
	char res;
	W s[3];
	Val iv = I(0);
	int i;
	int m = fmath_round_mode(in);
	int nat = native_op(l, in->op, m);
	k = src_kinds(in->op, &res);
	if (!nat)
		mov_to(l, st(l)->mode, I(m));
	for (i = 0; i < 3; i++)
		s[i] = wv(I(0), I(0));
	for (i = 0; k[i]; i++) {
		if (k[i] == 'd')
			s[i] = dsrc(l, &in->ops[1 + i], p);
		else
			iv = ssrc(l, &in->ops[1 + i], p, k[i] == 'f');
	}
	if (nat) {
		*r = native_pair(l, in->op, m, s);
		return;
	}
	switch (in->op) {
	case OP_DADD: *r = call3(l, R_FMA, s[0], one(), s[1], iv); break;
	case OP_DSUB:
		*r = call3(l, R_FMA, s[0], one(), wv(s[1].lo, XOR(s[1].hi, I(0x80000000u))), iv);
		break;
	case OP_DMUL: /* a * b + (-0) (+0 toward -Inf, where +0 + -0 is -0) */
		*r = call3(l, R_FMA, s[0], s[1], wv(I(0), I(m == 2 ? 0 : 0x80000000u)), iv);
		break;
	case OP_DMAD: *r = call3(l, R_FMA, s[0], s[1], s[2], iv); break;
	case OP_DDIV: *r = call3(l, R_DIV, s[0], s[1], s[2], iv); break;
	case OP_DRCP: *r = call3(l, R_DIV, one(), s[0], s[2], iv); break;
	case OP_DSQRT: *r = call3(l, R_SQRT, s[0], s[1], s[2], iv); break;
	case OP_DRSQ: {
		W q = call3(l, R_SQRT, s[0], s[1], s[2], iv);
		*r = call3(l, R_DIV, one(), q, s[2], iv);
		break;
	}
	case OP_DFRAC: {
		W fl = dround(l, 1, s[0]);
		*r = call3(l, R_FMA, s[0], one(), wv(fl.lo, XOR(fl.hi, I(0x80000000u))), iv);
		break;
	}
	case OP_DLDEXP: *r = call3(l, R_LDEXP, s[0], s[1], s[2], iv); break;
	case OP_DTRIG_PREOP: *r = call3(l, R_TRIG, s[0], s[1], s[2], iv); break;
	case OP_DFREXP_MANT: *r = frexp_mant(l, s[0]); break;
	case OP_DFREXP_EXP: *w = frexp_exp(l, s[0]); break;
	case OP_DCLASS: *w = dclass(l, s[0], iv); break;
	case OP_DMIN: *r = dminmax(l, 0, s[0], s[1]); break;
	case OP_DMAX: *r = dminmax(l, 1, s[0], s[1]); break;
	case OP_DABS: *r = wv(s[0].lo, AND(s[0].hi, I(0x7fffffff))); break;
	case OP_DROUND_NEAREST: *r = dround(l, 0, s[0]); break;
	case OP_DROUND_NEGINF: *r = dround(l, 1, s[0]); break;
	case OP_DROUND_PLUSINF: *r = dround(l, 2, s[0]); break;
	case OP_DROUND_Z: *r = dround(l, 3, s[0]); break;
	case OP_DMOV: *r = s[0]; break;
	case OP_DMOVC: *r = wsel(l, pr(l, iv), s[1], s[2]); break;
	case OP_DEQ: case OP_DNE: case OP_DLT: case OP_DGE: *w = dcompare(l, in->op, s[0], s[1]); break;
	case OP_F2D: *r = f2d(l, iv); break;
	case OP_D2F: *w = d2f(l, s[0]); break;
	case OP_ITOD: *r = inttod(l, 0, iv); break;
	case OP_UTOD: *r = inttod(l, 1, iv); break;
	case OP_DTOI: *w = dtoint(l, 0, s[0]); break;
	default: *w = dtoint(l, 1, s[0]); break; /* OP_DTOU */
	}
}

/* diagnostics; 0 when the instruction can be lowered */
static int f64_check(L *l, const Inst *in, const int m[4])
{
	const char *name = il_ops[in->op].name, *k;
	const Mod *z = il_inst_mod(in, "zeroop");
	char res;
	int i;
	if (in->op == OP_DFREXP) {
		lerr(l, in->loc, "'dfrexp' is not supported: %s", isa_undocumented(in->op));
		return -1;
	}
	if (l->o->no_fp64_emu && !l->o->plat->fp64) {
		Buf b = {0};
		platforms_fp64(&b);
		lerr(l, in->loc, "'%s' needs double precision, which %s lacks, and --no-fp64-emulation "
		     "forbids the software doubles; devices with fp64 hardware: %s", name, l->o->plat->name,
		     b.s ? b.s : "none");
		free(b.s);
		return -1;
	}
	if (il_inst_mod(in, "sat") || il_inst_mod(in, "relop") || il_inst_mod(in, "ieee")) {
		lerr(l, in->loc, "'%s' takes no '_sat', '_relop' or '_ieee' modifier", name);
		return -1;
	}
	if (z && (in->op != OP_DRCP && in->op != OP_DRSQ)) {
		lerr(l, z->loc, "'_zeroop' is only taken by drcp and drsq, not '%s'", name);
		return -1;
	}
	if (z && (!z->arg || strcmp(z->arg, "infinity"))) {
		lerr(l, z->loc, "'_zeroop(%s)' is not supported for doubles (only infinity, the IEEE result)",
		     z->arg ? z->arg : "");
		return -1;
	}
	k = src_kinds(in->op, &res);
	if (res == 'd' && ((m[0] == WM_WRITE) != (m[1] == WM_WRITE) || (m[2] == WM_WRITE) != (m[3] == WM_WRITE))) {
		lerr(l, in->ops[0].loc, "'%s' writes a double (a component pair): the write mask '.%s' must "
		     "cover x and y, z and w, or both", name, in->ops[0].comps);
		return -1;
	}
	for (i = 0; k[i] && 1 + i < in->nops; i++) {
		const Operand *o = &in->ops[1 + i];
		if (k[i] == 'i' && il_mod(o->mods, o->nmods, "abs")) {
			lerr(l, o->loc, "'_abs' on the integer source of '%s' is not supported", name);
			return -1;
		}
	}
	return 0;
}

/* lower_f64 lowers op (dfrexp with two results is diagnosed: docs/fmath.md) */
int f64_knows(Opcode op)
{
	return is_f64(op) && op != OP_DFREXP;
}

int lower_f64(L *l, const Inst *in)
{
	const Operand *d = &in->ops[0];
	int m[4], p, c, scratch;
	VDecl *tmp[4] = {0};
	long long key_;
	char res;
	if (!is_f64(in->op))
		return 0;
	if (in->nops < 1 || alu_dst(l, d, &key_, &scratch, m) || f64_check(l, in, m))
		return 1;
	src_kinds(in->op, &res);
	for (p = 0; p < 4; p += 2) {
		W r = wv(I(0), I(0));
		Val w = I(0);
		if (m[p] != WM_WRITE && m[p + 1] != WM_WRITE)
			continue;
		f64_pair(l, in, p, &r, &w);
		for (c = p; c < p + 2; c++) {
			if (m[c] != WM_WRITE)
				continue;
			tmp[c] = t32(l);
			mov_to(l, tmp[c], res == 'w' ? w : c == p ? r.lo : r.hi);
		}
	}
	alu_store(l, d, key_, scratch, m, tmp);
	return 1;
}
