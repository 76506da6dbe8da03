/* amd_fmath.c - the float AMD IL instructions beyond the basic ALU
 * (amdil.md 4.4-4.6), and the instruction modifiers that change a float
 * result: explicit rounding modes and destination shifts.  One result
 * component at a time, like amd_alu.c; the rules are docs/fmath.md's:
 *
 *   div_precise   a / b correctly rounded (to nearest even).
 *   lrp t, a, b   t*a + (1-t)*b as amdil.md 4.4 writes it, each step
 *                 rounded, left to right (the order is [U]; D3D9's
 *                 t*(a-b)+b differs in the sign of some zeros).
 *   fldexp a, n   a * 2^n rounded once; n is the integer source.
 *   frexp_mant    C frexp's significand in [0.5, 1) with a's sign; frexp_exp
 *                 its exponent; 0, Inf and NaN give a itself and 0 (the rule
 *                 the double forms follow, docs/design.md "Doubles").
 *   mod_ieee, mod C fmod (exact): AMD's HLSL front end (in Brook+'s brcc)
 *                 prints mod for the float remainder, HLSL's fmod.
 *   f2f16_neg_inf, f2f16_plus_inf   float -> half rounded toward -Inf /
 *                 +Inf; half denormals kept; NaN gives 0x7E00 with a's sign.
 *   class x, m    all ones when x's IEEE class has its bit in the integer
 *                 mask m (0 sNaN, 1 qNaN, 2 -Inf, 3 -normal, 4 -denormal,
 *                 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf), else 0; x
 *                 unflushed (AMD's builtins library: class.cl, the bit
 *                 layout of GCN's v_cmp_class).
 *   (f_2_u4 is amd_intx.c's: cl_amd_media_ops' amd_pack rule)
 *   exn ln tan asin acos atan pow   legacy scalar ops (lane w, as exp/log):
 *                 e^x, natural log, tan, asin, acos, atan, x^y.
 *   _rte _rtp _rtn _rtz on add, sub, mul, mad, mad_ieee, fma: the operation
 *                 rounded in that mode (mad: both the product and the sum);
 *                 mul and mad with a mode are the IEEE forms (B14 lists the
 *                 rounding variants with the OpenCL, IEEE, operations).
 *   _x2 _x4 _x8 _d2 _d4 _d8   the float result (flushed) times 2, 4, 8, 1/2,
 *                 1/4, 1/8, flushed, before _sat (GRVK: shift, then sat).
 * Denormal inputs and results are flushed as everywhere in amd_alu.c
 * (class excepted: it reads the bits).
 */
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "amdint.h"


int amd_fmath_op(int op)
{
	switch (op) {
	case OP_DIV_PRECISE: case OP_LRP: case OP_FLDEXP: case OP_FREXP_EXP: case OP_FREXP_MANT:
	case OP_MOD_IEEE: case OP_MOD: case OP_F2F16_NEG_INF: case OP_F2F16_PLUS_INF:
	case OP_EXN: case OP_LN: case OP_TAN: case OP_ASIN: case OP_ACOS: case OP_ATAN: case OP_POW:
	case OP_CLASS:
		return 1;
	default:
		return 0;
	}
}

/* the sources that are integers (fldexp's exponent, class's mask) */
int amd_fmath_int_src(int op, int i)
{
	return (op == OP_FLDEXP || op == OP_CLASS) && i == 1;
}

/* class: x's class as a bit index (0 signalling NaN, 1 quiet NaN, 2 -Inf,
 * 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +Inf),
 * then all ones when that bit of the mask is set, else 0; x is read
 * unflushed (docs/fmath.md) */
static uint32_t fclass(uint32_t x, uint32_t mask)
{
	uint32_t m = x & 0x7fffffffu;
	int neg = (int)(x >> 31), b;
	if (m > 0x7f800000u)
		b = (int)(x >> 22 & 1);
	else if (m == 0x7f800000u)
		b = neg ? 2 : 9;
	else if (m >= 0x00800000u)
		b = neg ? 3 : 8;
	else if (m)
		b = neg ? 4 : 7;
	else
		b = neg ? 5 : 6;
	return mask >> b & 1 ? 0xffffffffu : 0;
}

int amd_fmath_lane_w(int op)
{
	switch (op) {
	case OP_EXN: case OP_LN: case OP_TAN: case OP_ASIN: case OP_ACOS: case OP_ATAN: case OP_POW:
		return 1;
	default:
		return 0;
	}
}

/* float -> half bits rounded toward -Inf (down) or +Inf (up) */
static uint32_t half_directed(float f, int up)
{
	uint32_t sign = signbit(f) ? 0x8000u : 0;
	double a = fabs((double)f), q, n;
	int e, away;
	if (isnan(f))
		return 0x7e00u; /* as f2f16 (amd_alu.c) */
	if (isinf(f) || a == 0)
		return sign | (isinf(f) ? 0x7c00u : 0);
	away = up ? !sign : !!sign; /* the magnitude rounds up */
	frexp(a, &e);              /* a in [2^(e-1), 2^e) */
	e = e - 1 < -14 ? -14 : e - 1;
	q = ldexp(1.0, e - 10);    /* the half's ulp at a */
	n = away ? ceil(a / q) : floor(a / q);
	a = n * q;
	if (a > 65504.0)
		return sign | (away ? 0x7c00u : 0x7bffu);
	if (a < 0x1p-14)
		return sign | (uint32_t)(a / 0x1p-24);
	frexp(a, &e);
	return sign | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)ldexp(a, 11 - e) - 1024u);
}


uint32_t amd_fmath(const AInst *in, const uint32_t *v)
{
	float a = amd_fi(v[0]), b = amd_fi(v[1]), c = amd_fi(v[2]), r;
	int e;
	switch (in->op) {
	case OP_CLASS: return fclass(v[0], v[1]);
	case OP_FREXP_EXP:
		if (!isfinite(a) || a == 0.0f)
			return 0;
		frexpf(a, &e);
		return (uint32_t)e;
	case OP_F2F16_NEG_INF: return half_directed(a, 0);
	case OP_F2F16_PLUS_INF: return half_directed(a, 1);
	case OP_DIV_PRECISE: { volatile float q = a / b; r = q; break; }
	case OP_LRP: {
		volatile float p = a * b, u = 1.0f - a, q;
		q = amd_ftz(u) * c;
		r = amd_ftz(p) + amd_ftz(q);
		break;
	}
	case OP_FLDEXP: {
		int32_t n = (int32_t)v[1];
		r = ldexpf(a, n < -400 ? -400 : n > 400 ? 400 : n);
		break;
	}
	case OP_FREXP_MANT: r = !isfinite(a) || a == 0.0f ? a : frexpf(a, &e); break;
	case OP_MOD_IEEE: case OP_MOD: r = fmodf(a, b); break;
	case OP_EXN: r = (float)exp((double)a); break;
	case OP_LN: r = (float)log((double)a); break;
	case OP_TAN: r = (float)tan((double)a); break;
	case OP_ASIN: r = (float)asin((double)a); break;
	case OP_ACOS: r = (float)acos((double)a); break;
	case OP_ATAN: r = (float)atan((double)a); break;
	default: r = (float)pow((double)a, (double)b); break; /* OP_POW */
	}
	r = amd_shift(in, r);
	if (in->sat) /* [0, 1], NaN -> 0 */
		r = isnan(r) || r <= 0.0f ? 0.0f : r > 1.0f ? 1.0f : r;
	return amd_fo(r);
}

/* ---- instruction modifiers --------------------------------------------------- */

static const char *const rnd_names[] = {"rte", "rtp", "rtn", "rtz"};
static const int rnd_modes[] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
static const char *const shift_names[] = {"x2", "x4", "x8", "d2", "d4", "d8"};

/* modifiers this file owns: 1 when name is one */
int amd_fmath_mod(const char *name)
{
	size_t i;
	for (i = 0; i < NELEM(rnd_names); i++)
		if (!strcmp(name, rnd_names[i]))
			return 1;
	for (i = 0; i < NELEM(shift_names); i++)
		if (!strcmp(name, shift_names[i]))
			return 1;
	return 0;
}

/* Fills a->rnd (1 + index in rnd_names) and a->shift (the power of two);
 * NULL, or why the instruction is refused. */
const char *amd_fmath_mods(const Inst *in, AInst *a)
{
	int i, j, nr = 0, ns = 0;
	for (i = 0; i < in->nmods; i++) {
		for (j = 0; j < 4; j++)
			if (!strcmp(in->mods[i].name, rnd_names[j]))
				a->rnd = (uint8_t)(j + 1), nr++;
		for (j = 0; j < 6; j++)
			if (!strcmp(in->mods[i].name, shift_names[j]))
				a->shift = (int8_t)(j < 3 ? j + 1 : 2 - j), ns++;
	}
	if (a->sat && (in->op == OP_FREXP_EXP || in->op == OP_F2F16_NEG_INF ||
	               in->op == OP_F2F16_PLUS_INF || in->op == OP_CLASS))
		return "'_sat' on an instruction with an integer result";
	if (in->op == OP_CLASS && in->nops == 3 && il_mod(in->ops[2].mods, in->ops[2].nmods, "abs"))
		return "'_abs' on the integer class mask is not emulated";
	if (a->aux > 1 && amd_fmath_op(in->op))
		return "a _zeroop policy other than infinity is not emulated on it";
	if (nr > 1 || ns > 1)
		return "more than one rounding mode or destination shift";
	if (nr && in->op != OP_ADD && in->op != OP_SUB && in->op != OP_MUL_IEEE && in->op != OP_MUL &&
	    in->op != OP_MAD && in->op != OP_MAD_IEEE && in->op != OP_FMA && in->op != OP_DADD &&
	    in->op != OP_DSUB && in->op != OP_DMUL && in->op != OP_DMAD)
		return "a rounding-mode modifier is emulated on add, sub, mul, mad, fma, dadd, dsub, dmul and "
		       "dmad only";
	if (ns && (!(amd_alu_kind(in->op) == 2 || amd_alu_kind(in->op) == 7 || in->op == OP_ITOF ||
	             in->op == OP_UTOF) ||
	           in->op == OP_ABS || in->op == OP_CMP || in->op == OP_F162F || in->op == OP_UNPACK0 ||
	           in->op == OP_UNPACK1 || in->op == OP_UNPACK2 || in->op == OP_UNPACK3 || in->op == OP_FREXP_EXP || in->op == OP_F2F16_NEG_INF ||
	           in->op == OP_F2F16_PLUS_INF || in->op == OP_CLASS))
		return "a destination shift is emulated on float arithmetic results only";
	return NULL;
}

int amd_round_begin(const AInst *a)
{
	int old = fegetround();
	if (a->rnd)
		fesetround(rnd_modes[a->rnd - 1]);
	return old;
}

void amd_round_end(int old)
{
	fesetround(old);
}

/* the destination shift on a (flushed) float result */
float amd_shift(const AInst *a, float r)
{
	if (!a->shift)
		return r;
	r = amd_ftz(r);
	return amd_ftz(ldexpf(r, a->shift));
}
