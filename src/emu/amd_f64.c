/* amd_f64.c - AMD IL double-precision instructions (amdil.md 4.7, 4.6),
 * computed with the host's IEEE double arithmetic.
 *
 * Operands: a double is a component pair, x (low dword) : y (high dword) or
 * z : w.  For a written pair p (0 = xy, 2 = zw) a double source reads the
 * source's swizzled components p and p+1; an integer or float source (f2d,
 * itod, utod, dldexp's exponent, dmovc's condition) reads its swizzled
 * component p.  An instruction with a 32-bit result (compares, d2f, dtoi,
 * dtou, dfrexp_exp) writes it to every written component of a pair,
 * computed from that pair's sources; the others write whole pairs.
 * Modifiers on a double source: _abs clears the sign, _neg negates when it
 * names the high component (AMD writes _neg(yw)); naming only a low one is
 * refused.  On an integer source _neg is a two's complement negate, on
 * f2d's float source a sign flip.
 *
 * Semantics (the translator's software doubles implement the same rules,
 * docs/design.md "Doubles"):
 *   rounding   every result is rounded to nearest even; doubles keep their
 *              denormals; dmad is fused (one rounding); drcp is 1/x correctly
 *              rounded; drsq is 1/sqrt(x) with two roundings (sqrt, then the
 *              divide); _zeroop(infinity) is the IEEE result anyway.
 *   NaN        a NaN result is the first NaN source (in operand order)
 *              with its quiet bit set; an invalid operation on non-NaN
 *              inputs (Inf - Inf, 0 * Inf, 0/0, Inf/Inf, sqrt(<0), dfrac(Inf))
 *              gives the canonical quiet NaN 0x7FF8000000000000 [I: GCN
 *              propagates input NaNs; the host's own default NaN is not used].
 *   min/max    IEEE minNum/maxNum: a NaN operand yields the other, two NaNs
 *              the first (quieted); -0 is below +0.
 *   compares   deq, dlt, dge ordered; dne unordered (true on NaN), as `ne`.
 *   convert    f2d/d2f: single-precision denormals flushed to a signed zero
 *              on f2d's input and d2f's result, as every float instruction
 *              here does (amdil.md 4.11); d2f rounds to nearest even and
 *              keeps the top 23 payload bits of a NaN, quieted.
 *              dtoi/dtou truncate, NaN -> 0, saturate (dtou: negatives -> 0),
 *              as ftoi/ftou [I]; itod/utod are exact.
 *   rounding   dround_nearest/neginf/plusinf/z: rint, floor, ceil, trunc;
 *   ops        dfrac: x - floor(x) rounded (so -tiny gives 1.0, Inf a NaN);
 *              dldexp: x * 2^n rounded (n the integer source);
 *              dfrexp_mant: the significand in [0.5, 1) with x's sign,
 *              x itself for 0, Inf, NaN (quieted); dfrexp_exp: the exponent
 *              with x = mant * 2^exp, 0 for 0, Inf and NaN [I: GCN's
 *              v_frexp_*_f64].
 *   dclass     x's class bit (0 sNaN, 1 qNaN, 2 -Inf, 3 -normal, 4 -denormal,
 *              5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf) tested in the
 *              integer mask: all ones or 0 (docs/fmath.md: HSAFoundation
 *              builtins' class.cl and amdil-to-hsail.cl).
 *   dtrig_preop  GCN's V_TRIG_PREOP_F64 (d.xy, a.xy, seg.x): the 53 bits
 *              of 2/pi after bit shift = (seg & 31) * 53 + max(e - 1077, 0)
 *              (e the exponent field of a; 0 when they pass the 1201-bit
 *              table) times 2^(-53 - shift), 2^128 more when e >= 1968,
 *              rounded toward zero (the ISA's rule: only denormals round);
 *              a NaN comes back quieted [I: AMD's RDNA/Vega ISA text; LLVM's
 *              constant folding of llvm.amdgcn.trig.preop].
 * Refused: dfrexp with its two results (which half is which is not
 * documented); zeroop policies other than infinity.
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "amdint.h"

static double D(uint64_t u)
{
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static uint64_t B(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

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

enum { DNAN = 0, QUIET = 1 };
#define CANON_NAN 0x7ff8000000000000ull
#define QUIET_BIT 0x0008000000000000ull

static int isnan_b(uint64_t u)
{
	return (u & 0x7fffffffffffffffull) > 0x7ff0000000000000ull;
}

/* the result r of an operation on sources s[0..n-1] with the NaN rule */
static uint64_t nan_rule(uint64_t r, const uint64_t *s, int n)
{
	int i;
	if (!isnan_b(r))
		return r;
	for (i = 0; i < n; i++)
		if (isnan_b(s[i]))
			return s[i] | QUIET_BIT;
	return CANON_NAN;
}

/* source kinds per operand: 'd' double pair, 'i' integer, 'f' float;
 * result: 'd' a pair, 'w' a 32-bit value */
typedef struct F64Op {
	int op;
	const char *src;
	char res;
} F64Op;

static const F64Op ops[] = {
	{OP_DADD, "dd", 'd'}, {OP_DSUB, "dd", 'd'}, {OP_DMUL, "dd", 'd'}, {OP_DMAD, "ddd", 'd'},
	{OP_DDIV, "dd", 'd'}, {OP_DSQRT, "d", 'd'}, {OP_DRCP, "d", 'd'}, {OP_DRSQ, "d", 'd'},
	{OP_DFRAC, "d", 'd'}, {OP_DLDEXP, "di", 'd'}, {OP_DFREXP_EXP, "d", 'w'},
	{OP_DFREXP_MANT, "d", 'd'}, {OP_DMIN, "dd", 'd'}, {OP_DMAX, "dd", 'd'}, {OP_DABS, "d", 'd'},
	{OP_DROUND_NEAREST, "d", 'd'}, {OP_DROUND_NEGINF, "d", 'd'}, {OP_DROUND_PLUSINF, "d", 'd'},
	{OP_DROUND_Z, "d", 'd'}, {OP_DMOV, "d", 'd'}, {OP_DMOVC, "idd", 'd'},
	{OP_DEQ, "dd", 'w'}, {OP_DNE, "dd", 'w'}, {OP_DLT, "dd", 'w'}, {OP_DGE, "dd", 'w'},
	{OP_F2D, "f", 'd'}, {OP_D2F, "d", 'w'}, {OP_ITOD, "i", 'd'}, {OP_UTOD, "i", 'd'},
	{OP_DTOI, "d", 'w'}, {OP_DTOU, "d", 'w'}, {OP_DCLASS, "di", 'w'}, {OP_DTRIG_PREOP, "di", 'd'},
};

static const F64Op *find(int op)
{
	size_t i;
	for (i = 0; i < NELEM(ops); i++)
		if (ops[i].op == op)
			return &ops[i];
	return NULL;
}

int amd_f64_op(int op)
{
	return find(op) != NULL;
}

const char *amd_f64_check(const AInst *a)
{
	const F64Op *f = find(a->op);
	int i, p;
	if (a->sat)
		return "'_sat' on a double instruction is not emulated";
	if (a->aux && a->op != OP_DRCP && a->op != OP_DRSQ)
		return "'_zeroop' is only taken by drcp and drsq";
	if (a->aux > 1)
		return "only '_zeroop(infinity)' (the IEEE result) is emulated for doubles";
	if (f->res == 'd' && ((a->d.m[0] == WM_WRITE) != (a->d.m[1] == WM_WRITE) ||
	                      (a->d.m[2] == WM_WRITE) != (a->d.m[3] == WM_WRITE)))
		return "a double result is a component pair: the write mask must cover x and y, z and w, "
		       "or both";
	for (i = 0; i < a->nsrc; i++) {
		if (f->src[i] == 'i' && a->s[i].abs)
			return "'_abs' on an integer source of a double instruction is not emulated";
		for (p = 0; p < 4 && f->src[i] == 'd'; p += 2)
			if ((a->s[i].neg >> p & 1) && !(a->s[i].neg >> (p + 1) & 1))
				return "'_neg' on a double names its low component only (the sign is in the high "
				       "one: _neg(yw))";
	}
	return NULL;
}

/* double source s for pair p, modifiers applied */
static uint64_t dsrc(Run *R, Item *it, const AInst *a, const ASrc *s, int p)
{
	ASrc raw = *s;
	uint64_t v;
	raw.neg = 0;
	raw.abs = 0;
	v = amd_src(R, it, a, &raw, p, 0) | (uint64_t)amd_src(R, it, a, &raw, p + 1, 0) << 32;
	if (s->abs)
		v &= 0x7fffffffffffffffull;
	if (s->neg >> (p + 1) & 1)
		v ^= 0x8000000000000000ull;
	return v;
}

static uint64_t f2d(uint32_t f)
{
	float x = amd_ftz(F(f));
	if (isnan(x)) /* sign, quiet bit and the payload moved up */
		return (uint64_t)(f & 0x80000000u) << 32 | 0x7ff8000000000000ull |
		       (uint64_t)(f & 0x3fffffu) << 29;
	return B((double)x);
}

static uint32_t d2f(uint64_t u)
{
	if (isnan_b(u))
		return (uint32_t)(u >> 32 & 0x80000000u) | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffffu);
	return U(amd_ftz((float)D(u)));
}

static uint32_t dtoi(double x)
{
	if (isnan(x))
		return 0;
	if (x >= 2147483648.0)
		return 0x7fffffffu;
	if (x < -2147483648.0)
		return 0x80000000u;
	return (uint32_t)(int32_t)x;
}

static uint32_t dtou(double x)
{
	if (isnan(x) || x <= 0.0)
		return 0;
	if (x >= 4294967296.0)
		return 0xffffffffu;
	return (uint32_t)x;
}

/* minNum / maxNum with -0 below +0 */
static uint64_t dminmax(uint64_t a, uint64_t b, int max)
{
	double x = D(a), y = D(b);
	int a_first;
	if (isnan(x) && isnan(y))
		return a | QUIET_BIT;
	if (isnan(x))
		return b;
	if (isnan(y))
		return a;
	if (x == y)
		a_first = (signbit(x) != 0) != max; /* equal: only the zeros' signs differ */
	else
		a_first = (x < y) != max;
	return a_first ? a : b;
}

static uint32_t frexp_exp(double x)
{
	int e = 0;
	if (isnan(x) || isinf(x) || x == 0.0)
		return 0;
	frexp(x, &e);
	return (uint32_t)e;
}

static uint64_t frexp_mant(uint64_t u)
{
	double x = D(u);
	int e;
	if (isnan(x))
		return u | QUIET_BIT;
	if (isinf(x) || x == 0.0)
		return u;
	return B(frexp(x, &e));
}

/* dclass: the class of x as a bit index (0 sNaN, 1 qNaN, 2 -Inf, 3 -normal,
 * 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf), then all ones
 * when that bit of the mask is set (amd_fmath.c's class, for doubles) */
static uint32_t dclass(uint64_t u, uint32_t mask)
{
	double x = D(u);
	int neg = (int)(u >> 63), b;
	if (isnan(x))
		b = (int)(u >> 51 & 1);
	else if (isinf(x))
		b = neg ? 2 : 9;
	else if (x == 0.0)
		b = neg ? 5 : 6;
	else if (fabs(x) < 0x1p-1022)
		b = neg ? 4 : 7;
	else
		b = neg ? 3 : 8;
	return mask >> b & 1 ? 0xffffffffu : 0;
}

/* 2/pi = 0.A2F9836E 4E441529 ... in 32-bit words: fraction bits 1..1201
 * (AMD's table length), zeros after; the same published digits fdlibm's
 * ipio2 holds in 24-bit pieces (tests/tools/trigref.c recomputes them) */
static const uint32_t two_pi_bits[40] = {
	0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
	0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
	0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
	0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
	0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b0000, 0, 0,
};

/* bit b (1-based) of 2/pi's fraction */
static unsigned two_pi_bit(int b)
{
	return two_pi_bits[(b - 1) / 32] >> (31 - (b - 1) % 32) & 1;
}

static uint64_t trig_preop(uint64_t a, uint32_t seg)
{
	int e = (int)(a >> 52 & 0x7ff), shift = (int)(seg & 31) * 53 + (e > 1077 ? e - 1077 : 0), b;
	uint64_t r = 0;
	volatile double v;
	int old;
	if (isnan_b(a))
		return a | QUIET_BIT;
	if (shift + 53 > 1201)
		return 0;
	for (b = shift + 1; b <= shift + 53; b++)
		r = r << 1 | two_pi_bit(b);
	old = fegetround();
	fesetround(FE_TOWARDZERO);
	v = ldexp((double)r, -53 - shift + (e >= 1968 ? 128 : 0));
	fesetround(old);
	return B(v);
}

/* one pair: s[] the double sources (or 0), iv/fv the 32-bit ones */
static uint64_t op_pair(const AInst *in, int op, const uint64_t *s, uint32_t iv, uint32_t *w)
{
	double a = D(s[0]), b = D(s[1]), c = D(s[2]);
	int n = op == OP_DMAD ? 3 : op == OP_DADD || op == OP_DSUB || op == OP_DMUL || op == OP_DDIV ? 2 : 1;
	uint64_t t[2];
	switch (op) {
	case OP_DADD: case OP_DSUB: case OP_DMUL: case OP_DMAD: {
		/* _rte/_rtp/_rtn/_rtz: the host's rounding mode around the operation */
		int old = amd_round_begin(in);
		volatile double x = a, y = b, r;
		r = op == OP_DADD ? x + y : op == OP_DSUB ? x - y : op == OP_DMUL ? x * y : fma(x, y, c);
		amd_round_end(old);
		return nan_rule(B(r), s, n);
	}
	case OP_DDIV: return nan_rule(B(a / b), s, n);
	case OP_DSQRT: return nan_rule(B(sqrt(a)), s, 1);
	case OP_DRCP: return nan_rule(B(1.0 / a), s, 1);
	case OP_DRSQ: {
		/* sqrt rounded, then 1/that rounded: both steps with the NaN rule */
		uint64_t r = nan_rule(B(sqrt(a)), s, 1);
		return nan_rule(B(1.0 / D(r)), &r, 1);
	}
	case OP_DFRAC: {
		uint64_t fl = nan_rule(B(floor(a)), s, 1);
		t[0] = s[0];
		t[1] = fl;
		return nan_rule(B(a - D(fl)), t, 2);
	}
	case OP_DLDEXP: return nan_rule(B(ldexp(a, (int32_t)iv)), s, 1);
	case OP_DFREXP_EXP: *w = frexp_exp(a); return 0;
	case OP_DFREXP_MANT: return frexp_mant(s[0]);
	case OP_DMIN: return dminmax(s[0], s[1], 0);
	case OP_DMAX: return dminmax(s[0], s[1], 1);
	case OP_DABS: return s[0] & 0x7fffffffffffffffull;
	case OP_DROUND_NEAREST: return nan_rule(B(nearbyint(a)), s, 1);
	case OP_DROUND_NEGINF: return nan_rule(B(floor(a)), s, 1);
	case OP_DROUND_PLUSINF: return nan_rule(B(ceil(a)), s, 1);
	case OP_DROUND_Z: return nan_rule(B(trunc(a)), s, 1);
	case OP_DMOV: return s[0];
	case OP_DMOVC: return iv ? s[1] : s[2];
	case OP_DEQ: *w = a == b ? 0xffffffffu : 0; return 0;
	case OP_DNE: *w = !(a == b) ? 0xffffffffu : 0; return 0;
	case OP_DLT: *w = a < b ? 0xffffffffu : 0; return 0;
	case OP_DGE: *w = a >= b ? 0xffffffffu : 0; return 0;
	case OP_F2D: return f2d(iv);
	case OP_D2F: *w = d2f(s[0]); return 0;
	case OP_ITOD: return B((double)(int32_t)iv);
	case OP_UTOD: return B((double)iv);
	case OP_DTOI: *w = dtoi(a); return 0;
	case OP_DCLASS: *w = dclass(s[0], iv); return 0;
	case OP_DTRIG_PREOP: return trig_preop(s[0], iv);
	default: *w = dtou(a); return 0; /* OP_DTOU */
	}
}

void amd_f64(Run *R, Item *it, const AInst *a, uint32_t res[4])
{
	const F64Op *f = find(a->op);
	int p, i;
	for (p = 0; p < 4; p += 2) {
		uint64_t s[3] = {0, 0, 0}, r;
		uint32_t iv = 0, w = 0;
		if (a->d.m[p] != WM_WRITE && a->d.m[p + 1] != WM_WRITE)
			continue;
		for (i = 0; i < a->nsrc; i++) {
			if (f->src[i] == 'd')
				s[i] = dsrc(R, it, a, &a->s[i], p);
			else
				iv = amd_src(R, it, a, &a->s[i], p, f->src[i] == 'f');
		}
		r = op_pair(a, a->op, s, iv, &w);
		if ((a->op == OP_DTOI || a->op == OP_DTOU) &&
		    (isnan(D(s[0])) || (a->op == OP_DTOI ? D(s[0]) <= -2147483649.0 || D(s[0]) >= 2147483648.0
		                                          : D(s[0]) <= -1.0 || D(s[0]) >= 4294967296.0)))
			amd_note_cvt(R, it, a, D(s[0])); /* an OpenCL C cast's result is implementation-defined */
		if (f->res == 'd') {
			res[p] = (uint32_t)r;
			res[p + 1] = (uint32_t)(r >> 32);
		} else {
			res[p] = res[p + 1] = w;
		}
	}
}
