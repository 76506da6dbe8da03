/* visa_exec.c - one Gen hardware thread executing an XProg.
 *
 * State: the register file (every general variable's bytes), one 32-bit
 * lane mask per predicate, the surface/sampler variables, the active lane
 * mask, and for the goto/join control flow the lanes waiting at a later
 * instruction (wait[lane]).  Rules:
 *   - an instruction runs on lanes moff..moff+exec-1 that are active (or
 *     all of them with _NM) and, when predicated, whose predicate bit is set
 *     (sel uses its predicate to choose, not to enable);
 *   - all sources of all lanes are read before any destination is written;
 *   - goto: the lanes that take a forward branch wait at the target; a
 *     backward branch continues with the lanes that take it while the others
 *     wait after the goto; when no lane is left active, execution resumes at
 *     the earliest instruction some lane waits at (hardware join order);
 *   - call runs the subroutine with the active lanes (and the predicate);
 *     ret there retires lanes until none is active, then the caller resumes
 *     with them; ret in the entry function ends those lanes (EOT);
 *   - integer ALU works on 64-bit values extended by the operand types and
 *     truncates (or with .sat clamps) to the destination; float ALU is IEEE
 *     on the host (f32 rounded after every operation, mad fused); float to
 *     integer conversion saturates (NaN -> 0) as Gen's does;
 *   - messages check every address: global ones against the ZeMem regions,
 *     %slm against the group's SLM, %scratch against the thread's own area;
 *     LSC messages likewise (lsc_message: their rules, from the vISA spec);
 *   - image messages find their surface state by the binding-table index a
 *     surface variable holds and their sampler state by sampler_index (ze.c
 *     built both from the arguments); sample_lz takes float coordinates,
 *     normalized as the sampler state says, load_lz and scatter4_typed
 *     integer ones; OpenCL's rules (emu_image.c) do the rest.
 * Any violation stops the thread with XS_ERROR and a message naming the
 * thread, the line, the instruction and the lane.
 */
#include <limits.h>
#include <float.h>
#include <fenv.h>
#include <math.h>
#include <string.h>

#include "zeint.h"

enum { MAX_FRAMES = 64 };

typedef union XV { int64_t i; double f; } XV;

static void terr(XThread *t, const XInst *in, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void terr(XThread *t, const XInst *in, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	if (t->state == XS_ERROR)
		return;
	buf_printf(&b, "thread %d of %s, vISA line %d (%s): ", t->index, t->m->group, in->line, in->mnem);
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	t->error = b.s;
	t->state = XS_ERROR;
}

/* ---- values ------------------------------------------------------------ */

static uint64_t get_le(const uint8_t *p, int n)
{
	uint64_t v = 0;
	int i;
	for (i = n - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void put_le(uint8_t *p, uint64_t v, int n)
{
	int i;
	for (i = 0; i < n; i++, v >>= 8)
		p[i] = (uint8_t)v;
}

static float f_of(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t u_of(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static float half_to_float(uint16_t h)
{
	int e = h >> 10 & 0x1f, m = h & 0x3ff;
	float v;
	if (e == 0)
		v = ldexpf((float)m, -24);
	else if (e == 31)
		v = m ? NAN : INFINITY;
	else
		v = ldexpf((float)(m | 0x400), e - 25);
	return h & 0x8000 ? -v : v;
}

/* round to nearest even */
static uint16_t float_to_half(float f)
{
	uint32_t u = u_of(f), sign = u >> 16 & 0x8000, mag = u & 0x7fffffff;
	if (mag > 0x7f800000)
		return (uint16_t)(sign | 0x7e00);
	if (mag >= 0x477ff000) /* rounds to >= 65520: infinity */
		return (uint16_t)(sign | 0x7c00);
	if (mag < 0x38800000) { /* subnormal half */
		float a = fabsf(f) * 16777216.0f; /* units of 2^-24, exact */
		return (uint16_t)(sign | (uint32_t)nearbyintf(a));
	}
	{
		uint32_t r = mag - 0x38000000; /* rebias 127 -> 15 */
		uint32_t h = r >> 13, rest = r & 0x1fff;
		if (rest > 0x1000 || (rest == 0x1000 && (h & 1)))
			h++;
		return (uint16_t)(sign | h);
	}
}

static int64_t int_of(uint64_t b, XType t)
{
	switch (t) {
	case XT_UD: return (int64_t)(uint32_t)b;
	case XT_D: return (int64_t)(int32_t)(uint32_t)b;
	case XT_UW: case XT_UV: return (int64_t)(uint16_t)b;
	case XT_W: case XT_V: return (int64_t)(int16_t)(uint16_t)b;
	case XT_UB: return (int64_t)(uint8_t)b;
	case XT_B: return (int64_t)(int8_t)(uint8_t)b;
	case XT_F: return (int64_t)f_of((uint32_t)b);
	case XT_HF: return (int64_t)half_to_float((uint16_t)b);
	case XT_DF: {
		double d;
		memcpy(&d, &b, 8);
		return (int64_t)d;
	}
	default: return (int64_t)b;
	}
}

static double flt_of(uint64_t b, XType t)
{
	double d;
	switch (t) {
	case XT_F: return f_of((uint32_t)b);
	case XT_HF: return half_to_float((uint16_t)b);
	case XT_DF: memcpy(&d, &b, 8); return d;
	case XT_UQ: return (double)b;
	default: return (double)int_of(b, t);
	}
}

static XType imm_type(XType t)
{
	return t == XT_V ? XT_W : t == XT_UV ? XT_UW : t;
}

/* ---- operands ---------------------------------------------------------- */

/* the bytes of element n of a register operand, NULL for %null */
static uint8_t *elem(XThread *t, const XInst *in, const XOpnd *o, int n)
{
	const XVar *v = &t->p->vars.v[o->var];
	int size = xtype_size(o->type), off;
	if (v->kind == XV_NULL)
		return NULL;
	off = v->base + o->off + ((n / o->w) * o->vs + (n % o->w) * o->hs) * size;
	if (off < v->lo || off + size > v->hi) {
		terr(t, in, "element %d of %s is outside the variable (byte %d of %d)", n, v->name,
		     off - v->lo, v->hi - v->lo);
		return NULL;
	}
	return t->grf + off;
}

static uint64_t src_bits(XThread *t, const XInst *in, int i, int n)
{
	const XOpnd *o = &in->o[i];
	const uint8_t *p;
	if (o->kind == XO_IMM) {
		if (o->type == XT_V || o->type == XT_UV) {
			uint64_t nib = o->imm >> 4 * (n % 8) & 0xf;
			return o->type == XT_V && (nib & 8) ? (nib | 0xfff0) : nib;
		}
		return o->imm;
	}
	if (o->kind == XO_PRED)
		return t->pred[t->p->vars.v[o->var].base] >> (in->moff + n) & 1;
	p = elem(t, in, o, n);
	return p ? get_le(p, xtype_size(o->type)) : 0;
}

/* a source value in the float domain (fl) or as an integer of type `as`
 * (the operation's type: signedness of src0 for same-size integers) */
static XV src(XThread *t, const XInst *in, int i, int n, int fl, XType as)
{
	const XOpnd *o = &in->o[i];
	uint64_t b = src_bits(t, in, i, n);
	XType ty = imm_type(o->type);
	XV v;
	if (fl) {
		v.f = flt_of(b, ty);
		switch (o->mod) {
		case XM_NEG: v.f = -v.f; break;
		case XM_ABS: v.f = fabs(v.f); break;
		case XM_NEGABS: v.f = -fabs(v.f); break;
		default: break;
		}
		return v;
	}
	if (xtype_float(ty)) /* integer operations see a float operand's bits */
		ty = ty == XT_F ? XT_UD : ty == XT_HF ? XT_UW : XT_UQ;
	else if (as != XT_NONE && !xtype_float(as) && xtype_size(ty) == xtype_size(as))
		ty = as;
	v.i = int_of(b, ty);
	switch (o->mod) {
	case XM_NEG: v.i = (int64_t)(0 - (uint64_t)v.i); break;
	case XM_ABS: v.i = v.i < 0 ? (int64_t)(0 - (uint64_t)v.i) : v.i; break;
	case XM_NEGABS: v.i = v.i > 0 ? -v.i : v.i; break;
	case XM_NOT: v.i = ~v.i; break;
	default: break;
	}
	return v;
}

static uint64_t int_to_dst(int64_t x, XType t, int sat)
{
	int64_t lo, hi;
	switch (t) {
	case XT_UD: lo = 0, hi = UINT32_MAX; break;
	case XT_D: lo = INT32_MIN, hi = INT32_MAX; break;
	case XT_UW: lo = 0, hi = UINT16_MAX; break;
	case XT_W: lo = INT16_MIN, hi = INT16_MAX; break;
	case XT_UB: lo = 0, hi = UINT8_MAX; break;
	case XT_B: lo = INT8_MIN, hi = INT8_MAX; break;
	case XT_UQ: lo = 0, hi = INT64_MAX; break;
	default: lo = INT64_MIN, hi = INT64_MAX; break;
	}
	if (sat)
		x = x < lo ? lo : x > hi ? hi : x;
	return (uint64_t)x;
}

/* float -> integer type: truncation, saturating, NaN -> 0 */
static uint64_t flt_to_int(double x, XType t)
{
	double lo, hi;
	if (isnan(x))
		return 0;
	switch (t) {
	case XT_UD: lo = 0, hi = 4294967295.0; break;
	case XT_D: lo = -2147483648.0, hi = 2147483647.0; break;
	case XT_UW: lo = 0, hi = 65535.0; break;
	case XT_W: lo = -32768.0, hi = 32767.0; break;
	case XT_UB: lo = 0, hi = 255.0; break;
	case XT_B: lo = -128.0, hi = 127.0; break;
	case XT_UQ:
		if (x >= 18446744073709551616.0)
			return UINT64_MAX;
		return x <= 0 ? 0 : (uint64_t)x;
	default:
		if (x >= 9223372036854775808.0)
			return (uint64_t)INT64_MAX;
		if (x <= -9223372036854775808.0)
			return (uint64_t)INT64_MIN;
		return (uint64_t)(int64_t)x;
	}
	x = trunc(x);
	x = x < lo ? lo : x > hi ? hi : x;
	return (uint64_t)(int64_t)x;
}

static uint64_t to_dst_bits(XV v, int fl, XType t, int sat)
{
	if (xtype_float(t)) {
		double x = fl ? v.f : (double)v.i;
		float f = fl ? (float)v.f : (float)v.i; /* one rounding from integers */
		if (sat) {
			x = x > 1.0 ? 1.0 : x > 0.0 ? x : 0.0;
			f = (float)x;
		}
		if (t == XT_F)
			return u_of(f);
		if (t == XT_HF)
			return float_to_half(f);
		{
			uint64_t b;
			memcpy(&b, &x, 8);
			return b;
		}
	}
	return fl ? flt_to_int(v.f, t) : int_to_dst(v.i, t, sat);
}

static void dst_write(XThread *t, const XInst *in, int i, int n, XV v, int fl)
{
	const XOpnd *o = &in->o[i];
	uint8_t *p;
	if (!fl && xtype_float(o->type) && ((in->op >= X_AND && in->op <= X_ASR) ||
	                                    (in->op >= X_FBH && in->op <= X_BFI))) {
		/* bit operations (and, shl, bfi ...) write a float variable's bits */
		p = elem(t, in, o, n);
		if (p)
			put_le(p, (uint64_t)v.i, xtype_size(o->type));
		return;
	}
	if (o->kind == XO_PRED) {
		uint32_t *pr = &t->pred[t->p->vars.v[o->var].base], bit = 1u << (in->moff + n);
		*pr = (v.i & 1) ? *pr | bit : *pr & ~bit;
		return;
	}
	/* a conversion between float types gives the default quiet NaN, as
	 * float arithmetic does (payloads are documented by neither vendor) */
	if (fl && in->op == X_MOV && o->type != in->o[1].type && isnan(v.f))
		v.f = NAN;
	p = elem(t, in, o, n);
	if (p)
		put_le(p, to_dst_bits(v, fl, o->type, in->sat), xtype_size(o->type));
}

/* ---- lane masks -------------------------------------------------------- */

static uint32_t exec_bits(int exec)
{
	return exec >= 32 ? 0xffffffffu : (1u << exec) - 1;
}

/* predicate bits of the instruction's lanes (bit n = lane moff + n) */
static uint32_t pred_bits(const XThread *t, const XInst *in)
{
	uint32_t all = exec_bits(in->exec ? in->exec : t->p->simd);
	uint32_t pm = t->pred[t->p->vars.v[in->pred].base] >> in->moff;
	if (in->pred_ctrl == XP_ANY)
		pm = (pm & all) ? ~0u : 0;
	else if (in->pred_ctrl == XP_ALL)
		pm = (pm & all) == all ? ~0u : 0;
	if (in->pred_not)
		pm = ~pm;
	return pm & all;
}

/* enabled lanes, bit n = instruction lane n */
static uint32_t enabled(const XThread *t, const XInst *in, int use_pred)
{
	uint32_t m = in->nomask ? ~0u : t->active >> in->moff;
	if (use_pred && in->pred >= 0)
		m &= pred_bits(t, in);
	return m & exec_bits(in->exec);
}

/* ---- ALU --------------------------------------------------------------- */

static int is_float_op(const XThread *t, const XInst *in, int first, int last)
{
	int i;
	(void)t;
	for (i = first; i <= last; i++)
		if ((in->o[i].kind == XO_REG || in->o[i].kind == XO_IMM) && xtype_float(in->o[i].type))
			return 1;
	return 0;
}

/* the operation's integer type: the first register source's, else src0's */
static XType op_type(const XInst *in, int first, int last)
{
	int i;
	for (i = first; i <= last; i++)
		if (in->o[i].kind == XO_REG)
			return in->o[i].type;
	return imm_type(in->o[first].type);
}

static double fr(double x, int dbl) { return dbl ? x : (double)(float)x; }

/* Denormals flushed to zero (sign kept) unless cr0 keeps them: its F and
 * DF denorm bits (7, 6) are 0 at dispatch; our kernels set bit 6 when they
 * use native doubles (IGC's OpenCL prologue sets 0x4c0) and never bit 7.
 * Float arithmetic and compares flush their inputs and results in flush
 * mode; plain moves and selects copy bits. */
static double ftz(const XThread *t, double x, int dbl)
{
	uint32_t cr0 = t->p->cr0 >= 0 ? (uint32_t)get_le(t->grf + t->p->vars.v[t->p->cr0].base, 4) : 0;
	if (cr0 >> (dbl ? 6 : 7) & 1)
		return x;
	if (x != 0 && fabs(x) < (dbl ? DBL_MIN : (double)FLT_MIN))
		return copysign(0.0, x);
	return x;
}

/* min / max: a NaN operand gives the other, -0 is below +0 (which zero
 * the hardware returns for min(+0, -0) is not documented; both emulated
 * runtimes order them) */
static double fmin0(double a, double b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return signbit(a) ? a : b;
	return a < b ? a : b;
}

static double fmax0(double a, double b)
{
	if (isnan(a))
		return b;
	if (isnan(b))
		return a;
	if (a == b)
		return signbit(a) ? b : a;
	return a > b ? a : b;
}

static int clz32(uint32_t x)
{
	int n = 0;
	if (!x)
		return 32;
	while (!(x & 0x80000000u))
		x <<= 1, n++;
	return n;
}

static int ctz32(uint32_t x)
{
	int n = 0;
	if (!x)
		return 32;
	while (!(x & 1))
		x >>= 1, n++;
	return n;
}

static int popcount64(uint64_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

static uint32_t bfrev32(uint32_t x)
{
	uint32_t r = 0;
	int i;
	for (i = 0; i < 32; i++, x >>= 1)
		r = r << 1 | (x & 1);
	return r;
}

static int64_t bfe(int64_t w, int64_t off, int64_t x, int sgn)
{
	int wd = (int)(w & 31), o = (int)(off & 31);
	uint32_t u = (uint32_t)x;
	if (!wd)
		return 0;
	if (wd + o < 32) {
		if (sgn)
			return (int64_t)((int32_t)(u << (32 - wd - o)) >> (32 - wd));
		return (int64_t)((u >> o) & ((1u << wd) - 1));
	}
	return sgn ? (int64_t)((int32_t)u >> o) : (int64_t)(u >> o);
}

static int64_t bfi(int64_t w, int64_t off, int64_t ins, int64_t base)
{
	int wd = (int)(w & 31), o = (int)(off & 31);
	uint32_t mask = wd ? ((1u << wd) - 1) << o : 0;
	return (int64_t)(uint32_t)((((uint32_t)ins << o) & mask) | ((uint32_t)base & ~mask));
}

static int fcmp(int rel, double a, double b)
{
	switch (rel) {
	case XR_EQ: return a == b;
	case XR_NE: return !(a == b);
	case XR_GT: return a > b;
	case XR_GE: return a >= b;
	case XR_LT: return a < b;
	default: return a <= b;
	}
}

static int icmp(int rel, int64_t a, int64_t b)
{
	switch (rel) {
	case XR_EQ: return a == b;
	case XR_NE: return a != b;
	case XR_GT: return a > b;
	case XR_GE: return a >= b;
	case XR_LT: return a < b;
	default: return a <= b;
	}
}

static double math1(XOp op, double x, int dbl)
{
	if (dbl)
		switch (op) {
		case X_INV: return 1.0 / x;
		case X_SQRT: return sqrt(x);
		case X_RSQRT: return 1.0 / sqrt(x);
		case X_LOG: return log2(x);
		case X_EXP: return exp2(x);
		case X_SIN: return sin(x);
		case X_COS: return cos(x);
		default: return x;
		}
	switch (op) {
	case X_INV: return 1.0f / (float)x;
	case X_SQRT: return sqrtf((float)x);
	case X_RSQRT: return 1.0f / sqrtf((float)x);
	case X_LOG: return log2f((float)x);
	case X_EXP: return exp2f((float)x);
	case X_SIN: return sinf((float)x);
	case X_COS: return cosf((float)x);
	default: return x;
	}
}

/* integer division as the math unit gives it: x / 0 = all ones, x % 0 = x */
static int64_t idiv(XOp op, int64_t a, int64_t b)
{
	if (!b)
		return op == X_DIV ? -1 : a;
	return op == X_DIV ? a / b : a % b;
}

static XV alu_op(const XInst *in, int n, int fl, int dbl, XType as, uint32_t selbits,
                 XV a, XV b, XV c, XV d);

/* one lane of a one-destination ALU instruction */
static XV alu_lane(XThread *t, const XInst *in, int n, int fl, int dbl, XType as, uint32_t selbits)
{
	XV a = {0}, b = {0}, c = {0}, d = {0}, r = {0};
	int ns = in->nops - 1;
	a = src(t, in, 1, n, fl, as);
	if (ns > 1)
		b = src(t, in, 2, n, fl, as);
	if (ns > 2)
		c = src(t, in, 3, n, fl, as);
	if (ns > 3)
		d = src(t, in, 4, n, fl, as);
	if (fl && in->op != X_MOV && in->op != X_SEL) {
		/* cr0 bits 5:4 round: 0 nearest even, 1 toward +Inf, 2 toward
		 * -Inf, 3 toward zero (double results are rounded to float in
		 * the same direction, which equals one rounding) */
		static const int modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};
		int rm = t->p->cr0 >= 0 ? (int)(get_le(t->grf + t->p->vars.v[t->p->cr0].base, 4) >> 4 & 3) : 0;
		a.f = ftz(t, a.f, dbl), b.f = ftz(t, b.f, dbl), c.f = ftz(t, c.f, dbl), d.f = ftz(t, d.f, dbl);
		if (rm)
			fesetround(modes[rm]);
		r = alu_op(in, n, fl, dbl, as, selbits, a, b, c, d);
		if (rm)
			fesetround(FE_TONEAREST);
		r.f = ftz(t, r.f, dbl);
		/* which NaN a float operation returns is documented by neither
		 * vendor: both emulated runtimes give the default quiet NaN */
		if (isnan(r.f))
			r.f = NAN;
		return r;
	}
	return alu_op(in, n, fl, dbl, as, selbits, a, b, c, d);
}

/* the operation itself, on decoded sources */
static XV alu_op(const XInst *in, int n, int fl, int dbl, XType as, uint32_t selbits,
                 XV a, XV b, XV c, XV d)
{
	XV r = {0};
	switch (in->op) {
	case X_MOV: r = a; break;
	case X_SEL: r = selbits >> n & 1 ? a : b; break;
	case X_ADD: if (fl) r.f = fr(a.f + b.f, dbl); else r.i = (int64_t)((uint64_t)a.i + (uint64_t)b.i); break;
	case X_MUL: if (fl) r.f = fr(a.f * b.f, dbl); else r.i = (int64_t)((uint64_t)a.i * (uint64_t)b.i); break;
	case X_MAD:
		if (fl)
			r.f = dbl ? fma(a.f, b.f, c.f) : (double)fmaf((float)a.f, (float)b.f, (float)c.f);
		else
			r.i = (int64_t)((uint64_t)a.i * (uint64_t)b.i + (uint64_t)c.i);
		break;
	case X_MULH:
		if (xtype_signed(as))
			r.i = (a.i * b.i) >> 32;
		else
			r.i = (int64_t)(((uint64_t)a.i * (uint64_t)b.i) >> 32);
		break;
	case X_AVG: r.i = (a.i + b.i + 1) >> 1; break;
	case X_MIN: if (fl) r.f = fmin0(a.f, b.f); else r.i = a.i < b.i ? a.i : b.i; break;
	case X_MAX: if (fl) r.f = fmax0(a.f, b.f); else r.i = a.i > b.i ? a.i : b.i; break;
	case X_AND: r.i = a.i & b.i; break;
	case X_OR: r.i = a.i | b.i; break;
	case X_XOR: r.i = a.i ^ b.i; break;
	case X_NOT: r.i = ~a.i; break;
	case X_SHL: case X_SHR: case X_ASR: {
		XType t0 = imm_type(in->o[1].type);
		int wide = xtype_size(t0) == 8, cnt = (int)(b.i & (wide ? 63 : 31));
		uint64_t u = wide ? (uint64_t)a.i : (uint64_t)a.i & ((1ull << 8 * xtype_size(t0)) - 1);
		if (in->op == X_SHL)
			r.i = (int64_t)(u << cnt);
		else if (in->op == X_SHR)
			r.i = (int64_t)(u >> cnt);
		else
			r.i = a.i >> cnt;
		break;
	}
	case X_FBH: {
		uint32_t u = (uint32_t)a.i;
		if (xtype_signed(op_type(in, 1, 1)))
			u = (int32_t)u < 0 ? ~u : u;
		r.i = u ? clz32(u) : -1;
		break;
	}
	case X_FBL: r.i = (uint32_t)a.i ? ctz32((uint32_t)a.i) : -1; break;
	case X_CBIT: {
		XType t0 = op_type(in, 1, 1);
		uint64_t u = xtype_size(t0) == 8 ? (uint64_t)a.i : (uint64_t)a.i & ((1ull << 8 * xtype_size(t0)) - 1);
		r.i = popcount64(u);
		break;
	}
	case X_BFREV: r.i = bfrev32((uint32_t)a.i); break;
	case X_LZD: r.i = clz32((uint32_t)a.i); break;
	case X_BFE: r.i = bfe(a.i, b.i, c.i, xtype_signed(imm_type(in->o[3].type))); break;
	case X_BFI: r.i = bfi(a.i, b.i, c.i, d.i); break;
	case X_FRC: r.f = fr(a.f - floor(a.f), dbl); break;
	case X_RNDD: r.f = floor(a.f); break;
	case X_RNDE: r.f = nearbyint(a.f); break;
	case X_RNDU: r.f = ceil(a.f); break;
	case X_RNDZ: r.f = trunc(a.f); break;
	case X_INV: case X_SQRT: case X_RSQRT: case X_LOG: case X_EXP: case X_SIN: case X_COS:
		r.f = math1(in->op, a.f, dbl);
		break;
	case X_POW: r.f = dbl ? pow(a.f, b.f) : (double)powf((float)a.f, (float)b.f); break;
	case X_DIVM: r.f = fr(a.f / b.f, dbl); break;
	case X_SQRTM: r.f = dbl ? sqrt(a.f) : (double)sqrtf((float)a.f); break;
	case X_DIV: case X_MOD:
		if (fl)
			r.f = in->op == X_DIV ? fr(a.f / b.f, dbl) : fr(fmod(a.f, b.f), dbl);
		else
			r.i = idiv(in->op, a.i, b.i);
		break;
	default: break;
	}
	return r;
}

/* the domain of an ALU instruction: float for float sources (and the float
 * only operations), integer otherwise */
static int alu_float(const XThread *t, const XInst *in)
{
	switch (in->op) {
	case X_AND: case X_OR: case X_XOR: case X_NOT: case X_SHL: case X_SHR: case X_ASR:
	case X_FBH: case X_FBL: case X_CBIT: case X_BFREV: case X_LZD: case X_BFE: case X_BFI:
	case X_MULH: case X_AVG: case X_ADDC: case X_SUBB:
		return 0;
	case X_FRC: case X_RNDD: case X_RNDE: case X_RNDU: case X_RNDZ: case X_INV: case X_SQRT:
	case X_RSQRT: case X_LOG: case X_EXP: case X_SIN: case X_COS: case X_POW: case X_DIVM: case X_SQRTM:
		return 1;
	default:
		return is_float_op(t, in, 1, in->nops - 1);
	}
}

static void exec_alu(XThread *t, const XInst *in)
{
	XV res[32];
	uint32_t en = enabled(t, in, in->op != X_SEL), sel = 0;
	int fl = alu_float(t, in), dbl = 0, n, i;
	XType as = fl ? XT_NONE : op_type(in, 1, in->nops - 1);
	for (i = 0; i < in->nops; i++)
		dbl |= in->o[i].kind != XO_PRED && in->o[i].type == XT_DF;
	if (in->op == X_SEL)
		sel = in->pred >= 0 ? pred_bits(t, in) : 0;
	if (in->op == X_ADD || in->op == X_MUL || in->op == X_MAD || in->op == X_MOV ||
	    in->op == X_AND || in->op == X_OR || in->op == X_XOR || in->op == X_NOT)
		as = XT_NONE; /* each source keeps its own type */
	for (n = 0; n < in->exec; n++)
		if (en >> n & 1)
			res[n] = alu_lane(t, in, n, fl, dbl, as, sel);
	if (en && ((in->op >= X_INV && in->op <= X_POW) || (fl && in->op == X_DIV)))
		t->m->approx_used = 1;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++)
		if (en >> n & 1)
			dst_write(t, in, 0, n, res[n], fl);
}

static void exec_addc(XThread *t, const XInst *in)
{
	XV res[32], cy[32];
	uint32_t en = enabled(t, in, 1);
	int n;
	for (n = 0; n < in->exec; n++)
		if (en >> n & 1) {
			uint64_t a = (uint32_t)src(t, in, 2, n, 0, XT_UD).i, b = (uint32_t)src(t, in, 3, n, 0, XT_UD).i;
			if (in->op == X_ADDC) {
				res[n].i = (int64_t)((a + b) & 0xffffffffu);
				cy[n].i = (int64_t)((a + b) >> 32);
			} else {
				res[n].i = (int64_t)((a - b) & 0xffffffffu);
				cy[n].i = a < b;
			}
		}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++)
		if (en >> n & 1) {
			dst_write(t, in, 0, n, res[n], 0);
			dst_write(t, in, 1, n, cy[n], 0);
		}
}

static void exec_cmp(XThread *t, const XInst *in)
{
	XV res[32];
	uint32_t en = enabled(t, in, 1);
	int fl = is_float_op(t, in, 1, 2), n, dbl = in->o[1].type == XT_DF || in->o[2].type == XT_DF;
	XType as = fl ? XT_NONE : op_type(in, 1, 2);
	for (n = 0; n < in->exec; n++)
		if (en >> n & 1) {
			XV a = src(t, in, 1, n, fl, as), b = src(t, in, 2, n, fl, as);
			res[n].i = fl ? fcmp(in->sub, ftz(t, a.f, dbl), ftz(t, b.f, dbl)) : icmp(in->sub, a.i, b.i);
			if (in->o[0].kind == XO_REG)
				res[n].i = -res[n].i;
		}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++)
		if (en >> n & 1) {
			if (in->o[0].kind == XO_REG && xtype_float(in->o[0].type)) {
				/* -1/0 as a bit pattern in a float destination */
				uint8_t *p = elem(t, in, &in->o[0], n);
				if (p)
					put_le(p, res[n].i ? ~0ull : 0, xtype_size(in->o[0].type));
			} else
				dst_write(t, in, 0, n, res[n], 0);
		}
}

/* ---- control flow ------------------------------------------------------ */

/* no lane is active: resume the earliest waiting lanes or leave the frame */
static void reconverge(XThread *t)
{
	while (!t->active && t->state == XS_RUN) {
		if (t->waiting) {
			int best = INT_MAX, l;
			for (l = 0; l < 32; l++)
				if (t->waiting >> l & 1 && t->wait[l] < best)
					best = t->wait[l];
			for (l = 0; l < 32; l++)
				if (t->waiting >> l & 1 && t->wait[l] == best)
					t->active |= 1u << l;
			t->waiting &= ~t->active;
			t->pc = best;
			return;
		}
		if (!t->frames.n) {
			t->state = XS_END;
			return;
		}
		{
			XFrame *f = &t->frames.v[--t->frames.n];
			t->active = t->returned | t->outside;
			t->pc = f->ret_pc;
			t->waiting = f->waiting;
			t->returned = f->returned;
			t->outside = f->outside;
			memcpy(t->wait, f->wait, sizeof t->wait);
		}
	}
}

/* the lanes (absolute bits) a goto/call/ret acts on */
static uint32_t branch_lanes(const XThread *t, const XInst *in)
{
	if (in->pred < 0)
		return t->active;
	return t->active & (pred_bits(t, in) << in->moff);
}

static void exec_goto(XThread *t, const XInst *in)
{
	uint32_t j = branch_lanes(t, in);
	int target = in->o[0].target, l;
	if (target > t->pc) {
		for (l = 0; l < 32; l++)
			if (j >> l & 1)
				t->wait[l] = target;
		t->waiting |= j;
		t->active &= ~j;
		t->pc++;
		reconverge(t);
	} else if (j) {
		uint32_t stay = t->active & ~j;
		for (l = 0; l < 32; l++)
			if (stay >> l & 1)
				t->wait[l] = t->pc + 1;
		t->waiting |= stay;
		t->active = j;
		t->pc = target;
	} else
		t->pc++;
}

static void exec_call(XThread *t, const XInst *in)
{
	uint32_t j = branch_lanes(t, in);
	XFrame f;
	if (!j) {
		t->pc++;
		return;
	}
	if (t->frames.n >= MAX_FRAMES) {
		terr(t, in, "more than %d nested calls", MAX_FRAMES);
		return;
	}
	f.ret_pc = t->pc + 1;
	f.waiting = t->waiting;
	f.returned = t->returned;
	f.outside = t->outside;
	memcpy(f.wait, t->wait, sizeof f.wait);
	vec_push(&t->frames, f);
	t->outside = t->active & ~j;
	t->active = j;
	t->waiting = 0;
	t->returned = 0;
	t->pc = in->o[0].target;
}

static void exec_ret(XThread *t, const XInst *in)
{
	uint32_t j = branch_lanes(t, in);
	if (t->frames.n)
		t->returned |= j;
	t->active &= ~j;
	if (t->active)
		t->pc++;
	else
		reconverge(t);
}

/* ---- messages ---------------------------------------------------------- */

/* n bytes of a raw operand at extra byte offset; NULL for %null (or error) */
static uint8_t *raw(XThread *t, const XInst *in, int i, int extra, int n)
{
	const XOpnd *o = &in->o[i];
	const XVar *v = &t->p->vars.v[o->var];
	int off;
	if (v->kind == XV_NULL)
		return NULL;
	off = v->base + o->off + extra;
	if (off < v->lo || off + n > v->hi) {
		terr(t, in, "message operand %s.%d reaches byte %d of a %d-byte variable", v->name, o->off,
		     off + n - v->lo, v->hi - v->lo);
		return NULL;
	}
	return t->grf + off;
}

static int is_null(const XThread *t, const XInst *in, int i)
{
	return t->p->vars.v[in->o[i].var].kind == XV_NULL;
}

/* the bytes of a device address, or an error naming lane and address */
static uint8_t *global(XThread *t, const XInst *in, int lane, uint64_t addr, int n, int store)
{
	uint8_t *p = zemem_at(&t->m->mem, addr, (uint64_t)n, store);
	if (!p)
		terr(t, in, "lane %d: %s of %d bytes at 0x%llx %s", in->moff + lane, store ? "store" : "load", n,
		     (unsigned long long)addr,
		     zemem_at(&t->m->mem, addr, (uint64_t)n, 0) ? "into read-only memory" : "outside every buffer");
	return p;
}

/* SLM or this thread's scratch area; *init the bytes' written flags */
static uint8_t *local(XThread *t, const XInst *in, int lane, uint64_t off, int n, uint8_t **init)
{
	int slm = t->p->vars.v[in->o[0].var].kind == XV_SLM;
	if (slm && off + (uint64_t)n <= t->m->slm_size) {
		*init = t->m->slm_init + off;
		return t->m->slm + off;
	}
	if (!slm && off >= t->scratch_base && off + (uint64_t)n <= (uint64_t)t->scratch_base + t->m->scratch_area) {
		*init = t->m->scratch_init + off;
		return t->m->scratch + off;
	}
	if (slm)
		terr(t, in, "lane %d: SLM access of %d bytes at offset 0x%llx; the group has %u bytes",
		     in->moff + lane, n, (unsigned long long)off, t->m->slm_size);
	else
		terr(t, in, "lane %d: scratch access of %d bytes at offset 0x%llx outside the thread's area "
		     "[0x%x, 0x%x)", in->moff + lane, n, (unsigned long long)off, t->scratch_base,
		     t->scratch_base + t->m->scratch_area);
	return NULL;
}

/* ---- the memory model (docs/TESTING.md) ------------------------------------
 * Lane `lane` reads n bytes at m: its own pending stores (program order),
 * else memory; a byte of SLM or scratch nothing has written is a poison read
 * (init: the bytes' written flags, NULL for global memory). */
static void race(XThread *t, const XInst *in, int lane, const char *what)
{
	terr(t, in, "lane %d %s a byte that another lane or thread of the group stored with no fence of its "
	     "kind (and barrier) in between: a data race", lane, what);
}

static void mem_read(XThread *t, const XInst *in, int lane, const uint8_t *m, const uint8_t *init,
                     uint8_t *out, int n)
{
	int i;
	for (i = 0; i < n; i++) {
		if (hzsb_get(&t->sb, m + i, lane, &out[i]))
			continue;
		if (hzsb_foreign(&t->sb, m + i, lane)) {
			race(t, in, lane, "reads");
			return;
		}
		out[i] = m[i];
		if (init && !init[i])
			t->m->poison_read = 1;
	}
}

/* Lane `lane` stores n bytes: scratch at once (the lane's own), SLM and
 * global bytes wait in the thread's store buffer for a fence of their kind */
static void mem_write(XThread *t, int lane, uint8_t *m, uint8_t *init, const uint8_t *v, int n, int kind,
                      int scratch)
{
	int i;
	for (i = 0; i < n; i++) {
		if (scratch) {
			m[i] = v[i];
			init[i] = 1;
		} else {
			hzsb_put(&t->sb, m + i, init ? init + i : NULL, v[i], kind, lane);
		}
	}
}

/* an atomic acts on memory at once, after the lane's own pending stores */
static int atomic_at(XThread *t, const XInst *in, int lane, uint8_t *m, int bytes, uint8_t *init)
{
	int i;
	hzsb_drain(&t->sb, m, bytes, lane);
	for (i = 0; i < bytes; i++)
		if (hzsb_foreign(&t->sb, m + i, lane)) {
			race(t, in, lane, "applies an atomic to");
			return -1;
		}
	for (i = 0; init && i < bytes; i++) {
		if (!init[i])
			t->m->poison_read = 1;
		init[i] = 1;
	}
	return 0;
}

static int plane(const XInst *in)
{
	return in->exec < 8 ? 8 : in->exec; /* messages are at least SIMD8 */
}

static uint64_t lane_addr(XThread *t, const XInst *in, int i, int n, int *ok)
{
	uint8_t *p = raw(t, in, i, 8 * n, 8);
	*ok = p != NULL;
	return p ? get_le(p, 8) : 0;
}

static void svm_gather_scatter(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	int store = in->op == X_SVM_SCATTER4, n, c;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		int k = 0, ok;
		uint64_t a;
		if (!(en >> n & 1))
			continue;
		a = lane_addr(t, in, 1, n, &ok) + in->o[0].imm;
		for (c = 0; c < 4 && ok; c++) {
			uint8_t *m, *r;
			if (!(in->sub >> c & 1))
				continue;
			m = global(t, in, n, a + 4 * (uint64_t)c, 4, store);
			r = raw(t, in, 2, 4 * (k++ * plane(in) + n), 4);
			if (!m || !r)
				return;
			if (store)
				mem_write(t, in->moff + n, m, NULL, r, 4, ZK_GLOBAL, 0);
			else
				mem_read(t, in, in->moff + n, m, NULL, r, 4);
		}
	}
}

/* svm_gather/svm_scatter.1.N: N bytes per lane at any address, in the low
 * bytes of the lane's dword slot (a load leaves the slot's other bytes) */
static void svm_bytes(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	int store = in->op == X_SVM_SCATTER, n;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		int ok;
		uint64_t a;
		uint8_t *m, *r;
		if (!(en >> n & 1))
			continue;
		a = lane_addr(t, in, 0, n, &ok);
		if (!ok)
			return;
		m = global(t, in, n, a, in->sub, store);
		r = raw(t, in, 1, 4 * n, 4);
		if (!m || !r)
			return;
		if (store)
			mem_write(t, in->moff + n, m, NULL, r, in->sub, ZK_GLOBAL, 0);
		else
			mem_read(t, in, in->moff + n, m, NULL, r, in->sub);
	}
}

/* A vISA atomic on a dword or (q 8, the .64 forms) a quadword; operands
 * are zero-extended, put_le keeps the low q bytes of the result. */
static uint64_t atomic_op(int op, uint64_t old, uint64_t s0, uint64_t s1, int q)
{
	int64_t so = q == 4 ? (int32_t)old : (int64_t)old, ss = q == 4 ? (int32_t)s0 : (int64_t)s0;
	switch (op) {
	case XA_ADD: return old + s0;
	case XA_SUB: return old - s0;
	case XA_INC: return old + 1;
	case XA_DEC: return old - 1;
	case XA_MIN: return old < s0 ? old : s0;
	case XA_MAX: return old > s0 ? old : s0;
	case XA_XCHG: return s0;
	case XA_CMPXCHG: return old == s1 ? s0 : old;
	case XA_AND: return old & s0;
	case XA_OR: return old | s0;
	case XA_XOR: return old ^ s0;
	case XA_MINSINT: return so < ss ? old : s0;
	case XA_MAXSINT: return so > ss ? old : s0;
	case XA_FMIN: return u_of(fminf(f_of((uint32_t)old), f_of((uint32_t)s0)));
	case XA_FMAX: return u_of(fmaxf(f_of((uint32_t)old), f_of((uint32_t)s0)));
	case XA_LOAD: return old;
	default: return f_of((uint32_t)old) == f_of((uint32_t)s1) ? s0 : old; /* fcmpwr */
	}
}

/* one lane's atomic on the dword (svm_atomic.<op>.64: quadword, each
 * operand a quadword per lane) at m: old value to dst (unless %null) */
static void atomic_lane(XThread *t, const XInst *in, int n, uint8_t *m, int idst, int is0, int is1)
{
	int op = in->sub & ~XA_64, q = in->sub & XA_64 ? 8 : 4;
	uint8_t *d = is_null(t, in, idst) ? NULL : raw(t, in, idst, q * n, q);
	uint8_t *a = is_null(t, in, is0) ? NULL : raw(t, in, is0, q * n, q);
	uint8_t *b = is_null(t, in, is1) ? NULL : raw(t, in, is1, q * n, q);
	uint64_t old, s0, s1;
	if (t->state == XS_ERROR)
		return;
	old = get_le(m, q);
	s0 = a ? get_le(a, q) : 0;
	s1 = b ? get_le(b, q) : 0;
	if ((op == XA_CMPXCHG || op == XA_FCMPWR) && (!a || !b))
		terr(t, in, "compare-exchange needs two sources");
	else if (op != XA_INC && op != XA_DEC && !a)
		terr(t, in, "atomic without a source");
	else {
		put_le(m, atomic_op(op, old, s0, s1, q), q);
		if (d)
			put_le(d, old, q);
	}
}

static void svm_atomic(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	int n, ok, q = in->sub & XA_64 ? 8 : 4;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++)
		if (en >> n & 1) {
			uint64_t a = lane_addr(t, in, 0, n, &ok);
			uint8_t *m = ok ? global(t, in, n, a, q, 1) : NULL;
			if (m && !atomic_at(t, in, in->moff + n, m, q, NULL))
				atomic_lane(t, in, n, m, 1, 2, 3);
		}
}

static uint32_t lane_off(XThread *t, const XInst *in, int i, int n, int *ok)
{
	uint8_t *p = raw(t, in, i, 4 * n, 4);
	*ok = p != NULL;
	return p ? (uint32_t)get_le(p, 4) : 0;
}

static void surf_gather_scatter(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	uint32_t goff = (uint32_t)src(t, in, 1, 0, 0, XT_UD).i;
	int store = in->op == X_SCATTER4 || in->op == X_SCATTER, n, c, ok;
	int scratch = t->p->vars.v[in->o[0].var].kind != XV_SLM;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		uint64_t a;
		uint8_t *init, tmp[4];
		int k = 0, lane = in->moff + n;
		if (!(en >> n & 1))
			continue;
		a = (uint64_t)goff + lane_off(t, in, 2, n, &ok);
		if (!ok)
			return;
		if (in->op == X_GATHER || in->op == X_SCATTER) {
			uint8_t *m = local(t, in, n, a, in->sub, &init), *r = raw(t, in, 3, 4 * n, 4);
			if (!m || !r)
				return;
			if (store) {
				mem_write(t, lane, m, init, r, in->sub, ZK_SLM, scratch);
			} else {
				mem_read(t, in, lane, m, init, tmp, in->sub);
				put_le(r, get_le(tmp, in->sub), 4);
			}
			continue;
		}
		for (c = 0; c < 4; c++) {
			uint8_t *m, *r;
			if (!(in->sub >> c & 1))
				continue;
			m = local(t, in, n, a + 4 * (uint64_t)c, 4, &init);
			r = raw(t, in, 3, 4 * (k++ * plane(in) + n), 4);
			if (!m || !r)
				return;
			if (store)
				mem_write(t, lane, m, init, r, 4, ZK_SLM, scratch);
			else
				mem_read(t, in, lane, m, init, r, 4);
		}
	}
}

static void dword_atomic(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	int n, ok;
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++)
		if (en >> n & 1) {
			uint32_t off = lane_off(t, in, 1, n, &ok);
			uint8_t *init = NULL, *m = ok ? local(t, in, n, off, 4, &init) : NULL;
			if (m && !atomic_at(t, in, in->moff + n, m, 4, init))
				atomic_lane(t, in, n, m, 4, 2, 3);
		}
}

/* ---- LSC messages ------------------------------------------------------
 * Semantics of the vISA LSC_UNTYPED specification: every enabled lane n
 * (execution mask and predicate) accesses Base + Src0Addrs[n] + AddrImmOffset
 * (a32 offsets wrap at 32 bits); element v of a non-transposed vector sits
 * in register block v, lane n at n * element size in the block, a block
 * being ExecSize elements rounded up to whole registers (vectors whose
 * blocks are not whole registers are refused rather than guessed); a
 * transposed message (SIMD1) reads/writes the vector contiguously from
 * one address.  d8c32/d16c32 move 1/2 bytes of memory to/from the low bytes
 * of a 32-bit register element, loads zero-extending.  Memories: ugm flat
 * a64 addresses (ZeMem regions), slm a32 offsets in the group's SLM, ss(S)
 * a32 offsets in this thread's scratch, where S is r0.5 >> 4 (the
 * surface-state offset of the thread's scratch in bits 31:6; bits 5:0 are
 * not part of it).  Atomics (d32, d64) read the old value, store op(old, src1,
 * src2) (icas: src2 where old == src1) and return old unless %null; lanes go
 * in ascending order.  A load into %null is a prefetch: nothing happens.
 * Fences order nothing here (one coherent memory) and are accepted. */

static uint8_t *lsc_mem(XThread *t, const XInst *in, int lane, uint64_t a, int n, int store, uint32_t ss)
{
	const XLsc *L = &in->lsc;
	if (L->sfid == XL_UGM && L->model == XL_FLAT)
		return global(t, in, lane, a, n, store);
	if (L->sfid == XL_SLM) {
		if (a + (uint64_t)n <= t->m->slm_size)
			return t->m->slm + a;
		terr(t, in, "lane %d: SLM access of %d bytes at offset 0x%llx; the group has %u bytes",
		     in->moff + lane, n, (unsigned long long)a, t->m->slm_size);
		return NULL;
	}
	if ((ss & ~0x3Fu) != t->scratch_base >> 4) {
		terr(t, in, "lane %d: ss(0x%x) is not this thread's scratch surface (0x%x)", in->moff + lane, ss,
		     t->scratch_base >> 4);
		return NULL;
	}
	if (a + (uint64_t)n <= t->m->scratch_area)
		return t->m->scratch + t->scratch_base + a;
	terr(t, in, "lane %d: scratch access of %d bytes at offset 0x%llx; the thread has %u bytes",
	     in->moff + lane, n, (unsigned long long)a, t->m->scratch_area);
	return NULL;
}

static void lsc_message(XThread *t, const XInst *in)
{
	const XLsc *L = &in->lsc;
	uint32_t en = enabled(t, in, 1), ss = 0;
	uint64_t addr[32];
	int ab = L->asize / 8, n, v, store = in->op == X_LSC_STORE, block;
	int row = t->p->row;
	if (L->model == XL_SS) {
		uint8_t *p = raw(t, in, 4, 0, 4);
		if (!p)
			return;
		ss = (uint32_t)get_le(p, 4);
	}
	/* every address before any data moves */
	for (n = 0; n < in->exec; n++) {
		uint8_t *p;
		if (!(en >> n & 1))
			continue;
		if (!(p = raw(t, in, 1, ab * n, ab)))
			return;
		addr[n] = get_le(p, ab) + (uint64_t)L->aoff;
		if (ab == 4)
			addr[n] &= 0xffffffffu;
	}
	if (in->op == X_LSC_ATOMIC) {
		int q = L->dbytes; /* d32 or d64: every operand q bytes a lane */
		for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
			uint8_t *m, *d, *a, *b;
			uint64_t old, s1, s2;
			if (!(en >> n & 1))
				continue;
			if (!(m = lsc_mem(t, in, n, addr[n], q, in->sub != XA_LOAD, ss)))
				return;
			d = raw(t, in, 0, q * n, q);
			a = raw(t, in, 2, q * n, q);
			b = raw(t, in, 3, q * n, q);
			if (t->state == XS_ERROR)
				return;
			old = get_le(m, q);
			s1 = a ? get_le(a, q) : 0;
			s2 = b ? get_le(b, q) : 0;
			if (in->sub == XA_CMPXCHG)
				put_le(m, old == s1 ? s2 : old, q);
			else if (in->sub != XA_LOAD)
				put_le(m, atomic_op(in->sub, old, s1, 0, q), q);
			if (d)
				put_le(d, old, q);
		}
		return;
	}
	if (!store && is_null(t, in, 0))
		return; /* prefetch */
	block = (in->exec * L->rbytes + row - 1) / row * row;
	if (!L->transpose && L->vec > 1 && in->exec * L->rbytes % row) {
		terr(t, in, "%d lanes of %d-byte elements do not fill whole registers; the layout of "
		     "its vector blocks is not modelled", in->exec, L->rbytes);
		return;
	}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		if (!(en >> n & 1))
			continue;
		for (v = 0; v < L->vec; v++) {
			uint64_t a = addr[n] + (uint64_t)v * (uint64_t)L->dbytes;
			uint8_t *m, *r;
			if (ab == 4)
				a &= 0xffffffffu;
			m = lsc_mem(t, in, n, a, L->dbytes, store, ss);
			r = raw(t, in, 0, L->transpose ? v * L->rbytes : v * block + n * L->rbytes, L->rbytes);
			if (!m || !r)
				return;
			if (store)
				memcpy(m, r, (size_t)L->dbytes);
			else
				put_le(r, get_le(m, L->dbytes), L->rbytes);
		}
	}
}

/* ---- image messages (sampler engine, typed dataport) -------------------- */

/* the binding-table entry of index bti */
static ZeSurface *surface_bti(XThread *t, const XInst *in, uint32_t bti)
{
	size_t k;
	for (k = 0; k < t->m->surfaces.n; k++)
		if ((uint32_t)t->m->surfaces.v[k].bti == bti)
			return &t->m->surfaces.v[k];
	terr(t, in, "binding table index %u has no surface state (no image argument has that bti)", bti);
	return NULL;
}

/* the binding-table entry a surface variable holds */
static ZeSurface *surface_of(XThread *t, const XInst *in, int i)
{
	return surface_bti(t, in, t->surf[t->p->vars.v[in->o[i].var].base + in->o[i].off]);
}

static const EmuSampler *sampler_of(XThread *t, const XInst *in, int i)
{
	uint32_t idx = t->surf[t->p->vars.v[in->o[i].var].base + in->o[i].off];
	size_t k;
	for (k = 0; k < t->m->samplers.n; k++)
		if ((uint32_t)t->m->samplers.v[k].index == idx)
			return &t->m->samplers.v[k].s;
	terr(t, in, "sampler index %u has no sampler state (no sampler argument or inline sampler)", idx);
	return NULL;
}

/* lane n's dword of coordinate operands first.. (n of them; %null reads 0) */
static int coords(XThread *t, const XInst *in, int first, int n, int lane, uint32_t c[3])
{
	int k;
	c[0] = c[1] = c[2] = 0;
	for (k = 0; k < n && k < 3; k++) {
		uint8_t *p;
		if (is_null(t, in, first + k))
			continue;
		if (!(p = raw(t, in, first + k, 4 * lane, 4)))
			return -1;
		c[k] = (uint32_t)get_le(p, 4);
	}
	return 0;
}

/* Lane n's channels of the mask in operand opnd, one exec-wide plane per
 * channel: v[] written there (to_opnd) or read from there; -1 after an
 * error. */
static int channel_planes(XThread *t, const XInst *in, int opnd, int n, uint32_t v[4], int to_opnd)
{
	int ch, k = 0;
	for (ch = 0; ch < 4; ch++) {
		uint8_t *r;
		if (!(in->sub >> ch & 1))
			continue;
		if (!(r = raw(t, in, opnd, 4 * (k++ * in->exec + n), 4)))
			return -1;
		if (to_opnd)
			put_le(r, v[ch], 4);
		else
			v[ch] = (uint32_t)get_le(r, 4);
	}
	return 0;
}

/* sample_lz / load_lz: per lane the RGBA result, the channels of the mask
 * written to the destination one exec-wide plane each */
static void sampler_message(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	int smp = in->op == X_SAMPLE_LZ, first = smp ? 4 : 3, n;
	const EmuSampler *st = smp ? sampler_of(t, in, 1) : NULL;
	ZeSurface *sf = surface_of(t, in, smp ? 2 : 1);
	if (!sf || (smp && !st))
		return;
	if (in->o[0].imm != 0) {
		terr(t, in, "texel offsets 0x%llx are not emulated", (unsigned long long)in->o[0].imm);
		return;
	}
	if (in->nops - first != emu_image_coords(sf->d->type)) {
		terr(t, in, "%d coordinates for a surface of type %d, which takes %d", in->nops - first,
		     (int)sf->d->type, emu_image_coords(sf->d->type));
		return;
	}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		uint32_t c[3], out[4];
		char *why = NULL;
		if (!(en >> n & 1) || coords(t, in, first, in->nops - first, n, c))
			continue;
		if (smp) {
			float f[3];
			memcpy(f, c, sizeof f);
			if (emu_image_sample(sf->d, sf->b, st, f, out, &why)) {
				terr(t, in, "lane %d, image argument %d: %s", in->moff + n, sf->arg, why);
				free(why);
				return;
			}
		} else {
			emu_image_load(sf->d, sf->b, (const int32_t *)c, out);
		}
		if (channel_planes(t, in, smp ? 3 : 2, n, out, 1))
			return;
	}
}

/* lane n's typed write of v at integer coordinates c: the texel's bytes
 * wait in the thread's store buffer for a global fence, as global stores
 * do (mem_write), so unordered writes of one texel by two work-items can
 * end differently from the AMD side, which then reports the race */
static void image_write(XThread *t, const XInst *in, ZeSurface *sf, const uint32_t c[3], const uint32_t v[4],
                        int n)
{
	uint8_t texel[16];
	long off = emu_image_encode(sf->d, (const int32_t *)c, v, texel);
	(void)in;
	if (off >= 0)
		mem_write(t, in->moff + n, sf->b + off, NULL, texel, (int)sf->d->texel, ZK_GLOBAL, 0);
}

/* scatter4_typed: surface u v r lod data; 8 lanes, data one plane per channel */
static void typed_write(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	ZeSurface *sf = surface_of(t, in, 0);
	int n, nc;
	if (!sf)
		return;
	if (sf->access == ZC_READONLY) {
		terr(t, in, "typed write to the read-only image argument %d", sf->arg);
		return;
	}
	if (!is_null(t, in, 4)) {
		terr(t, in, "a level of detail other than %%null (mipmaps) is not emulated");
		return;
	}
	if (in->sub != 0xf) {
		terr(t, in, "typed writes of only some channels are not emulated");
		return;
	}
	nc = emu_image_coords(sf->d->type);
	for (n = 1 + nc; n < 4; n++)
		if (!is_null(t, in, n)) {
			terr(t, in, "coordinate %d is given, but a surface of type %d takes %d", n, (int)sf->d->type, nc);
			return;
		}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		uint32_t c[3], v[4] = {0, 0, 0, 0};
		if (!(en >> n & 1) || coords(t, in, 1, nc, n, c))
			continue;
		if (channel_planes(t, in, 5, n, v, 0))
			return;
		image_write(t, in, sf, c, v, n);
	}
}

/* lsc_load_quad.tgm / lsc_store_quad.tgm: the surface of binding-table
 * index lsc.aoff, per lane the texel at integer coordinates o[1..]; data
 * one exec-wide plane per channel of the mask (reads outside the image
 * give 0, writes there are dropped: emu_image_load / emu_image_store) */
static void tgm_message(XThread *t, const XInst *in)
{
	uint32_t en = enabled(t, in, 1);
	ZeSurface *sf = surface_bti(t, in, (uint32_t)in->lsc.aoff);
	int n, nc = in->nops - 1;
	if (!sf)
		return;
	if (in->op == X_TGM_STORE && sf->access == ZC_READONLY) {
		terr(t, in, "typed write to the read-only image argument %d", sf->arg);
		return;
	}
	if (in->op == X_TGM_STORE && in->sub != 0xf) {
		terr(t, in, "typed writes of only some channels are not emulated");
		return;
	}
	if (nc != emu_image_coords(sf->d->type)) {
		terr(t, in, "%d coordinates for a surface of type %d, which takes %d", nc, (int)sf->d->type,
		     emu_image_coords(sf->d->type));
		return;
	}
	for (n = 0; n < in->exec && t->state != XS_ERROR; n++) {
		uint32_t c[3], v[4] = {0, 0, 0, 0};
		if (!(en >> n & 1) || coords(t, in, 1, nc, n, c))
			continue;
		if (in->op == X_TGM_LOAD)
			emu_image_load(sf->d, sf->b, (const int32_t *)c, v);
		if (channel_planes(t, in, 0, n, v, in->op == X_TGM_LOAD))
			return;
		if (in->op == X_TGM_STORE)
			image_write(t, in, sf, c, v, n);
	}
}

static void exec_faddr(XThread *t, const XInst *in)
{
	int found = 0;
	uint64_t a = t->m->sym_addr(t->m, in->o[0].sym, &found);
	uint8_t *p;
	if (!found) {
		terr(t, in, "symbol '%s' is not defined by the zebin", in->o[0].sym);
		return;
	}
	p = elem(t, in, &in->o[1], 0);
	if (p)
		put_le(p, a, 8);
}

static void exec_movs(XThread *t, const XInst *in)
{
	const XVar *v = &t->p->vars.v[in->o[0].var];
	t->surf[v->base + in->o[0].off] = (uint32_t)src(t, in, 1, 0, 0, XT_UD).i;
}

/* ---- the thread -------------------------------------------------------- */

void xthread_init(XThread *t, const XProg *p, ZeMachine *m, uint32_t dispatch_mask)
{
	memset(t, 0, sizeof *t);
	t->p = p;
	t->m = m;
	/* registers start as garbage on a GPU: a poison pattern makes a read
	 * before any write show up as a difference instead of a lucky 0 */
	t->grf = xmalloc((size_t)p->grf_bytes + 1);
	memset(t->grf, m->poison ? 0x5A : 0xA5, (size_t)p->grf_bytes + 1);
	if (p->cr0 >= 0) /* cr0 is 0 at dispatch: round to nearest even, denormals flushed */
		memset(t->grf + p->vars.v[p->cr0].base, 0, 16);
	t->sb.all = &m->pend;
	t->pred = xcalloc((size_t)p->npred + 1, sizeof *t->pred);
	t->surf = xcalloc((size_t)p->nsurf + 1, sizeof *t->surf);
	t->active = dispatch_mask;
	t->state = dispatch_mask ? XS_RUN : XS_END;
}

void xthread_free(XThread *t)
{
	free(t->grf);
	free(t->pred);
	free(t->surf);
	vec_free(&t->frames);
	hzsb_free(&t->sb);
	free(t->error);
	t->grf = NULL;
	t->pred = t->surf = NULL;
	t->error = NULL;
}

static void step(XThread *t, const XInst *in)
{
	switch (in->op) {
	case X_CMP: exec_cmp(t, in); break;
	case X_ADDC: case X_SUBB: exec_addc(t, in); break;
	case X_GOTO: exec_goto(t, in); return;
	case X_CALL: exec_call(t, in); return;
	case X_RET: exec_ret(t, in); return;
	case X_BARRIER: t->state = XS_BARRIER; break;
	case X_FENCE: hzsb_flush(&t->sb, 1u << in->sub); break; /* this thread's stores of the kind */
	case X_FADDR: exec_faddr(t, in); break;
	case X_MOVS: exec_movs(t, in); break;
	case X_SVM_GATHER4: case X_SVM_SCATTER4: svm_gather_scatter(t, in); break;
	case X_SVM_ATOMIC: svm_atomic(t, in); break;
	case X_SVM_GATHER: case X_SVM_SCATTER: svm_bytes(t, in); break;
	case X_GATHER4: case X_SCATTER4: case X_GATHER: case X_SCATTER: surf_gather_scatter(t, in); break;
	case X_DWORD_ATOMIC: dword_atomic(t, in); break;
	case X_SAMPLE_LZ: case X_LOAD_LZ: sampler_message(t, in); break;
	case X_SCATTER4_TYPED: typed_write(t, in); break;
	case X_TGM_LOAD: case X_TGM_STORE: tgm_message(t, in); break;
	case X_LSC_LOAD: case X_LSC_STORE: case X_LSC_ATOMIC: lsc_message(t, in); break;
	case X_LSC_FENCE: /* LSC stores write at once; typed (image) writes wait in the buffer */
		hzsb_flush(&t->sb, 1u << (in->lsc.sfid == XL_SLM ? ZK_SLM : ZK_GLOBAL));
		break;
	case X_FELL_OFF: terr(t, in, "execution ran past the end of a function"); return;
	default: exec_alu(t, in); break;
	}
	t->pc++;
}

void xthread_run(XThread *t)
{
	const XInst *code = t->p->code.v;
	uint64_t left = t->m->slice ? t->m->slice : UINT64_MAX;
	if (t->state == XS_BARRIER)
		t->state = XS_RUN;
	while (t->state == XS_RUN && left--) {
		const XInst *in = &code[t->pc];
		if (in->join && t->waiting) {
			int l;
			for (l = 0; l < 32; l++)
				if (t->waiting >> l & 1 && t->wait[l] == t->pc) {
					t->active |= 1u << l;
					t->waiting &= ~(1u << l);
				}
		}
		if (++t->steps > t->m->step_limit) {
			terr(t, in, "more than %llu instructions: the kernel does not end",
			     (unsigned long long)t->m->step_limit);
			return;
		}
		step(t, in);
	}
}
