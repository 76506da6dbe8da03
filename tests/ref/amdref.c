/* amdref.c - an independent reference of AMD IL ALU semantics, a generator of
 * value-test kernels and the checker that compares both emulated runtimes
 * with the reference.
 *
 * Written only from the research notes' instruction chapter (amdil.md
 * section 4, and the D3D10/11, GCN and cl_amd_media_ops rules it cites); it
 * shares no code, table or header with src/.  Each row of `ops` below gives
 * a mnemonic's operand count and types, its result type and the function
 * computing one lane.  Where the notes tag a rule [I] (inferred) or [U]
 * (unknown), the row's comment says what this reference chose; lanes whose
 * result the notes leave open are "unspecified" (not compared, counted).
 *
 *   amdref list                     one line per op: file family status mnemonic
 *   amdref gen DIR [SEED]           DIR/<file>.il (all variants) and
 *                                   DIR/<file>_plain.il (no modifiers), their
 *                                   launches in DIR/in/<kernel>/manifest.xml
 *   amdref check DIR RUN FILE [full|plain [KNOWN]]
 *                                   compare RUN/<kernel>/ (translate --conform
 *                                   --inputs DIR/in -o RUN) with the reference;
 *                                   prints one line per variant, exit 1 on a
 *                                   wrong lane not in the known-failures file
 *                                   KNOWN
 *
 * Conventions (amdil.md 2.3-2.7, 4.11): a lane's operands are loaded from
 * per-argument UAV buffers (12, 13, ...), one element per lane
 * (vAbsTidFlat.x); each variant stores its result to its own output buffer.
 * Float arithmetic flushes single-precision denormal inputs and results to
 * a signed zero (4.11 [I]: "flushed ... by default on SI"); mov, abs and
 * bit operations do not.  Results that are NaN compare as "any NaN" (4.11:
 * NaN propagation follows the hardware, payload not stated).
 */
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define N_(a) (sizeof(a) / sizeof((a)[0]))

/* ---- operand and result types ------------------------------------------- */

typedef enum Ty {
	T_I,     /* 32-bit integer */
	T_SH,    /* 32-bit shift count (0, 31, 32, 33, ...) */
	T_BF,    /* bit-field width / offset (0, 31, 32, ...) */
	T_B,     /* condition (0, 1, all ones, sign bit) */
	T_F,     /* float */
	T_FS,    /* float from a small exact set (products and sums stay exact) */
	T_FT,    /* float t in [0, 1], multiples of 1/8 (lrp) */
	T_FTRIG, /* float, mostly in [-pi, pi] */
	T_FRED,  /* float: any, edge values include the hardest arguments to reduce mod pi/2 */
	T_FP,    /* float, integral 0..255 (f_2_u4) */
	T_N,     /* exponent for fldexp */
	T_H,     /* half in the low 16 bits */
	T_F4,    /* float vector (4 dwords) from the exact set, some specials */
	T_I4,    /* 4 dwords of random bytes */
	T_L,     /* 64-bit integer (2 dwords, x low) */
	T_SH64,  /* 64-bit shift count (one dword) */
	T_D,     /* double (2 dwords) */
	T_CM,    /* class mask (class, dclass): single bits 0..9, unions, high bits */
	T_NONE
} Ty;

/* dwords per lane */
static int ty_width(Ty t)
{
	return t == T_F4 || t == T_I4 ? 4 : t == T_L || t == T_D ? 2 : 1;
}

/* does _neg/_abs act on it as a float (sign bit) or an integer? */
static int ty_float(Ty t)
{
	return t == T_F || t == T_FS || t == T_FT || t == T_FTRIG || t == T_FRED || t == T_FP || t == T_F4 ||
	       t == T_H;
}

/* result kinds: how a lane is compared */
typedef enum Rk {
	R_I,     /* 32 bits exact */
	R_F,     /* float: bits exact, any NaN for NaN */
	R_FZ,    /* float, +0 and -0 equal (sign of a zero result unstated) */
	R_FA,    /* float within op->ulp units in the last place, any NaN */
	R_H,     /* half in the low 16 bits (upper 16 zero): exact, any half NaN */
	R_L,     /* 64 bits exact */
	R_LM,    /* 64-bit compare: a 32-bit mask in both dwords */
	R_D,     /* double: exact, any NaN */
	R_DM,    /* double compare: 32-bit mask in dword x */
	R_I4,    /* four dwords exact (mqsad_u32_u8) */
} Rk;

static int rk_width(Rk r)
{
	return r == R_I4 ? 4 : r == R_L || r == R_LM || r == R_D ? 2 : 1;
}

/* lane function: s[k] = operand k's dwords (modifiers applied), d = result;
 * returns 0, or 1 when the notes leave this lane's result open */
typedef int (*Fn)(const uint32_t *const *s, uint32_t *d);

enum {
	F_SAT = 1,     /* float result: a _sat variant */
	F_NOMOD = 2,   /* no source-modifier variants */
	F_APPROX = 4,  /* ulp tolerance */
	F_MCALL = 8,   /* mn is mcall(N): a macro of AMD's library, called by id */
};

typedef struct Op {
	const char *mn;       /* mnemonic as written in IL */
	const char *file;     /* file / kernel stem */
	const char *family;
	int n;                /* sources */
	Ty src[4];
	Rk res;
	Fn fn;                /* NULL: the notes give no semantics (reported, skipped) */
	int flags;
	int ulp;
	const char *shape;    /* operand text override, e.g. vector/pair swizzles; NULL = ".x" */
	const char *why;      /* fn == NULL: why not tested */
} Op;

/* ---- float helpers ----------------------------------------------------------- */

static float bf(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

static uint32_t fb(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static double bd(const uint32_t *p)
{
	uint64_t u = (uint64_t)p[0] | (uint64_t)p[1] << 32;
	double d;
	memcpy(&d, &u, 8);
	return d;
}

static void db(double d, uint32_t *p)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	p[0] = (uint32_t)u;
	p[1] = (uint32_t)(u >> 32);
}

static uint64_t q64(const uint32_t *p)
{
	return (uint64_t)p[0] | (uint64_t)p[1] << 32;
}

static void p64(uint64_t v, uint32_t *p)
{
	p[0] = (uint32_t)v;
	p[1] = (uint32_t)(v >> 32);
}

static int is_denorm(uint32_t u)
{
	return (u & 0x7f800000) == 0 && (u & 0x007fffff) != 0;
}

/* denormals flushed to a zero of the same sign (4.11 [I]) */
static float ftz(float f)
{
	return is_denorm(fb(f)) ? copysignf(0.0f, f) : f;
}

/* a float operand of arithmetic, flushed */
static float fin(uint32_t u)
{
	return ftz(bf(u));
}

/* a float result of arithmetic, flushed */
static uint32_t fout(float f)
{
	return fb(ftz(f));
}

static int fnan(float f)
{
	return f != f;
}

/* IEEE minNum / maxNum: a NaN operand yields the other (4.4 [I], GRVK NMin) */
static float minnum(float a, float b)
{
	if (fnan(a))
		return b;
	if (fnan(b))
		return a;
	return a < b ? a : b;
}

static float maxnum(float a, float b)
{
	if (fnan(a))
		return b;
	if (fnan(b))
		return a;
	return a > b ? a : b;
}

/* ---- 4.1 integer arithmetic --------------------------------------------------- */

#define A (s[0][0])
#define B (s[1][0])
#define C (s[2][0])
#define SA ((int32_t)s[0][0])
#define SB ((int32_t)s[1][0])
#define SC ((int32_t)s[2][0])

static int r_iadd(const uint32_t *const *s, uint32_t *d) { d[0] = A + B; return 0; }
static int r_inegate(const uint32_t *const *s, uint32_t *d) { d[0] = 0u - A; return 0; }
static int r_imul(const uint32_t *const *s, uint32_t *d) { d[0] = A * B; return 0; }
static int r_imul_high(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)((uint64_t)((int64_t)SA * (int64_t)SB) >> 32);
	return 0;
}
static int r_umul_high(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)(((uint64_t)A * (uint64_t)B) >> 32);
	return 0;
}
static int r_imad(const uint32_t *const *s, uint32_t *d) { d[0] = A * B + C; return 0; }

/* 24-bit operands: the low 24 bits, unsigned or sign-extended from bit 23 (4.1 [I]) */
static uint64_t u24(uint32_t v) { return v & 0xffffffu; }
static int64_t s24(uint32_t v) { return (int64_t)((int32_t)(v << 8) >> 8); }
static int r_umul24(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(u24(A) * u24(B)); return 0; }
static int r_imul24(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(uint64_t)(s24(A) * s24(B)); return 0; }
static int r_umul24_high(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)((u24(A) * u24(B)) >> 32);
	return 0;
}
static int r_imul24_high(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)((uint64_t)(s24(A) * s24(B)) >> 32);
	return 0;
}
static int r_umad24(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(u24(A) * u24(B)) + C; return 0; }
static int r_imad24(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(uint64_t)(s24(A) * s24(B)) + C; return 0; }
/* udiv/umod by zero: 0xFFFFFFFF for both (4.1 [I], D3D11 udiv) */
static int r_udiv(const uint32_t *const *s, uint32_t *d) { d[0] = B ? A / B : 0xffffffffu; return 0; }
static int r_umod(const uint32_t *const *s, uint32_t *d) { d[0] = B ? A % B : 0xffffffffu; return 0; }
static int r_imin(const uint32_t *const *s, uint32_t *d) { d[0] = SA < SB ? A : B; return 0; }
static int r_imax(const uint32_t *const *s, uint32_t *d) { d[0] = SA > SB ? A : B; return 0; }
static int r_umin(const uint32_t *const *s, uint32_t *d) { d[0] = A < B ? A : B; return 0; }
static int r_umax(const uint32_t *const *s, uint32_t *d) { d[0] = A > B ? A : B; return 0; }
static int32_t smin(int32_t a, int32_t b) { return a < b ? a : b; }
static int32_t smax(int32_t a, int32_t b) { return a > b ? a : b; }
static uint32_t umin_(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t umax_(uint32_t a, uint32_t b) { return a > b ? a : b; }
static int r_imin3(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)smin(smin(SA, SB), SC); return 0; }
static int r_imax3(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)smax(smax(SA, SB), SC); return 0; }
static int r_imed3(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)smax(smin(SA, SB), smin(smax(SA, SB), SC));
	return 0;
}
static int r_umin3(const uint32_t *const *s, uint32_t *d) { d[0] = umin_(umin_(A, B), C); return 0; }
static int r_umax3(const uint32_t *const *s, uint32_t *d) { d[0] = umax_(umax_(A, B), C); return 0; }
static int r_umed3(const uint32_t *const *s, uint32_t *d)
{
	d[0] = umax_(umin_(A, B), umin_(umax_(A, B), C));
	return 0;
}
/* carry / borrow: 1 or 0 (4.1 [I]) */
static int r_icarry(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(A + B < A); return 0; }
static int r_iborrow(const uint32_t *const *s, uint32_t *d) { d[0] = (uint32_t)(A < B); return 0; }
/* shift counts masked to 5 bits (4.1 [V]) */
static int r_ishl(const uint32_t *const *s, uint32_t *d) { d[0] = A << (B & 31); return 0; }
static int r_ishr(const uint32_t *const *s, uint32_t *d)
{
	uint32_t n = B & 31;
	d[0] = n ? (A >> n) | (A & 0x80000000u ? ~(0xffffffffu >> n) : 0) : A;
	return 0;
}
static int r_ushr(const uint32_t *const *s, uint32_t *d) { d[0] = A >> (B & 31); return 0; }
static int r_iand(const uint32_t *const *s, uint32_t *d) { d[0] = A & B; return 0; }
static int r_ior(const uint32_t *const *s, uint32_t *d) { d[0] = A | B; return 0; }
static int r_ixor(const uint32_t *const *s, uint32_t *d) { d[0] = A ^ B; return 0; }
static int r_inot(const uint32_t *const *s, uint32_t *d) { d[0] = ~A; return 0; }

/* ---- 4.2 bits ------------------------------------------------------------------- */

/* ubit_extract w, o, src: w, o masked to 5 bits; w == 0 -> 0; bits past 31 read 0 */
static int r_ubit_extract(const uint32_t *const *s, uint32_t *d)
{
	uint32_t w = A & 31, o = B & 31, v = C >> o;
	d[0] = w ? v & (0xffffffffu >> (32 - w)) : 0;
	return 0;
}

/* ibit_extract: the same field sign-extended from its top bit.  [I] When
 * o + w > 32 the field ends at bit 31 and bit 31 is its top bit (D3D11
 * ibfe / GCN v_bfe_i32: an arithmetic shift by o). */
static int r_ibit_extract(const uint32_t *const *s, uint32_t *d)
{
	uint32_t w = A & 31, o = B & 31, v = C >> o, top;
	if (!w) {
		d[0] = 0;
		return 0;
	}
	if (o + w > 32)
		w = 32 - o;
	v &= 0xffffffffu >> (32 - w);
	top = 1u << (w - 1);
	d[0] = (v & top) ? v | ~(0xffffffffu >> (32 - w)) : v;
	return 0;
}

/* ubit_insert w, o, ins, base: [I] w and o masked to 5 bits (D3D11 bfi);
 * w == 0 -> base; mask bits past bit 31 dropped */
static int r_ubit_insert(const uint32_t *const *s, uint32_t *d)
{
	uint32_t w = A & 31, o = B & 31, mask = w ? (0xffffffffu >> (32 - w)) << o : 0;
	d[0] = ((C << o) & mask) | (s[3][0] & ~mask);
	return 0;
}
static int r_bfi(const uint32_t *const *s, uint32_t *d) { d[0] = (A & B) | (~A & C); return 0; }
/* bfm w, o: ((1 << (w & 31)) - 1) << (o & 31) (4.2 [I]) */
static int r_bfm(const uint32_t *const *s, uint32_t *d)
{
	d[0] = ((1u << (A & 31)) - 1u) << (B & 31);
	return 0;
}
static uint32_t clz32(uint32_t v)
{
	uint32_t n = 0;
	while (n < 32 && !(v & (0x80000000u >> n)))
		n++;
	return n;
}
/* ffb_hi: leading zeros from bit 31; all ones when 0 (4.2 [V]) */
static int r_ffb_hi(const uint32_t *const *s, uint32_t *d) { d[0] = A ? clz32(A) : 0xffffffffu; return 0; }
/* ffb_lo: trailing zeros; all ones when 0 (4.2 [I]) */
static int r_ffb_lo(const uint32_t *const *s, uint32_t *d)
{
	uint32_t n = 0;
	if (!A) {
		d[0] = 0xffffffffu;
		return 0;
	}
	while (!(A & (1u << n)))
		n++;
	d[0] = n;
	return 0;
}
/* ffb_shi: leading bits equal to the sign bit, from the MSB (the position of
 * the first bit that differs, counted from bit 31); all ones for 0 and -1
 * (4.2 [I], D3D firstbit_shi) */
static int r_ffb_shi(const uint32_t *const *s, uint32_t *d)
{
	uint32_t v = (A & 0x80000000u) ? ~A : A;
	d[0] = v ? clz32(v) : 0xffffffffu;
	return 0;
}
static int r_icbits(const uint32_t *const *s, uint32_t *d)
{
	uint32_t v = A, n = 0;
	for (; v; v &= v - 1)
		n++;
	d[0] = n;
	return 0;
}
static int r_ubit_reverse(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = 0;
	int i;
	for (i = 0; i < 32; i++)
		if (A & (1u << i))
			r |= 0x80000000u >> i;
	d[0] = r;
	return 0;
}
/* bitalign a, b, s: low 32 bits of (a:b) >> (s & 31), a the high word (4.2 [I], cl_amd_media_ops) */
static int r_bitalign(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)((((uint64_t)A << 32) | B) >> (C & 31));
	return 0;
}
static int r_bytealign(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (uint32_t)((((uint64_t)A << 32) | B) >> ((C & 3) * 8));
	return 0;
}

/* ---- media ops (cl_amd_media_ops/ops2 builtins; IL operand order = the
 * builtin's [I]; amdil.md lists the names in 4.12 and cites the extension
 * for bitalign) ---------------------------------------------------------------------- */

static uint32_t byte_(uint32_t v, int i) { return (v >> (8 * i)) & 0xff; }
static uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }
static int r_sad(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = C;
	int i;
	for (i = 0; i < 4; i++)
		r += absdiff(byte_(A, i), byte_(B, i));
	d[0] = r;
	return 0;
}
static int r_sadhi(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = C;
	int i;
	for (i = 0; i < 4; i++)
		r += absdiff(byte_(A, i), byte_(B, i)) << 16;
	d[0] = r;
	return 0;
}
static int r_msad(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = C;
	int i;
	for (i = 0; i < 4; i++)
		r += byte_(B, i) ? absdiff(byte_(A, i), byte_(B, i)) : 0;
	d[0] = r;
	return 0;
}
/* sad_u16 = amd_sadw: c + |a.lo16 - b.lo16| + |a.hi16 - b.hi16| (ops2) */
static int r_sad_u16(const uint32_t *const *s, uint32_t *d)
{
	d[0] = C + absdiff(A & 0xffff, B & 0xffff) + absdiff(A >> 16, B >> 16);
	return 0;
}
/* sad_u32 = amd_sadd: c + |a - b|.  [I] ops2 writes abs(src0 - src1) on
 * uint, whose literal C value is a - b; read as the absolute difference,
 * as GCN's v_sad_u32 (LLVM's AMDGPU backend selects it for unsigned
 * |a - b| + c) */
static int r_sad_u32(const uint32_t *const *s, uint32_t *d) { d[0] = C + absdiff(A, B); return 0; }
/* qsad / mqsad d.xy, a.xy, b.x, c.xy (amd_qsad / amd_mqsad): field k
 * (16 bits, k = 0..3) = sad (msad) of bytes k..k+3 of the 64-bit a
 * against b, plus field k of c, kept to 16 bits (ops2's ushort) */
static int qsad(const uint32_t *const *s, uint32_t *d, int masked)
{
	uint64_t a = q64(s[0]), c = q64(s[2]), r = 0;
	int k, i;
	for (k = 0; k < 4; k++) {
		uint32_t w = (uint32_t)(a >> (8 * k)), sum = (uint32_t)(c >> (16 * k)) & 0xffff;
		for (i = 0; i < 4; i++)
			if (!masked || byte_(s[1][0], i))
				sum += absdiff(byte_(w, i), byte_(s[1][0], i));
		r |= (uint64_t)(sum & 0xffff) << (16 * k);
	}
	p64(r, d);
	return 0;
}
static int r_qsad(const uint32_t *const *s, uint32_t *d) { return qsad(s, d, 0); }
static int r_mqsad(const uint32_t *const *s, uint32_t *d) { return qsad(s, d, 1); }
/* mqsad_u32_u8 d.xyzw, a.xy, b.x, c.xyzw: d.k = msad(bytes k..k+3 of the
 * 64-bit a, b, c.k) (GCN's v_mqsad_u32_u8, the backend's operand classes).
 * [U] a sum above 2^32: AMD's ISA text truncates to 32 bits, CLRX's notes
 * saturate; such lanes are unspecified */
static int r_mqsad_u32_u8(const uint32_t *const *s, uint32_t *d)
{
	uint64_t a = q64(s[0]);
	int k, i, open = 0;
	for (k = 0; k < 4; k++) {
		uint32_t w = (uint32_t)(a >> (8 * k));
		uint64_t sum = s[2][k];
		for (i = 0; i < 4; i++)
			if (byte_(s[1][0], i))
				sum += absdiff(byte_(w, i), byte_(s[1][0], i));
		open |= sum > 0xffffffffu;
		d[k] = (uint32_t)sum;
	}
	return open;
}
/* u4lerp = amd_lerp: per byte (a + b + (c & 1)) >> 1 */
static int r_u4lerp(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = 0;
	int i;
	for (i = 0; i < 4; i++)
		r |= ((byte_(A, i) + byte_(B, i) + (byte_(C, i) & 1)) >> 1) << (8 * i);
	d[0] = r;
	return 0;
}
/* sad4 d, a.xyzw, b.xyzw, c.x: 16 byte differences plus c [I]; result in d.x [U] */
static int r_sad4(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = s[2][0];
	int c, i;
	for (c = 0; c < 4; c++)
		for (i = 0; i < 4; i++)
			r += absdiff(byte_(s[0][c], i), byte_(s[1][c], i));
	d[0] = r;
	return 0;
}
/* unpackN: byte N of src as a float (4.6 [I]) */
static int unpack(const uint32_t *const *s, uint32_t *d, int n) { d[0] = fb((float)byte_(A, n)); return 0; }
static int r_unpack0(const uint32_t *const *s, uint32_t *d) { return unpack(s, d, 0); }
static int r_unpack1(const uint32_t *const *s, uint32_t *d) { return unpack(s, d, 1); }
static int r_unpack2(const uint32_t *const *s, uint32_t *d) { return unpack(s, d, 2); }
static int r_unpack3(const uint32_t *const *s, uint32_t *d) { return unpack(s, d, 3); }
/* f_2_u4: x, y, z, w to bytes 0..3 (4.6 [I]).  [U] rounding and clamping of
 * values outside 0..255 or non-integral: such lanes are unspecified */
static int r_f_2_u4(const uint32_t *const *s, uint32_t *d)
{
	uint32_t r = 0;
	int c;
	for (c = 0; c < 4; c++) {
		float f = bf(s[0][c]);
		if (!(f >= 0.0f && f <= 255.0f) || f != floorf(f))
			return 1;
		r |= (uint32_t)f << (8 * c);
	}
	d[0] = r;
	return 0;
}

/* ---- 4.3 compare and select ------------------------------------------------- */

static uint32_t mask(int c) { return c ? 0xffffffffu : 0; }
static int r_ieq(const uint32_t *const *s, uint32_t *d) { d[0] = mask(A == B); return 0; }
static int r_ine(const uint32_t *const *s, uint32_t *d) { d[0] = mask(A != B); return 0; }
static int r_ilt(const uint32_t *const *s, uint32_t *d) { d[0] = mask(SA < SB); return 0; }
static int r_ige(const uint32_t *const *s, uint32_t *d) { d[0] = mask(SA >= SB); return 0; }
static int r_ult(const uint32_t *const *s, uint32_t *d) { d[0] = mask(A < B); return 0; }
static int r_uge(const uint32_t *const *s, uint32_t *d) { d[0] = mask(A >= B); return 0; }
/* float compares: ordered eq/lt/ge (and gt/le [I]), unordered ne; inputs flushed */
static int r_eq(const uint32_t *const *s, uint32_t *d) { d[0] = mask(fin(A) == fin(B)); return 0; }
static int r_ne(const uint32_t *const *s, uint32_t *d) { d[0] = mask(!(fin(A) == fin(B))); return 0; }
static int r_lt(const uint32_t *const *s, uint32_t *d) { d[0] = mask(fin(A) < fin(B)); return 0; }
static int r_ge(const uint32_t *const *s, uint32_t *d) { d[0] = mask(fin(A) >= fin(B)); return 0; }
static int r_gt(const uint32_t *const *s, uint32_t *d) { d[0] = mask(fin(A) > fin(B)); return 0; }
static int r_le(const uint32_t *const *s, uint32_t *d) { d[0] = mask(fin(A) <= fin(B)); return 0; }
static int r_cmov_logical(const uint32_t *const *s, uint32_t *d) { d[0] = A ? B : C; return 0; }
/* double compares: IEEE (ordered, dne unordered); the mask in dword x [U width] */
static int r_deq(const uint32_t *const *s, uint32_t *d) { d[0] = mask(bd(s[0]) == bd(s[1])); return 0; }
static int r_dne(const uint32_t *const *s, uint32_t *d) { d[0] = mask(!(bd(s[0]) == bd(s[1]))); return 0; }
static int r_dlt(const uint32_t *const *s, uint32_t *d) { d[0] = mask(bd(s[0]) < bd(s[1])); return 0; }
static int r_dge(const uint32_t *const *s, uint32_t *d) { d[0] = mask(bd(s[0]) >= bd(s[1])); return 0; }

/* ---- 4.4 float arithmetic -------------------------------------------------- */

#define FA fin(A)
#define FB fin(B)
#define FC fin(C)

static int r_add(const uint32_t *const *s, uint32_t *d) { d[0] = fout(FA + FB); return 0; }
static int r_sub(const uint32_t *const *s, uint32_t *d) { d[0] = fout(FA - FB); return 0; }
static int r_mul_ieee(const uint32_t *const *s, uint32_t *d) { d[0] = fout(FA * FB); return 0; }
/* legacy mul: 0 x anything = 0, NaN and Inf included (4.4 [I], DX9); the
 * zero's sign is compared loosely (R_FZ) */
static float legacy_mul(float a, float b)
{
	if (a == 0.0f || b == 0.0f)
		return 0.0f;
	return ftz(a * b);
}
static int r_mul(const uint32_t *const *s, uint32_t *d) { d[0] = fout(legacy_mul(FA, FB)); return 0; }
/* mad, mad_ieee: the product rounded (and flushed), then the sum (4.4 [I]) */
static int r_mad(const uint32_t *const *s, uint32_t *d) { d[0] = fout(legacy_mul(FA, FB) + FC); return 0; }
static int r_mad_ieee(const uint32_t *const *s, uint32_t *d) { d[0] = fout(ftz(FA * FB) + FC); return 0; }
static int r_fma(const uint32_t *const *s, uint32_t *d) { d[0] = fout(fmaf(FA, FB, FC)); return 0; }
/* min/max, legacy and _ieee: minNum/maxNum (4.4 [I]); min(-0, +0) either zero (R_FZ) */
static int r_min(const uint32_t *const *s, uint32_t *d) { d[0] = fout(minnum(FA, FB)); return 0; }
static int r_max(const uint32_t *const *s, uint32_t *d) { d[0] = fout(maxnum(FA, FB)); return 0; }
static int r_min3(const uint32_t *const *s, uint32_t *d) { d[0] = fout(minnum(minnum(FA, FB), FC)); return 0; }
static int r_max3(const uint32_t *const *s, uint32_t *d) { d[0] = fout(maxnum(maxnum(FA, FB), FC)); return 0; }
/* med3: the median; [U] with a NaN operand: unspecified */
static int r_med3(const uint32_t *const *s, uint32_t *d)
{
	float a = FA, b = FB, c = FC;
	if (fnan(a) || fnan(b) || fnan(c))
		return 1;
	d[0] = fout(maxnum(minnum(a, b), minnum(maxnum(a, b), c)));
	return 0;
}
/* div_zeroop(z) a, b: a / b within the approximate tolerance; b == +-0: by
 * z (infinity: +-Inf, fltmax: +-FLT_MAX, zero: 0), the sign a's xor b's [I];
 * 0/0 and NaN/0 unspecified; unspecified too where 1/b or a/b leaves the
 * normal range (4.4: "a.rcp(b)", the backend pre-scales such divisors).
 * inf_else_max (3) has no source: read from its name (docs/fmath.md [I]),
 * +-Inf for b == +-0 as infinity, and +-FLT_MAX where a finite a's quotient
 * is clearly past FLT_MAX (twice it: the tolerance cannot reach) */
static int divz(const uint32_t *const *s, uint32_t *d, int z)
{
	float a = FA, b = FB;
	double q;
	if (b == 0.0f) {
		int neg = signbit(a) != signbit(b);
		if (a == 0.0f || fnan(a) || (isinf(a) && z && z != 3))
			return 1; /* [U] Inf / 0 under fltmax/zero: policy or a*rcp(0)? */
		d[0] = fb(z == 0 || z == 3 ? (neg ? -INFINITY : INFINITY) : z == 1 ? (neg ? -FLT_MAX : FLT_MAX) : 0.0f);
		return 0;
	}
	if (fabsf(b) > 0x1p126f && !isinf(b))
		return 1;
	q = (double)a / (double)b;
	if (z == 3 && isfinite(a) && fabs(q) >= 2.0 * FLT_MAX) {
		d[0] = fb(q < 0 ? -FLT_MAX : FLT_MAX);
		return 0;
	}
	if (!isnan(q) && !isinf(q) && q != 0.0 && (fabs(q) < 0x1p-126 || fabs(q) > FLT_MAX))
		return 1;
	d[0] = fout((float)q);
	return 0;
}
static int r_div_inf(const uint32_t *const *s, uint32_t *d) { return divz(s, d, 0); }
static int r_div_fltmax(const uint32_t *const *s, uint32_t *d) { return divz(s, d, 1); }
static int r_div_zero(const uint32_t *const *s, uint32_t *d) { return divz(s, d, 2); }
static int r_div_inf_else_max(const uint32_t *const *s, uint32_t *d) { return divz(s, d, 3); }
/* div_precise: correctly rounded (4.4 [V name]) */
static int r_div_precise(const uint32_t *const *s, uint32_t *d) { d[0] = fout(FA / FB); return 0; }
/* frc: x - floor(x) (4.4 [I]); [U] where that rounds to 1.0 (tiny negative x) */
static int r_frc(const uint32_t *const *s, uint32_t *d)
{
	float a = FA, r = a - floorf(a);
	if (r == 1.0f)
		return 1;
	d[0] = fout(r);
	return 0;
}
static int r_round_nearest(const uint32_t *const *s, uint32_t *d) { d[0] = fout(nearbyintf(FA)); return 0; }
static int r_round_neginf(const uint32_t *const *s, uint32_t *d) { d[0] = fout(floorf(FA)); return 0; }
static int r_round_plusinf(const uint32_t *const *s, uint32_t *d) { d[0] = fout(ceilf(FA)); return 0; }
static int r_round_z(const uint32_t *const *s, uint32_t *d) { d[0] = fout(truncf(FA)); return 0; }
/* abs: the sign bit cleared, as mov's _abs (a bit operation: denormals and
 * NaN payloads kept) [I] */
static int r_abs(const uint32_t *const *s, uint32_t *d) { d[0] = A & 0x7fffffffu; return 0; }
/* clamp x, lo, hi = minNum(maxNum(x, lo), hi) [I] */
static int r_clamp(const uint32_t *const *s, uint32_t *d) { d[0] = fout(minnum(maxnum(FA, FB), FC)); return 0; }
/* lrp t, a, b = t*a + (1-t)*b; evaluation order unknown [U]: tested on
 * finite operands whose products and sums are exact (T_FT, T_FS) */
static int r_lrp(const uint32_t *const *s, uint32_t *d)
{
	float t = FA, a = FB, b = FC;
	if (!isfinite(t) || !isfinite(a) || !isfinite(b))
		return 1;
	d[0] = fout((float)((double)t * a + (1.0 - t) * (double)b));
	return 0;
}
/* sgn: -1, 0, 1 (zero's sign and NaN unstated: NaN unspecified, R_FZ) */
static int r_sgn(const uint32_t *const *s, uint32_t *d)
{
	float a = FA;
	if (fnan(a))
		return 1;
	d[0] = fb(a > 0 ? 1.0f : a < 0 ? -1.0f : 0.0f);
	return 0;
}
static int r_mod_ieee(const uint32_t *const *s, uint32_t *d) { d[0] = fout(fmodf(FA, FB)); return 0; }
/* dot products: sum of products, result replicated (we write x); the plain
 * forms use the legacy 0 x anything = 0 (4.11), _ieee IEEE products.
 * Operands are from the exact set, so summation order does not matter. */
static int dot(const uint32_t *const *s, uint32_t *d, int n, int ieee)
{
	double sum = 0;
	int c;
	for (c = 0; c < n; c++) {
		float a = fin(s[0][c]), b = fin(s[1][c]);
		double p = ieee ? (double)a * b : (double)legacy_mul(a, b);
		sum = c ? sum + p : p; /* from the first product: -0 + -0 stays -0 */
	}
	d[0] = fout((float)sum);
	return 0;
}
static int r_dp2(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 2, 0); }
static int r_dp3(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 3, 0); }
static int r_dp4(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 4, 0); }
static int r_dp2_ieee(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 2, 1); }
static int r_dp3_ieee(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 3, 1); }
static int r_dp4_ieee(const uint32_t *const *s, uint32_t *d) { return dot(s, d, 4, 1); }
/* dp2add a, b, c = a.x*b.x + a.y*b.y + c.x (4.4 [I]); legacy or IEEE
 * products unknown [U]: lanes with a zero times Inf/NaN unspecified */
static int r_dp2add(const uint32_t *const *s, uint32_t *d)
{
	double sum = fin(s[2][0]);
	int c;
	for (c = 0; c < 2; c++) {
		float a = fin(s[0][c]), b = fin(s[1][c]);
		if ((a == 0 && !isfinite(b)) || (b == 0 && !isfinite(a)))
			return 1;
		sum += (double)a * b;
	}
	d[0] = fout((float)sum);
	return 0;
}
/* fldexp a, n: a * 2^n [V name, I order] */
static int r_fldexp(const uint32_t *const *s, uint32_t *d) { d[0] = fout(ldexpf(FA, SB)); return 0; }
/* class x, m / dclass x, m: x's IEEE class, from C's fpclassify and signbit
 * (signalling / quiet NaN by the top significand bit), as a mask bit
 * 0 sNaN, 1 qNaN, 2 -Inf, 3 -normal, 4 -subnormal, 5 -0, 6 +0,
 * 7 +subnormal, 8 +normal, 9 +Inf (HSAFoundation/builtins class.cl's SNAN..
 * PINF, the mask of GCN's v_cmp_class); the result is all ones when m has
 * that bit (builtins amdil-to-hsail.cl: __amdil_class_f32 gives 0xffffffff
 * or 0).  x is not flushed: the subnormal bits would be dead otherwise. */
static int class_bit(int cls, int neg, int quiet)
{
	static const int pos[] = {6, 7, 8, 9}; /* zero, subnormal, normal, infinite */
	int k;
	switch (cls) {
	case FP_NAN: return quiet ? 1 : 0;
	case FP_ZERO: k = 0; break;
	case FP_SUBNORMAL: k = 1; break;
	case FP_NORMAL: k = 2; break;
	default: k = 3; break; /* FP_INFINITE */
	}
	return neg ? 11 - pos[k] : pos[k];
}
static int r_class(const uint32_t *const *s, uint32_t *d)
{
	float x = bf(A);
	d[0] = mask(B >> class_bit(fpclassify(x), signbit(x) != 0, A >> 22 & 1) & 1);
	return 0;
}
static int r_dclass(const uint32_t *const *s, uint32_t *d)
{
	double x = bd(s[0]);
	d[0] = mask(s[1][0] >> class_bit(fpclassify(x), signbit(x) != 0, s[0][1] >> 19 & 1) & 1);
	return 0;
}
/* frexp_exp / frexp_mant: C frexp's parts; Inf/NaN unspecified [U] */
static int r_frexp_exp(const uint32_t *const *s, uint32_t *d)
{
	int e = 0;
	if (!isfinite(FA))
		return 1;
	frexpf(FA, &e);
	d[0] = (uint32_t)e;
	return 0;
}
static int r_frexp_mant(const uint32_t *const *s, uint32_t *d)
{
	int e;
	if (!isfinite(FA))
		return 1;
	d[0] = fout(frexpf(FA, &e));
	return 0;
}

/* explicit rounding modes (4.4 add_rte ... fma_rtz [V names]) */
static int rounded(const uint32_t *const *s, uint32_t *d, int op, int mode)
{
	volatile float a = FA, b = FB, c = FC, r;
	int old = fegetround();
	fesetround(mode);
	switch (op) {
	case 0: r = a + b; break;
	case 1: r = a - b; break;
	case 2: r = a * b; break;
	case 3: r = ftz(a * b); r = r + c; break;
	default: r = fmaf(a, b, c); break;
	}
	fesetround(old);
	d[0] = fout(r);
	return 0;
}
#define RND(name, op, mode) \
	static int r_##name(const uint32_t *const *s, uint32_t *d) { return rounded(s, d, op, mode); }
RND(add_rte, 0, FE_TONEAREST) RND(add_rtp, 0, FE_UPWARD) RND(add_rtn, 0, FE_DOWNWARD) RND(add_rtz, 0, FE_TOWARDZERO)
RND(sub_rte, 1, FE_TONEAREST) RND(sub_rtp, 1, FE_UPWARD) RND(sub_rtn, 1, FE_DOWNWARD) RND(sub_rtz, 1, FE_TOWARDZERO)
RND(mul_rte, 2, FE_TONEAREST) RND(mul_rtp, 2, FE_UPWARD) RND(mul_rtn, 2, FE_DOWNWARD) RND(mul_rtz, 2, FE_TOWARDZERO)
RND(mad_rte, 3, FE_TONEAREST) RND(mad_rtp, 3, FE_UPWARD) RND(mad_rtn, 3, FE_DOWNWARD) RND(mad_rtz, 3, FE_TOWARDZERO)
RND(fma_rte, 4, FE_TONEAREST) RND(fma_rtp, 4, FE_UPWARD) RND(fma_rtn, 4, FE_DOWNWARD) RND(fma_rtz, 4, FE_TOWARDZERO)

/* the double forms (4.7 dadd_/dsub_/dmul_/dmad_rt* [V names]): IEEE doubles
 * rounded in the mode, denormals kept, dmad fused (4.7) */
static int drounded(const uint32_t *const *s, uint32_t *d, int op, int mode)
{
	volatile double a = bd(s[0]), b = bd(s[1]), c = bd(s[2]), r;
	int old = fegetround();
	fesetround(mode);
	switch (op) {
	case 0: r = a + b; break;
	case 1: r = a - b; break;
	case 2: r = a * b; break;
	default: r = fma(a, b, c); break;
	}
	fesetround(old);
	db(r, d);
	return 0;
}
#define DRND(name, op, mode) \
	static int r_##name(const uint32_t *const *s, uint32_t *d) { return drounded(s, d, op, mode); }
DRND(dadd_rte, 0, FE_TONEAREST) DRND(dadd_rtp, 0, FE_UPWARD) DRND(dadd_rtn, 0, FE_DOWNWARD) DRND(dadd_rtz, 0, FE_TOWARDZERO)
DRND(dsub_rte, 1, FE_TONEAREST) DRND(dsub_rtp, 1, FE_UPWARD) DRND(dsub_rtn, 1, FE_DOWNWARD) DRND(dsub_rtz, 1, FE_TOWARDZERO)
DRND(dmul_rte, 2, FE_TONEAREST) DRND(dmul_rtp, 2, FE_UPWARD) DRND(dmul_rtn, 2, FE_DOWNWARD) DRND(dmul_rtz, 2, FE_TOWARDZERO)
DRND(dmad_rte, 3, FE_TONEAREST) DRND(dmad_rtp, 3, FE_UPWARD) DRND(dmad_rtn, 3, FE_DOWNWARD) DRND(dmad_rtz, 3, FE_TOWARDZERO)

/* ---- 4.5 transcendentals (double-precision reference, ulp tolerance) ------- */

static int tr(uint32_t *d, double v) { d[0] = fout((float)v); return 0; }
static int r_exp_vec(const uint32_t *const *s, uint32_t *d) { return tr(d, exp2((double)FA)); }
static int r_log_vec(const uint32_t *const *s, uint32_t *d) { return tr(d, log2((double)FA)); }
static int r_sqrt_vec(const uint32_t *const *s, uint32_t *d) { return tr(d, sqrt((double)FA)); }
static int r_rsq_vec(const uint32_t *const *s, uint32_t *d)
{
	float a = FA;
	if (a == 0.0f)
		return tr(d, signbit(a) ? -INFINITY : INFINITY);
	return tr(d, 1.0 / sqrt((double)a));
}
/* rcp_vec_zeroop(z): 1/x, x == +-0 by z (sign of x [I]); 1/x below the
 * normal range flushes */
static int rcpz(const uint32_t *const *s, uint32_t *d, int z)
{
	float a = FA;
	if (a == 0.0f) {
		int neg = signbit(a) != 0;
		d[0] = fb(z == 0 ? (neg ? -INFINITY : INFINITY) : z == 1 ? (neg ? -FLT_MAX : FLT_MAX) : 0.0f);
		return 0;
	}
	return tr(d, 1.0 / (double)a);
}
static int r_rcp_inf(const uint32_t *const *s, uint32_t *d) { return rcpz(s, d, 0); }
static int r_rcp_fltmax(const uint32_t *const *s, uint32_t *d) { return rcpz(s, d, 1); }
static int r_rcp_zero(const uint32_t *const *s, uint32_t *d) { return rcpz(s, d, 2); }
/* sin_vec / cos_vec: radians; accurate only for |x| <= pi (4.5 [I]) */
static int r_sin_vec(const uint32_t *const *s, uint32_t *d)
{
	if (!(fabsf(FA) <= 3.14159274f) && !fnan(FA))
		return 1;
	return tr(d, sin((double)FA));
}
static int r_cos_vec(const uint32_t *const *s, uint32_t *d)
{
	if (!(fabsf(FA) <= 3.14159274f) && !fnan(FA))
		return 1;
	return tr(d, cos((double)FA));
}
/* legacy scalar ops (DX9 names, [I] per name): read lane x (the swizzle is
 * replicated); negative inputs of log/ln/sqrt/rsq and pow's negative base
 * are [U] (DX9 takes |x| for some): unspecified */
static int r_exp_l(const uint32_t *const *s, uint32_t *d) { return tr(d, exp2((double)FA)); }
static int r_exn(const uint32_t *const *s, uint32_t *d) { return tr(d, exp((double)FA)); }
static int r_ln(const uint32_t *const *s, uint32_t *d) { return FA < 0 ? 1 : tr(d, log((double)FA)); }
static int r_log_l(const uint32_t *const *s, uint32_t *d) { return FA < 0 ? 1 : tr(d, log2((double)FA)); }
static int r_sqrt_l(const uint32_t *const *s, uint32_t *d) { return FA < 0 ? 1 : tr(d, sqrt((double)FA)); }
static int r_rsq_l(const uint32_t *const *s, uint32_t *d)
{
	if (FA <= 0)
		return 1;
	return tr(d, 1.0 / sqrt((double)FA));
}
static int r_sin_l(const uint32_t *const *s, uint32_t *d) { return r_sin_vec(s, d); }
static int r_cos_l(const uint32_t *const *s, uint32_t *d) { return r_cos_vec(s, d); }
static int r_tan(const uint32_t *const *s, uint32_t *d)
{
	return fabsf(FA) <= 1.5f || fnan(FA) ? tr(d, tan((double)FA)) : 1;
}
static int r_asin(const uint32_t *const *s, uint32_t *d) { return tr(d, asin((double)FA)); }
static int r_acos(const uint32_t *const *s, uint32_t *d) { return tr(d, acos((double)FA)); }
static int r_atan(const uint32_t *const *s, uint32_t *d) { return tr(d, atan((double)FA)); }
static int r_pow(const uint32_t *const *s, uint32_t *d)
{
	if (FA < 0 || (FA == 0 && FB <= 0))
		return 1;
	return tr(d, pow((double)FA, (double)FB));
}

/* ---- 4.6 conversions --------------------------------------------------------- */

/* ftoi: toward zero, NaN -> 0, saturated (4.6 [I], D3D ftoi / GCN cvt_i32_f32) */
static uint32_t to_i32(double f)
{
	if (f != f)
		return 0;
	f = trunc(f);
	if (f <= -2147483648.0)
		return 0x80000000u;
	if (f >= 2147483647.0)
		return 0x7fffffffu;
	return (uint32_t)(int32_t)f;
}
static uint32_t to_u32(double f)
{
	if (f != f || f <= 0)
		return 0;
	f = trunc(f);
	return f >= 4294967295.0 ? 0xffffffffu : (uint32_t)f;
}
static int r_ftoi(const uint32_t *const *s, uint32_t *d) { d[0] = to_i32(FA); return 0; }
static int r_ftou(const uint32_t *const *s, uint32_t *d) { d[0] = to_u32(FA); return 0; }
static int r_itof(const uint32_t *const *s, uint32_t *d) { d[0] = fb((float)SA); return 0; }
static int r_utof(const uint32_t *const *s, uint32_t *d) { d[0] = fb((float)A); return 0; }
static int r_ftoi_flr(const uint32_t *const *s, uint32_t *d) { d[0] = to_i32(floorf(FA)); return 0; }
static int r_ftoi_rpi(const uint32_t *const *s, uint32_t *d) { d[0] = to_i32(ceilf(FA)); return 0; }

/* float -> half, mode 0 nearest-even, 1 toward -Inf, 2 toward +Inf; half
 * denormals kept [I] (GCN keeps fp16 denormals by default) */
static uint32_t f2h(float f, int mode)
{
	uint32_t sign = signbit(f) ? 0x8000u : 0;
	double a = fabs((double)f), n, q, mag;
	int e, up;
	if (f != f)
		return sign | 0x7e00u;
	if (isinf(f))
		return sign | 0x7c00u;
	if (a == 0)
		return sign;
	frexp(a, &e); /* a in [2^(e-1), 2^e) */
	q = ldexp(1.0, e - 1 - 10 < -24 ? -24 : e - 1 - 10);
	n = a / q;
	/* rounding of the magnitude: away from zero when the mode rounds the
	 * signed value away from zero */
	up = (mode == 2 && !sign) || (mode == 1 && sign);
	if (mode == 0)
		n = nearbyint(n);
	else
		n = up ? ceil(n) : floor(n);
	mag = n * q;
	if (mag > 65504.0) {
		if (mode == 0 || up)
			return sign | 0x7c00u;
		mag = 65504.0;
	}
	if (mag < 0x1p-14)
		return sign | (uint32_t)(mag / 0x1p-24);
	frexp(mag, &e);
	return sign | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)(mag / ldexp(1.0, e - 1 - 10)) - 1024u);
}
static float h2f(uint32_t h)
{
	uint32_t e = (h >> 10) & 31, m = h & 1023;
	float v = e == 0 ? ldexpf((float)m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 1024), (int)e - 25);
	return (h & 0x8000u) ? -v : v;
}
/* f2f16: the plain form's rounding mode [U]: nearest-even (GRVK); inputs flushed */
static int r_f2f16(const uint32_t *const *s, uint32_t *d) { d[0] = f2h(FA, 0); return 0; }
static int r_f2f16_neg_inf(const uint32_t *const *s, uint32_t *d) { d[0] = f2h(FA, 1); return 0; }
static int r_f2f16_plus_inf(const uint32_t *const *s, uint32_t *d) { d[0] = f2h(FA, 2); return 0; }
/* f162f: the low 16 bits (upper ignored [I]) as a half, exact */
static int r_f162f(const uint32_t *const *s, uint32_t *d) { d[0] = fb(h2f(A & 0xffff)); return 0; }
/* doubles (IEEE; float denormal inputs flushed, float results flushed [I]) */
static int r_f2d(const uint32_t *const *s, uint32_t *d) { db((double)FA, d); return 0; }
static int r_d2f(const uint32_t *const *s, uint32_t *d) { d[0] = fout((float)bd(s[0])); return 0; }
static int r_dtoi(const uint32_t *const *s, uint32_t *d) { d[0] = to_i32(bd(s[0])); return 0; }
static int r_dtou(const uint32_t *const *s, uint32_t *d) { d[0] = to_u32(bd(s[0])); return 0; }
static int r_itod(const uint32_t *const *s, uint32_t *d) { db((double)SA, d); return 0; }
static int r_utod(const uint32_t *const *s, uint32_t *d) { db((double)A, d); return 0; }

/* ---- 4.8 64-bit integers (x low, y high) ---------------------------------- */

#define LA q64(s[0])
#define LB q64(s[1])
static int r_i64add(const uint32_t *const *s, uint32_t *d) { p64(LA + LB, d); return 0; }
static int r_i64sub(const uint32_t *const *s, uint32_t *d) { p64(LA - LB, d); return 0; }
static int r_i64negate(const uint32_t *const *s, uint32_t *d) { p64(0 - LA, d); return 0; }
static int r_i64mul(const uint32_t *const *s, uint32_t *d) { p64(LA * LB, d); return 0; }
/* division [I]: C's quotient (toward zero) and remainder (the dividend's
 * sign).  By zero (AMD documents nothing for the 64-bit opcodes): u64div
 * and u64mod give all ones, the 32-bit udiv/umod rule (4.1 [I]) carried
 * over; i64div/i64mod are the compiler's signed pattern (4.10: the
 * magnitudes divided unsigned, the signs restored), so by zero -1 for a
 * dividend >= 0 and 1 for a negative one, and INT64_MIN / -1 = INT64_MIN
 * (the magnitude 2^63 negated), INT64_MIN % -1 = 0. */
static uint64_t mag64(uint64_t x) { return (int64_t)x < 0 ? 0 - x : x; }
static int r_u64div(const uint32_t *const *s, uint32_t *d) { p64(LB ? LA / LB : ~0ull, d); return 0; }
static int r_u64mod(const uint32_t *const *s, uint32_t *d) { p64(LB ? LA % LB : ~0ull, d); return 0; }
static int r_i64div(const uint32_t *const *s, uint32_t *d)
{
	uint64_t q = LB ? mag64(LA) / mag64(LB) : ~0ull;
	p64(((int64_t)LA < 0) != ((int64_t)LB < 0) ? 0 - q : q, d);
	return 0;
}
static int r_i64mod(const uint32_t *const *s, uint32_t *d)
{
	uint64_t r = LB ? mag64(LA) % mag64(LB) : ~0ull;
	p64((int64_t)LA < 0 ? 0 - r : r, d);
	return 0;
}
/* vmad_u64_u32 / vmad_i64_i32 d.xy, a.x, b.x, c.xy = a * b + c (the 64-bit
 * product of 32-bit operands, unsigned / signed, plus a 64-bit addend, mod
 * 2^64): the AMDIL backend's operand classes GPR_32, GPR_32, GPR_64, GCN's
 * v_mad_u64_u32 / v_mad_i64_i32 */
static int r_vmad_u64_u32(const uint32_t *const *s, uint32_t *d)
{
	p64((uint64_t)A * B + q64(s[2]), d);
	return 0;
}
static int r_vmad_i64_i32(const uint32_t *const *s, uint32_t *d)
{
	p64((uint64_t)((int64_t)(int32_t)A * (int32_t)B) + q64(s[2]), d);
	return 0;
}
/* shifts: count = a 32-bit scalar masked to 6 bits (4.8 [I]) */
static int r_i64shl(const uint32_t *const *s, uint32_t *d) { p64(LA << (B & 63), d); return 0; }
static int r_u64shr(const uint32_t *const *s, uint32_t *d) { p64(LA >> (B & 63), d); return 0; }
static int r_i64shr(const uint32_t *const *s, uint32_t *d)
{
	uint32_t n = B & 63;
	uint64_t a = LA;
	p64(n ? (a >> n) | ((a >> 63) ? ~(~0ull >> n) : 0) : a, d);
	return 0;
}
static int r_i64min(const uint32_t *const *s, uint32_t *d) { p64((int64_t)LA < (int64_t)LB ? LA : LB, d); return 0; }
static int r_i64max(const uint32_t *const *s, uint32_t *d) { p64((int64_t)LA > (int64_t)LB ? LA : LB, d); return 0; }
static int r_u64min(const uint32_t *const *s, uint32_t *d) { p64(LA < LB ? LA : LB, d); return 0; }
static int r_u64max(const uint32_t *const *s, uint32_t *d) { p64(LA > LB ? LA : LB, d); return 0; }
/* compares: [U] result width; chosen: the 32-bit mask in both dwords */
static int m64(uint32_t *d, int c) { d[0] = d[1] = mask(c); return 0; }
static int r_i64eq(const uint32_t *const *s, uint32_t *d) { return m64(d, LA == LB); }
static int r_i64ne(const uint32_t *const *s, uint32_t *d) { return m64(d, LA != LB); }
static int r_i64lt(const uint32_t *const *s, uint32_t *d) { return m64(d, (int64_t)LA < (int64_t)LB); }
static int r_i64ge(const uint32_t *const *s, uint32_t *d) { return m64(d, (int64_t)LA >= (int64_t)LB); }
static int r_u64lt(const uint32_t *const *s, uint32_t *d) { return m64(d, LA < LB); }
static int r_u64ge(const uint32_t *const *s, uint32_t *d) { return m64(d, LA >= LB); }

/* ---- 4.9 moves ------------------------------------------------------------------- */

/* mov: a bit copy, modifiers applied (4.9 [V]) */
static int r_mov(const uint32_t *const *s, uint32_t *d) { d[0] = A; return 0; }
static int r_dmov(const uint32_t *const *s, uint32_t *d) { d[0] = s[0][0], d[1] = s[0][1]; return 0; }

/* ---- the table ------------------------------------------------------------------- */

#define I1 {T_I}
#define I2 {T_I, T_I}
#define I3 {T_I, T_I, T_I}
#define F1 {T_F}
#define F2 {T_F, T_F}
#define F3 {T_F, T_F, T_F}
#define L2 {T_L, T_L}
#define D2 {T_D, T_D}
#define NOSEM(m, f, fam, why) {m, f, fam, 0, {T_NONE}, R_I, NULL, 0, 0, NULL, why}

/* ---- AMD's library macros (called by id): OpenCL C's functions --------------
 * The transcendental library macros are OpenCL 1.2's builtins (section
 * 6.12.2); the reference is the double-precision libm result rounded to
 * float, the tolerance the builtin's bound in section 7.4, table 7.1.
 * Results that fall below the normal range are unspecified (FTZ: flushed
 * or rounded up to FLT_MIN); sin_vec-based native_ functions only for
 * |x| <= pi as the instruction. */
static int lib(uint32_t *d, double v)
{
	if (v != 0.0 && fabs(v) < 0x1.0001p-126)
		return 1;
	d[0] = fout((float)v);
	return 0;
}
/* a reference that is one expression in double precision */
#define LIBREF(name, expr) \
	static int name(const uint32_t *const *s, uint32_t *d) { return lib(d, expr); }
LIBREF(r_lexp, exp((double)FA))
LIBREF(r_lexp2, exp2((double)FA))
LIBREF(r_lexp10, pow(10.0, (double)FA))
LIBREF(r_llog, log((double)FA))
LIBREF(r_llog2, log2((double)FA))
LIBREF(r_llog10, log10((double)FA))
LIBREF(r_lsin, sin((double)FA))
LIBREF(r_lcos, cos((double)FA))
LIBREF(r_ltan, tan((double)FA))
LIBREF(r_lsqrt, sqrt((double)FA))
static int r_lrsqrt(const uint32_t *const *s, uint32_t *d)
{
	return FA == 0.0f ? lib(d, signbit(FA) ? -INFINITY : INFINITY) : lib(d, 1.0 / sqrt((double)FA));
}
static int r_lrecip(const uint32_t *const *s, uint32_t *d)
{
	return FA == 0.0f ? lib(d, signbit(FA) ? -INFINITY : INFINITY) : lib(d, 1.0 / (double)FA);
}
static int r_ldiv(const uint32_t *const *s, uint32_t *d)
{
	if (FB == 0.0f) /* div_zeroop(infinity): x / 0 is Inf of x's sign [I] */
		return FA != FA || FA == 0.0f ? 1 : lib(d, (signbit(FA) != signbit(FB)) ? -INFINITY : INFINITY);
	return lib(d, (double)FA / (double)FB);
}
static int r_lnpowr(const uint32_t *const *s, uint32_t *d)
{
	/* powr: x >= 0 only; the edge cases of 7.5.1 are not part of native_ */
	double v = pow((double)FA, (double)FB);
	if (!(FA > 0.0f) || !isfinite(FA) || !isfinite(FB) || v >= 0x1p127)
		return 1; /* near FLT_MAX, y log2 x rounds across the overflow */
	return lib(d, v);
}
/* pow: C99 Annex F, which OpenCL 7.5.1 follows */
LIBREF(r_lpow, pow((double)FA, (double)FB))
/* powr: OpenCL 1.2 7.5.1's own special cases, then pow */
static int r_lpowr_full(const uint32_t *const *s, uint32_t *d)
{
	float x = FA, y = FB;
	if (fnan(x) || fnan(y) || (signbit(x) && x != 0.0f) || (x == 0.0f && y == 0.0f) ||
	    (isinf(x) && y == 0.0f) || (x == 1.0f && isinf(y)))
		return lib(d, NAN);
	if (y == 0.0f || x == 1.0f)
		return lib(d, 1.0);
	if (x == 0.0f)
		return lib(d, y < 0.0f ? INFINITY : 0.0);
	return lib(d, pow((double)x, (double)y));
}
/* pown, rootn: OpenCL 7.5.1 (pown is C's pow with an integer y) */
LIBREF(r_lpown, pow((double)FA, (double)SB))
static int r_lrootn(const uint32_t *const *s, uint32_t *d)
{
	float x = FA;
	int n = SB, odd = n % 2 != 0;
	double m;
	if (n == 0 || fnan(x) || (x < 0.0f && !odd))
		return lib(d, NAN);
	if (x == 0.0f || isinf(x)) {
		m = (x == 0.0f) == (n < 0) ? INFINITY : 0.0;
		return lib(d, odd && signbit(x) ? -m : m);
	}
	m = pow(fabs((double)x), 1.0 / n);
	return lib(d, x < 0.0f ? -m : m);
}
static int r_lrint(const uint32_t *const *s, uint32_t *d) { d[0] = fout(nearbyintf(FA)); return 0; }
static int r_lround(const uint32_t *const *s, uint32_t *d) { d[0] = fout(roundf(FA)); return 0; }
/* sign: 1, -1, the zero itself, 0 for NaN (6.12.2) */
static int r_lsign(const uint32_t *const *s, uint32_t *d)
{
	float x = FA;
	d[0] = fout(fnan(x) ? 0.0f : x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : x);
	return 0;
}
static int r_lfdim(const uint32_t *const *s, uint32_t *d) { d[0] = fout(fdimf(FA, FB)); return 0; }
LIBREF(r_lhypot, hypot((double)FA, (double)FB))
static int r_lclamp(const uint32_t *const *s, uint32_t *d) { d[0] = fout(minnum(maxnum(FA, FB), FC)); return 0; }
/* mix: x + (y - x) a, each operation rounded and flushed */
static int r_lmix(const uint32_t *const *s, uint32_t *d)
{
	d[0] = fout(FA + ftz(ftz(FB - FA) * FC));
	return 0;
}
static int r_lldexp(const uint32_t *const *s, uint32_t *d) { d[0] = fout(ldexpf(FA, SB)); return 0; }
/* geometric functions of float vectors (operand dwords flushed) */
static double dotn(const uint32_t *const *s, int n, int k)
{
	double r = 0;
	int c;
	for (c = 0; c < n; c++)
		r += k ? (double)fin(s[0][c]) * fin(s[1][c])
		       : ((double)fin(s[0][c]) - fin(s[1][c])) * ((double)fin(s[0][c]) - fin(s[1][c]));
	return r;
}
static double sq(const uint32_t *const *s, int n)
{
	double r = 0;
	int c;
	for (c = 0; c < n; c++)
		r += (double)fin(s[0][c]) * fin(s[0][c]);
	return r;
}
LIBREF(r_ldot2, dotn(s, 2, 1))
LIBREF(r_ldot3, dotn(s, 3, 1))
LIBREF(r_ldot4, dotn(s, 4, 1))
LIBREF(r_llen2, sqrt(sq(s, 2)))
LIBREF(r_llen4, sqrt(sq(s, 4)))
LIBREF(r_ldist2, sqrt(dotn(s, 2, 0)))
LIBREF(r_ldist4, sqrt(dotn(s, 4, 0)))
/* normalize of a scalar: its sign as +-1, a zero kept */
static int r_lnorm1(const uint32_t *const *s, uint32_t *d)
{
	float x = FA;
	if (isinf(x) || (x != 0.0f && (fabsf(x) < 0x1p-63f || fabsf(x) > 0x1p63f)))
		return 1; /* x^2 over- or underflows (AMD's normalize does not scale) */
	d[0] = fout(fnan(x) ? x : x == 0.0f ? x : x > 0.0f ? 1.0f : -1.0f);
	return 0;
}
LIBREF(r_latan, atan((double)FA))
LIBREF(r_latan2, atan2((double)FA, (double)FB))
LIBREF(r_lasin, asin((double)FA))
LIBREF(r_lacos, acos((double)FA))
LIBREF(r_lexpm1, expm1((double)FA))
LIBREF(r_llog1p, log1p((double)FA))
LIBREF(r_lsinh, sinh((double)FA))
LIBREF(r_lcosh, cosh((double)FA))
LIBREF(r_ltanh, tanh((double)FA))
LIBREF(r_lerf, erf((double)FA))
LIBREF(r_lerfc, erfc((double)FA))
static const double PI_ = 3.14159265358979323846;
LIBREF(r_latanpi, atan((double)FA) / PI_)
LIBREF(r_lasinpi, asin((double)FA) / PI_)
LIBREF(r_lacospi, acos((double)FA) / PI_)
LIBREF(r_latan2pi, atan2((double)FA, (double)FB) / PI_)
LIBREF(r_lcbrt, cbrt((double)FA))
LIBREF(r_lasinh, asinh((double)FA))
LIBREF(r_lacosh, acosh((double)FA))
LIBREF(r_latanh, atanh((double)FA))
/* sinpi, cospi, tanpi: x mod 2 is exact in double; integers and half
 * integers by OpenCL 7.5.1 (zeros of either sign compare equal) */
static int r_lsinpi(const uint32_t *const *s, uint32_t *d)
{
	double t = fmod((double)FA, 2.0);
	if (isinf(FA) || fnan(FA))
		return lib(d, NAN);
	return lib(d, t == floor(t) ? 0.0 : sin(PI_ * t));
}
static int r_lcospi(const uint32_t *const *s, uint32_t *d)
{
	double t = fmod(fabs((double)FA), 2.0);
	if (isinf(FA) || fnan(FA))
		return lib(d, NAN);
	if (t == 0.5 || t == 1.5)
		return lib(d, 0.0);
	return lib(d, t == 0.0 ? 1.0 : t == 1.0 ? -1.0 : cos(PI_ * t));
}
static int r_ltanpi(const uint32_t *const *s, uint32_t *d)
{
	double t = fmod((double)FA, 1.0), n;
	if (isinf(FA) || fnan(FA))
		return lib(d, NAN);
	if (fabs(t) == 0.5) { /* x = n + 1/2: +Inf for an even n, -Inf for an odd one */
		n = floor((double)FA);
		return lib(d, fmod(n, 2.0) == 0.0 ? INFINITY : -INFINITY);
	}
	return lib(d, t == 0.0 ? 0.0 : tan(PI_ * t));
}
/* fmod, remainder: exact; a result below the normal range flushes, so the
 * sign of a zero result is the flush's (R_FZ) */
static int r_lfmod(const uint32_t *const *s, uint32_t *d) { d[0] = fout(fmodf(FA, FB)); return 0; }
static int r_lremainder(const uint32_t *const *s, uint32_t *d) { d[0] = fout(remainderf(FA, FB)); return 0; }
/* nextafter: a bit operation on the operands as they are (no flush) */
static int r_lnextafter(const uint32_t *const *s, uint32_t *d)
{
	d[0] = fb(nextafterf(bf(A), bf(B)));
	return 0;
}
/* ilogb: from the bits as they are (no flush); 0 and NaN give INT_MIN, AMD's
 * library's choice where C99 lets FP_ILOGB0 and FP_ILOGBNAN differ */
static int r_lilogb(const uint32_t *const *s, uint32_t *d)
{
	d[0] = (A & 0x7FFFFFFFu) == 0 || isnan(bf(A)) ? 0x80000000u : (uint32_t)ilogbf(bf(A));
	return 0;
}
static int r_lstep(const uint32_t *const *s, uint32_t *d) { d[0] = fout(FB < FA ? 0.0f : 1.0f); return 0; }
static int r_lsmoothstep(const uint32_t *const *s, uint32_t *d)
{
	double t = ((double)FC - FA) / ((double)FB - FA);
	if (!(FA < FB) || fnan(FC))
		return 1; /* OpenCL: undefined for e0 >= e1 */
	t = t < 0 ? 0 : t > 1 ? 1 : t;
	return lib(d, t * t * (3 - 2 * t));
}
static int trig_range(float x) { return fabsf(x) <= 3.14159274f || fnan(x); }
static int r_nsin(const uint32_t *const *s, uint32_t *d) { return trig_range(FA) ? r_lsin(s, d) : 1; }
static int r_ncos(const uint32_t *const *s, uint32_t *d) { return trig_range(FA) ? r_lcos(s, d) : 1; }
static int r_ntan(const uint32_t *const *s, uint32_t *d) { return trig_range(FA) ? r_ltan(s, d) : 1; }
#define LIBM(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 1, F1, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}
#define LIBM2(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 2, F2, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}
#define LIBE(id, name, fn) {"mcall(" #id ")", "lib_" name, "library", 1, F1, R_F, fn, F_MCALL | F_NOMOD, 0, NULL, NULL}
#define LIBV(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 2, {T_F4, T_F4}, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}
#define LIBV1(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 1, {T_F4}, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}
#define LIBR(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 1, {T_FRED}, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}
#define LIBT(id, name, fn, ulp) {"mcall(" #id ")", "lib_" name, "library", 1, {T_FTRIG}, R_FA, fn, F_MCALL | F_NOMOD | F_APPROX, ulp, NULL, NULL}

static const Op ops[] = {
	/* 4.1 integer arithmetic */
	{"iadd", "iadd", "int", 2, I2, R_I, r_iadd, 0, 0, NULL, NULL},
	{"inegate", "inegate", "int", 1, I1, R_I, r_inegate, 0, 0, NULL, NULL},
	{"imul", "imul", "int", 2, I2, R_I, r_imul, 0, 0, NULL, NULL},
	{"umul", "umul", "int", 2, I2, R_I, r_imul, 0, 0, NULL, NULL},
	{"imul_high", "imul_high", "int", 2, I2, R_I, r_imul_high, 0, 0, NULL, NULL},
	{"umul_high", "umul_high", "int", 2, I2, R_I, r_umul_high, 0, 0, NULL, NULL},
	{"imad", "imad", "int", 3, I3, R_I, r_imad, 0, 0, NULL, NULL},
	{"umad", "umad", "int", 3, I3, R_I, r_imad, 0, 0, NULL, NULL},
	{"umul24", "umul24", "int", 2, I2, R_I, r_umul24, 0, 0, NULL, NULL},
	{"imul24", "imul24", "int", 2, I2, R_I, r_imul24, 0, 0, NULL, NULL},
	{"umul24_high", "umul24_high", "int", 2, I2, R_I, r_umul24_high, 0, 0, NULL, NULL},
	{"imul24_high", "imul24_high", "int", 2, I2, R_I, r_imul24_high, 0, 0, NULL, NULL},
	{"umad24", "umad24", "int", 3, I3, R_I, r_umad24, 0, 0, NULL, NULL},
	{"imad24", "imad24", "int", 3, I3, R_I, r_imad24, 0, 0, NULL, NULL},
	{"udiv", "udiv", "int", 2, I2, R_I, r_udiv, 0, 0, NULL, NULL},
	{"umod", "umod", "int", 2, I2, R_I, r_umod, 0, 0, NULL, NULL},
	{"imin", "imin", "int", 2, I2, R_I, r_imin, 0, 0, NULL, NULL},
	{"imax", "imax", "int", 2, I2, R_I, r_imax, 0, 0, NULL, NULL},
	{"umin", "umin", "int", 2, I2, R_I, r_umin, 0, 0, NULL, NULL},
	{"umax", "umax", "int", 2, I2, R_I, r_umax, 0, 0, NULL, NULL},
	{"imin3", "imin3", "int", 3, I3, R_I, r_imin3, 0, 0, NULL, NULL},
	{"imax3", "imax3", "int", 3, I3, R_I, r_imax3, 0, 0, NULL, NULL},
	{"imed3", "imed3", "int", 3, I3, R_I, r_imed3, 0, 0, NULL, NULL},
	{"umin3", "umin3", "int", 3, I3, R_I, r_umin3, 0, 0, NULL, NULL},
	{"umax3", "umax3", "int", 3, I3, R_I, r_umax3, 0, 0, NULL, NULL},
	{"umed3", "umed3", "int", 3, I3, R_I, r_umed3, 0, 0, NULL, NULL},
	{"icarry", "icarry", "int", 2, I2, R_I, r_icarry, 0, 0, NULL, NULL},
	{"iborrow", "iborrow", "int", 2, I2, R_I, r_iborrow, 0, 0, NULL, NULL},
	{"ishl", "ishl", "int", 2, {T_I, T_SH}, R_I, r_ishl, 0, 0, NULL, NULL},
	{"ishr", "ishr", "int", 2, {T_I, T_SH}, R_I, r_ishr, 0, 0, NULL, NULL},
	{"ushr", "ushr", "int", 2, {T_I, T_SH}, R_I, r_ushr, 0, 0, NULL, NULL},
	{"iand", "iand", "int", 2, I2, R_I, r_iand, 0, 0, NULL, NULL},
	{"and", "and", "int", 2, I2, R_I, r_iand, 0, 0, NULL, NULL},
	{"ior", "ior", "int", 2, I2, R_I, r_ior, 0, 0, NULL, NULL},
	{"ixor", "ixor", "int", 2, I2, R_I, r_ixor, 0, 0, NULL, NULL},
	{"inot", "inot", "int", 1, I1, R_I, r_inot, 0, 0, NULL, NULL},
	/* 4.2 bits */
	{"ubit_extract", "ubit_extract", "bits", 3, {T_BF, T_BF, T_I}, R_I, r_ubit_extract, 0, 0, NULL, NULL},
	{"ibit_extract", "ibit_extract", "bits", 3, {T_BF, T_BF, T_I}, R_I, r_ibit_extract, 0, 0, NULL, NULL},
	{"ubit_insert", "ubit_insert", "bits", 4, {T_BF, T_BF, T_I, T_I}, R_I, r_ubit_insert, 0, 0, NULL, NULL},
	{"bfi", "bfi", "bits", 3, I3, R_I, r_bfi, 0, 0, NULL, NULL},
	{"bfm", "bfm", "bits", 2, {T_BF, T_BF}, R_I, r_bfm, 0, 0, NULL, NULL},
	{"ffb_hi", "ffb_hi", "bits", 1, I1, R_I, r_ffb_hi, 0, 0, NULL, NULL},
	{"ffb_lo", "ffb_lo", "bits", 1, I1, R_I, r_ffb_lo, 0, 0, NULL, NULL},
	{"ffb_shi", "ffb_shi", "bits", 1, I1, R_I, r_ffb_shi, 0, 0, NULL, NULL},
	{"icbits", "icbits", "bits", 1, I1, R_I, r_icbits, 0, 0, NULL, NULL},
	{"ubit_reverse", "ubit_reverse", "bits", 1, I1, R_I, r_ubit_reverse, 0, 0, NULL, NULL},
	{"bitalign", "bitalign", "bits", 3, {T_I, T_I, T_SH}, R_I, r_bitalign, 0, 0, NULL, NULL},
	{"bytealign", "bytealign", "bits", 3, {T_I, T_I, T_SH}, R_I, r_bytealign, 0, 0, NULL, NULL},
	/* media (cl_amd_media_ops) */
	{"sad", "sad", "media", 3, I3, R_I, r_sad, 0, 0, NULL, NULL},
	{"sadhi", "sadhi", "media", 3, I3, R_I, r_sadhi, 0, 0, NULL, NULL},
	{"msad", "msad", "media", 3, I3, R_I, r_msad, 0, 0, NULL, NULL},
	{"u4lerp", "u4lerp", "media", 3, I3, R_I, r_u4lerp, 0, 0, NULL, NULL},
	{"sad4", "sad4", "media", 3, {T_I4, T_I4, T_I}, R_I, r_sad4, F_NOMOD, 0, NULL, NULL},
	{"sad_u16", "sad_u16", "media", 3, I3, R_I, r_sad_u16, 0, 0, NULL, NULL},
	{"sad_u32", "sad_u32", "media", 3, I3, R_I, r_sad_u32, 0, 0, NULL, NULL},
	{"qsad", "qsad", "media", 3, {T_L, T_I, T_L}, R_L, r_qsad, F_NOMOD, 0, NULL, NULL},
	{"mqsad", "mqsad", "media", 3, {T_L, T_I, T_L}, R_L, r_mqsad, F_NOMOD, 0, NULL, NULL},
	{"mqsad_u32_u8", "mqsad_u32_u8", "media", 3, {T_L, T_I, T_I4}, R_I4, r_mqsad_u32_u8, F_NOMOD, 0, NULL,
	 NULL},
	{"unpack0", "unpack0", "media", 1, I1, R_F, r_unpack0, F_NOMOD, 0, NULL, NULL},
	{"unpack1", "unpack1", "media", 1, I1, R_F, r_unpack1, F_NOMOD, 0, NULL, NULL},
	{"unpack2", "unpack2", "media", 1, I1, R_F, r_unpack2, F_NOMOD, 0, NULL, NULL},
	{"unpack3", "unpack3", "media", 1, I1, R_F, r_unpack3, F_NOMOD, 0, NULL, NULL},
	{"f_2_u4", "f_2_u4", "media", 1, {T_F4}, R_I, r_f_2_u4, F_NOMOD, 0, NULL, NULL},
	/* 4.3 compare and select */
	{"ieq", "ieq", "compare", 2, I2, R_I, r_ieq, 0, 0, NULL, NULL},
	{"ine", "ine", "compare", 2, I2, R_I, r_ine, 0, 0, NULL, NULL},
	{"ilt", "ilt", "compare", 2, I2, R_I, r_ilt, 0, 0, NULL, NULL},
	{"ige", "ige", "compare", 2, I2, R_I, r_ige, 0, 0, NULL, NULL},
	{"ult", "ult", "compare", 2, I2, R_I, r_ult, 0, 0, NULL, NULL},
	{"uge", "uge", "compare", 2, I2, R_I, r_uge, 0, 0, NULL, NULL},
	{"eq", "eq", "compare", 2, F2, R_I, r_eq, 0, 0, NULL, NULL},
	{"ne", "ne", "compare", 2, F2, R_I, r_ne, 0, 0, NULL, NULL},
	{"lt", "lt", "compare", 2, F2, R_I, r_lt, 0, 0, NULL, NULL},
	{"ge", "ge", "compare", 2, F2, R_I, r_ge, 0, 0, NULL, NULL},
	{"gt", "gt", "compare", 2, F2, R_I, r_gt, 0, 0, NULL, NULL},
	{"le", "le", "compare", 2, F2, R_I, r_le, 0, 0, NULL, NULL},
	{"cmov_logical", "cmov_logical", "compare", 3, {T_B, T_F, T_F}, R_I, r_cmov_logical, 0, 0, NULL, NULL},
	{"deq", "deq", "compare", 2, D2, R_DM, r_deq, F_NOMOD, 0, NULL, NULL},
	{"dne", "dne", "compare", 2, D2, R_DM, r_dne, F_NOMOD, 0, NULL, NULL},
	{"dlt", "dlt", "compare", 2, D2, R_DM, r_dlt, F_NOMOD, 0, NULL, NULL},
	{"dge", "dge", "compare", 2, D2, R_DM, r_dge, F_NOMOD, 0, NULL, NULL},
	NOSEM("cmov", "cmov", "compare", "legacy float select: semantics [U] in amdil.md 4.3"),
	NOSEM("cmp", "cmp", "compare", "legacy float select: semantics [U] in amdil.md 4.3"),
	NOSEM("dmovc", "dmovc", "compare", "double conditional move: semantics [U] in amdil.md 4.3"),
	/* 4.4 float arithmetic */
	{"add", "add", "float", 2, F2, R_F, r_add, F_SAT, 0, NULL, NULL},
	{"sub", "sub", "float", 2, F2, R_F, r_sub, F_SAT, 0, NULL, NULL},
	{"mul", "mul", "float", 2, F2, R_FZ, r_mul, F_SAT, 0, NULL, NULL},
	{"mul_ieee", "mul_ieee", "float", 2, F2, R_F, r_mul_ieee, F_SAT, 0, NULL, NULL},
	{"mad", "mad", "float", 3, F3, R_FZ, r_mad, F_SAT, 0, NULL, NULL},
	{"mad_ieee", "mad_ieee", "float", 3, F3, R_F, r_mad_ieee, F_SAT, 0, NULL, NULL},
	{"fma", "fma", "float", 3, F3, R_F, r_fma, F_SAT, 0, NULL, NULL},
	{"min", "min", "float", 2, F2, R_FZ, r_min, F_SAT, 0, NULL, NULL},
	{"max", "max", "float", 2, F2, R_FZ, r_max, F_SAT, 0, NULL, NULL},
	{"min_ieee", "min_ieee", "float", 2, F2, R_FZ, r_min, F_SAT, 0, NULL, NULL},
	{"max_ieee", "max_ieee", "float", 2, F2, R_FZ, r_max, F_SAT, 0, NULL, NULL},
	{"min3", "min3", "float", 3, F3, R_FZ, r_min3, F_SAT, 0, NULL, NULL},
	{"max3", "max3", "float", 3, F3, R_FZ, r_max3, F_SAT, 0, NULL, NULL},
	{"med3", "med3", "float", 3, F3, R_FZ, r_med3, F_SAT, 0, NULL, NULL},
	{"div_zeroop(infinity)", "div_zeroop_infinity", "float", 2, F2, R_FA, r_div_inf, F_APPROX, 2, NULL, NULL},
	{"div_zeroop(fltmax)", "div_zeroop_fltmax", "float", 2, F2, R_FA, r_div_fltmax, F_APPROX, 2, NULL, NULL},
	{"div_zeroop(zero)", "div_zeroop_zero", "float", 2, F2, R_FA, r_div_zero, F_APPROX, 2, NULL, NULL},
	{"div_zeroop(inf_else_max)", "div_zeroop_inf_else_max", "float", 2, F2, R_FA, r_div_inf_else_max, F_APPROX, 2, NULL, NULL},
	{"div_precise", "div_precise", "float", 2, F2, R_F, r_div_precise, F_SAT, 0, NULL, NULL},
	{"frc", "frc", "float", 1, F1, R_F, r_frc, F_SAT, 0, NULL, NULL},
	{"round_nearest", "round_nearest", "float", 1, F1, R_F, r_round_nearest, F_SAT, 0, NULL, NULL},
	{"rnd", "rnd", "float", 1, F1, R_F, r_round_nearest, F_SAT, 0, NULL, NULL}, /* docs/fmath.md: HLSL round */
	{"round_neginf", "round_neginf", "float", 1, F1, R_F, r_round_neginf, F_SAT, 0, NULL, NULL},
	{"round_plusinf", "round_plusinf", "float", 1, F1, R_F, r_round_plusinf, F_SAT, 0, NULL, NULL},
	{"round_z", "round_z", "float", 1, F1, R_F, r_round_z, F_SAT, 0, NULL, NULL},
	{"abs", "abs", "float", 1, F1, R_F, r_abs, 0, 0, NULL, NULL},
	{"clamp", "clamp", "float", 3, F3, R_FZ, r_clamp, F_SAT, 0, NULL, NULL},
	{"lrp", "lrp", "float", 3, {T_FT, T_FS, T_FS}, R_F, r_lrp, F_SAT, 0, NULL, NULL},
	{"sgn", "sgn", "float", 1, F1, R_FZ, r_sgn, 0, 0, NULL, NULL},
	{"mod_ieee", "mod_ieee", "float", 2, F2, R_F, r_mod_ieee, 0, 0, NULL, NULL},
	{"mod", "mod", "float", 2, F2, R_F, r_mod_ieee, 0, 0, NULL, NULL}, /* docs/fmath.md: HLSL's fmod */
	{"dp2", "dp2", "float", 2, {T_F4, T_F4}, R_F, r_dp2, F_SAT, 0, NULL, NULL},
	{"dp3", "dp3", "float", 2, {T_F4, T_F4}, R_F, r_dp3, F_SAT, 0, NULL, NULL},
	{"dp4", "dp4", "float", 2, {T_F4, T_F4}, R_F, r_dp4, F_SAT, 0, NULL, NULL},
	{"dp2_ieee", "dp2_ieee", "float", 2, {T_F4, T_F4}, R_F, r_dp2_ieee, F_SAT, 0, NULL, NULL},
	{"dp3_ieee", "dp3_ieee", "float", 2, {T_F4, T_F4}, R_F, r_dp3_ieee, F_SAT, 0, NULL, NULL},
	{"dp4_ieee", "dp4_ieee", "float", 2, {T_F4, T_F4}, R_F, r_dp4_ieee, F_SAT, 0, NULL, NULL},
	{"dp2add", "dp2add", "float", 3, {T_F4, T_F4, T_F}, R_F, r_dp2add, F_SAT, 0, NULL, NULL},
	{"fldexp", "fldexp", "float", 2, {T_F, T_N}, R_F, r_fldexp, 0, 0, NULL, NULL},
	{"frexp_exp", "frexp_exp", "float", 1, F1, R_I, r_frexp_exp, 0, 0, NULL, NULL},
	{"frexp_mant", "frexp_mant", "float", 1, F1, R_F, r_frexp_mant, 0, 0, NULL, NULL},
	{"class", "class", "float", 2, {T_F, T_CM}, R_I, r_class, 0, 0, NULL, NULL},
	{"dclass", "dclass", "float", 2, {T_D, T_CM}, R_DM, r_dclass, F_NOMOD, 0, NULL, NULL},
	{"add_rte", "add_rte", "rounding", 2, F2, R_F, r_add_rte, 0, 0, NULL, NULL},
	{"add_rtp", "add_rtp", "rounding", 2, F2, R_F, r_add_rtp, 0, 0, NULL, NULL},
	{"add_rtn", "add_rtn", "rounding", 2, F2, R_F, r_add_rtn, 0, 0, NULL, NULL},
	{"add_rtz", "add_rtz", "rounding", 2, F2, R_F, r_add_rtz, 0, 0, NULL, NULL},
	{"sub_rte", "sub_rte", "rounding", 2, F2, R_F, r_sub_rte, 0, 0, NULL, NULL},
	{"sub_rtp", "sub_rtp", "rounding", 2, F2, R_F, r_sub_rtp, 0, 0, NULL, NULL},
	{"sub_rtn", "sub_rtn", "rounding", 2, F2, R_F, r_sub_rtn, 0, 0, NULL, NULL},
	{"sub_rtz", "sub_rtz", "rounding", 2, F2, R_F, r_sub_rtz, 0, 0, NULL, NULL},
	{"mul_rte", "mul_rte", "rounding", 2, F2, R_F, r_mul_rte, 0, 0, NULL, NULL},
	{"mul_rtp", "mul_rtp", "rounding", 2, F2, R_F, r_mul_rtp, 0, 0, NULL, NULL},
	{"mul_rtn", "mul_rtn", "rounding", 2, F2, R_F, r_mul_rtn, 0, 0, NULL, NULL},
	{"mul_rtz", "mul_rtz", "rounding", 2, F2, R_F, r_mul_rtz, 0, 0, NULL, NULL},
	{"mad_rte", "mad_rte", "rounding", 3, F3, R_F, r_mad_rte, 0, 0, NULL, NULL},
	{"mad_rtp", "mad_rtp", "rounding", 3, F3, R_F, r_mad_rtp, 0, 0, NULL, NULL},
	{"mad_rtn", "mad_rtn", "rounding", 3, F3, R_F, r_mad_rtn, 0, 0, NULL, NULL},
	{"mad_rtz", "mad_rtz", "rounding", 3, F3, R_F, r_mad_rtz, 0, 0, NULL, NULL},
	{"fma_rte", "fma_rte", "rounding", 3, F3, R_F, r_fma_rte, 0, 0, NULL, NULL},
	{"fma_rtp", "fma_rtp", "rounding", 3, F3, R_F, r_fma_rtp, 0, 0, NULL, NULL},
	{"fma_rtn", "fma_rtn", "rounding", 3, F3, R_F, r_fma_rtn, 0, 0, NULL, NULL},
	{"fma_rtz", "fma_rtz", "rounding", 3, F3, R_F, r_fma_rtz, 0, 0, NULL, NULL},
	{"dadd_rte", "dadd_rte", "rounding", 2, {T_D, T_D}, R_D, r_dadd_rte, F_NOMOD, 0, NULL, NULL},
	{"dadd_rtp", "dadd_rtp", "rounding", 2, {T_D, T_D}, R_D, r_dadd_rtp, F_NOMOD, 0, NULL, NULL},
	{"dadd_rtn", "dadd_rtn", "rounding", 2, {T_D, T_D}, R_D, r_dadd_rtn, F_NOMOD, 0, NULL, NULL},
	{"dadd_rtz", "dadd_rtz", "rounding", 2, {T_D, T_D}, R_D, r_dadd_rtz, F_NOMOD, 0, NULL, NULL},
	{"dsub_rte", "dsub_rte", "rounding", 2, {T_D, T_D}, R_D, r_dsub_rte, F_NOMOD, 0, NULL, NULL},
	{"dsub_rtp", "dsub_rtp", "rounding", 2, {T_D, T_D}, R_D, r_dsub_rtp, F_NOMOD, 0, NULL, NULL},
	{"dsub_rtn", "dsub_rtn", "rounding", 2, {T_D, T_D}, R_D, r_dsub_rtn, F_NOMOD, 0, NULL, NULL},
	{"dsub_rtz", "dsub_rtz", "rounding", 2, {T_D, T_D}, R_D, r_dsub_rtz, F_NOMOD, 0, NULL, NULL},
	{"dmul_rte", "dmul_rte", "rounding", 2, {T_D, T_D}, R_D, r_dmul_rte, F_NOMOD, 0, NULL, NULL},
	{"dmul_rtp", "dmul_rtp", "rounding", 2, {T_D, T_D}, R_D, r_dmul_rtp, F_NOMOD, 0, NULL, NULL},
	{"dmul_rtn", "dmul_rtn", "rounding", 2, {T_D, T_D}, R_D, r_dmul_rtn, F_NOMOD, 0, NULL, NULL},
	{"dmul_rtz", "dmul_rtz", "rounding", 2, {T_D, T_D}, R_D, r_dmul_rtz, F_NOMOD, 0, NULL, NULL},
	{"dmad_rte", "dmad_rte", "rounding", 3, {T_D, T_D, T_D}, R_D, r_dmad_rte, F_NOMOD, 0, NULL, NULL},
	{"dmad_rtp", "dmad_rtp", "rounding", 3, {T_D, T_D, T_D}, R_D, r_dmad_rtp, F_NOMOD, 0, NULL, NULL},
	{"dmad_rtn", "dmad_rtn", "rounding", 3, {T_D, T_D, T_D}, R_D, r_dmad_rtn, F_NOMOD, 0, NULL, NULL},
	{"dmad_rtz", "dmad_rtz", "rounding", 3, {T_D, T_D, T_D}, R_D, r_dmad_rtz, F_NOMOD, 0, NULL, NULL},
	/* 4.5 transcendentals: tolerance in ulps (4.5: ~1 ulp on GCN; 2 here) */
	{"exp_vec", "exp_vec", "transcendental", 1, F1, R_FA, r_exp_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"log_vec", "log_vec", "transcendental", 1, F1, R_FA, r_log_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"sqrt_vec", "sqrt_vec", "transcendental", 1, F1, R_FA, r_sqrt_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"rsq_vec", "rsq_vec", "transcendental", 1, F1, R_FA, r_rsq_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"rcp_vec_zeroop(infinity)", "rcp_vec_zeroop_infinity", "transcendental", 1, F1, R_FA, r_rcp_inf, F_APPROX, 2, NULL, NULL},
	{"rcp_vec_zeroop(fltmax)", "rcp_vec_zeroop_fltmax", "transcendental", 1, F1, R_FA, r_rcp_fltmax, F_APPROX, 2, NULL, NULL},
	{"rcp_vec_zeroop(zero)", "rcp_vec_zeroop_zero", "transcendental", 1, F1, R_FA, r_rcp_zero, F_APPROX, 2, NULL, NULL},
	{"sin_vec", "sin_vec", "transcendental", 1, {T_FTRIG}, R_FA, r_sin_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"cos_vec", "cos_vec", "transcendental", 1, {T_FTRIG}, R_FA, r_cos_vec, F_APPROX | F_SAT, 2, NULL, NULL},
	{"exp", "exp", "transcendental", 1, F1, R_FA, r_exp_l, F_APPROX, 2, NULL, NULL},
	{"exn", "exn", "transcendental", 1, F1, R_FA, r_exn, F_APPROX, 2, NULL, NULL},
	{"ln", "ln", "transcendental", 1, F1, R_FA, r_ln, F_APPROX, 2, NULL, NULL},
	{"log", "log", "transcendental", 1, F1, R_FA, r_log_l, F_APPROX, 2, NULL, NULL},
	{"sqrt", "sqrt", "transcendental", 1, F1, R_FA, r_sqrt_l, F_APPROX, 2, NULL, NULL},
	{"rsq", "rsq", "transcendental", 1, F1, R_FA, r_rsq_l, F_APPROX, 2, NULL, NULL},
	{"sin", "sin", "transcendental", 1, {T_FTRIG}, R_FA, r_sin_l, F_APPROX, 2, NULL, NULL},
	{"cos", "cos", "transcendental", 1, {T_FTRIG}, R_FA, r_cos_l, F_APPROX, 2, NULL, NULL},
	{"tan", "tan", "transcendental", 1, {T_FTRIG}, R_FA, r_tan, F_APPROX, 2, NULL, NULL},
	{"asin", "asin", "transcendental", 1, {T_FTRIG}, R_FA, r_asin, F_APPROX, 2, NULL, NULL},
	{"acos", "acos", "transcendental", 1, {T_FTRIG}, R_FA, r_acos, F_APPROX, 2, NULL, NULL},
	{"atan", "atan", "transcendental", 1, F1, R_FA, r_atan, F_APPROX, 2, NULL, NULL},
	{"pow", "pow", "transcendental", 2, F2, R_FA, r_pow, F_APPROX, 2, NULL, NULL},
	NOSEM("len", "len", "transcendental", "legacy vector length: operand lanes not described in amdil.md 4.5"),
	NOSEM("dist", "dist", "transcendental", "legacy distance: operand lanes not described in amdil.md 4.5"),
	NOSEM("nrm", "nrm", "transcendental", "legacy normalize: operand lanes not described in amdil.md 4.5"),
	NOSEM("pireduce", "pireduce", "transcendental", "argument reduction helper: only the name is in amdil.md 4.5"),
	/* 4.6 conversions */
	{"ftoi", "ftoi", "conversion", 1, F1, R_I, r_ftoi, 0, 0, NULL, NULL},
	{"ftou", "ftou", "conversion", 1, F1, R_I, r_ftou, 0, 0, NULL, NULL},
	{"itof", "itof", "conversion", 1, I1, R_F, r_itof, F_SAT, 0, NULL, NULL},
	{"utof", "utof", "conversion", 1, I1, R_F, r_utof, F_SAT, 0, NULL, NULL},
	{"ftoi_flr", "ftoi_flr", "conversion", 1, F1, R_I, r_ftoi_flr, 0, 0, NULL, NULL},
	{"ftoi_rpi", "ftoi_rpi", "conversion", 1, F1, R_I, r_ftoi_rpi, 0, 0, NULL, NULL},
	{"f2f16", "f2f16", "conversion", 1, F1, R_H, r_f2f16, 0, 0, NULL, NULL},
	{"f2f16_near", "f2f16_near", "conversion", 1, F1, R_H, r_f2f16, 0, 0, NULL, NULL},
	{"f2f16_neg_inf", "f2f16_neg_inf", "conversion", 1, F1, R_H, r_f2f16_neg_inf, 0, 0, NULL, NULL},
	{"f2f16_plus_inf", "f2f16_plus_inf", "conversion", 1, F1, R_H, r_f2f16_plus_inf, 0, 0, NULL, NULL},
	{"f162f", "f162f", "conversion", 1, {T_H}, R_F, r_f162f, F_NOMOD, 0, NULL, NULL},
	{"f2d", "f2d", "conversion", 1, F1, R_D, r_f2d, F_NOMOD, 0, NULL, NULL},
	{"d2f", "d2f", "conversion", 1, {T_D}, R_F, r_d2f, F_NOMOD, 0, NULL, NULL},
	{"dtoi", "dtoi", "conversion", 1, {T_D}, R_I, r_dtoi, F_NOMOD, 0, NULL, NULL},
	{"dtou", "dtou", "conversion", 1, {T_D}, R_I, r_dtou, F_NOMOD, 0, NULL, NULL},
	{"itod", "itod", "conversion", 1, I1, R_D, r_itod, F_NOMOD, 0, NULL, NULL},
	{"utod", "utod", "conversion", 1, I1, R_D, r_utod, F_NOMOD, 0, NULL, NULL},
	/* 4.8 64-bit integers */
	{"i64add", "i64add", "int64", 2, L2, R_L, r_i64add, F_NOMOD, 0, NULL, NULL},
	{"i64sub", "i64sub", "int64", 2, L2, R_L, r_i64sub, F_NOMOD, 0, NULL, NULL},
	{"i64negate", "i64negate", "int64", 1, {T_L}, R_L, r_i64negate, F_NOMOD, 0, NULL, NULL},
	{"i64mul", "i64mul", "int64", 2, L2, R_L, r_i64mul, F_NOMOD, 0, NULL, NULL},
	{"u64mul", "u64mul", "int64", 2, L2, R_L, r_i64mul, F_NOMOD, 0, NULL, NULL},
	{"i64div", "i64div", "int64", 2, L2, R_L, r_i64div, F_NOMOD, 0, NULL, NULL},
	{"u64div", "u64div", "int64", 2, L2, R_L, r_u64div, F_NOMOD, 0, NULL, NULL},
	{"i64mod", "i64mod", "int64", 2, L2, R_L, r_i64mod, F_NOMOD, 0, NULL, NULL},
	{"u64mod", "u64mod", "int64", 2, L2, R_L, r_u64mod, F_NOMOD, 0, NULL, NULL},
	{"i64shl", "i64shl", "int64", 2, {T_L, T_SH64}, R_L, r_i64shl, F_NOMOD, 0, NULL, NULL},
	{"i64shr", "i64shr", "int64", 2, {T_L, T_SH64}, R_L, r_i64shr, F_NOMOD, 0, NULL, NULL},
	{"u64shr", "u64shr", "int64", 2, {T_L, T_SH64}, R_L, r_u64shr, F_NOMOD, 0, NULL, NULL},
	{"i64min", "i64min", "int64", 2, L2, R_L, r_i64min, F_NOMOD, 0, NULL, NULL},
	{"i64max", "i64max", "int64", 2, L2, R_L, r_i64max, F_NOMOD, 0, NULL, NULL},
	{"u64min", "u64min", "int64", 2, L2, R_L, r_u64min, F_NOMOD, 0, NULL, NULL},
	{"u64max", "u64max", "int64", 2, L2, R_L, r_u64max, F_NOMOD, 0, NULL, NULL},
	{"i64eq", "i64eq", "int64", 2, L2, R_LM, r_i64eq, F_NOMOD, 0, NULL, NULL},
	{"i64ne", "i64ne", "int64", 2, L2, R_LM, r_i64ne, F_NOMOD, 0, NULL, NULL},
	{"i64lt", "i64lt", "int64", 2, L2, R_LM, r_i64lt, F_NOMOD, 0, NULL, NULL},
	{"i64ge", "i64ge", "int64", 2, L2, R_LM, r_i64ge, F_NOMOD, 0, NULL, NULL},
	{"u64lt", "u64lt", "int64", 2, L2, R_LM, r_u64lt, F_NOMOD, 0, NULL, NULL},
	{"u64ge", "u64ge", "int64", 2, L2, R_LM, r_u64ge, F_NOMOD, 0, NULL, NULL},
	{"vmad_u64_u32", "vmad_u64_u32", "int64", 3, {T_I, T_I, T_L}, R_L, r_vmad_u64_u32, F_NOMOD, 0, NULL, NULL},
	{"vmad_i64_i32", "vmad_i64_i32", "int64", 3, {T_I, T_I, T_L}, R_L, r_vmad_i64_i32, F_NOMOD, 0, NULL, NULL},
	/* 4.9 moves */
	{"mov", "mov", "move", 1, F1, R_I, r_mov, F_SAT, 0, NULL, NULL},
	{"dmov", "dmov", "move", 1, {T_D}, R_L, r_dmov, F_NOMOD, 0, NULL, NULL},
	/* AMD's library macros: OpenCL's builtins with OpenCL's bounds; native_ and
	 * half_ within half_'s 8192 ulp */
	LIBM(205, "erf", r_lerf, 16), LIBM(204, "erfc", r_lerfc, 16),
	LIBM(209, "exp", r_lexp, 3), LIBM(207, "exp2", r_lexp2, 3), LIBM(206, "exp10", r_lexp10, 3),
	LIBM(286, "log", r_llog, 3), LIBM(284, "log2", r_llog2, 3), LIBM(282, "log10", r_llog10, 3),
	LIBM(389, "sin", r_lsin, 4), LIBM(192, "cos", r_lcos, 4), LIBM(455, "tan", r_ltan, 5),
	LIBR(389, "sin_hard", r_lsin, 4), LIBR(192, "cos_hard", r_lcos, 4), LIBR(455, "tan_hard", r_ltan, 5),
	LIBT(389, "sin_small", r_lsin, 4), LIBT(192, "cos_small", r_lcos, 4), LIBT(455, "tan_small", r_ltan, 5),
	LIBM2(343, "pow", r_lpow, 16), LIBM2(342, "powr", r_lpowr_full, 16),
	{"mcall(341)", "lib_pown", "library", 2, {T_F, T_N}, R_FA, r_lpown, F_MCALL | F_NOMOD | F_APPROX, 16, NULL, NULL},
	{"mcall(349)", "lib_rootn", "library", 2, {T_F, T_N}, R_FA, r_lrootn, F_MCALL | F_NOMOD | F_APPROX, 16, NULL, NULL},
	{"mcall(252)", "lib_ldexp", "library", 2, {T_F, T_N}, R_F, r_lldexp, F_MCALL | F_NOMOD, 0, NULL, NULL},
	LIBE(348, "rint", r_lrint), LIBE(350, "round", r_lround), LIBE(385, "sign", r_lsign),
	{"mcall(220)", "lib_fdim", "library", 2, F2, R_F, r_lfdim, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(188)", "lib_clamp", "library", 3, F3, R_FZ, r_lclamp, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(292)", "lib_mix", "library", 3, F3, R_F, r_lmix, F_MCALL | F_NOMOD, 0, NULL, NULL},
	LIBM2(250, "hypot", r_lhypot, 4),
	LIBV(200, "dot2", r_ldot2, 4), LIBV(201, "dot3", r_ldot3, 4), LIBV(202, "dot4", r_ldot4, 4),
	LIBV(197, "distance2", r_ldist2, 4), LIBV(198, "distance4", r_ldist4, 4),
	LIBV1(253, "length2", r_llen2, 4), LIBV1(254, "length4", r_llen4, 4),
	LIBV1(214, "fast_length2", r_llen2, 8192), LIBV1(215, "fast_length4", r_llen4, 8192),
	LIBV(211, "fast_distance2", r_ldist2, 8192), LIBV(212, "fast_distance4", r_ldist4, 8192),
	LIBM(340, "normalize1", r_lnorm1, 4), LIBM(219, "fast_normalize1", r_lnorm1, 8192),
	LIBM(185, "atan", r_latan, 5), LIBM2(182, "atan2", r_latan2, 6),
	LIBM(180, "asin", r_lasin, 4), LIBM(7, "acos", r_lacos, 4),
	LIBT(180, "asin_small", r_lasin, 4), LIBT(7, "acos_small", r_lacos, 4),
	LIBM(208, "expm1", r_lexpm1, 3), LIBM(283, "log1p", r_llog1p, 2),
	LIBM(387, "sinh", r_lsinh, 4), LIBM(190, "cosh", r_lcosh, 4), LIBM(453, "tanh", r_ltanh, 5),
	LIBT(208, "expm1_small", r_lexpm1, 3), LIBT(283, "log1p_small", r_llog1p, 2),
	LIBT(387, "sinh_small", r_lsinh, 4), LIBT(190, "cosh_small", r_lcosh, 4), LIBT(453, "tanh_small", r_ltanh, 5),
	LIBM(184, "atanpi", r_latanpi, 5), LIBM(179, "asinpi", r_lasinpi, 5), LIBM(6, "acospi", r_lacospi, 5),
	LIBM2(181, "atan2pi", r_latan2pi, 6), LIBM(186, "cbrt", r_lcbrt, 2),
	LIBM(178, "asinh", r_lasinh, 4), LIBM(5, "acosh", r_lacosh, 4), LIBM(183, "atanh", r_latanh, 5),
	LIBT(178, "asinh_small", r_lasinh, 4), LIBT(5, "acosh_small", r_lacosh, 4), LIBT(183, "atanh_small", r_latanh, 5),
	LIBM(388, "sinpi", r_lsinpi, 4), LIBM(191, "cospi", r_lcospi, 4), LIBM(454, "tanpi", r_ltanpi, 6),
	LIBT(388, "sinpi_small", r_lsinpi, 4), LIBT(191, "cospi_small", r_lcospi, 4), LIBT(454, "tanpi_small", r_ltanpi, 6),
	{"mcall(71)", "lib_improved_div", "library", 2, F2, R_F, r_div_precise, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(227)", "lib_fmod", "library", 2, F2, R_FZ, r_lfmod, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(346)", "lib_remainder", "library", 2, F2, R_FZ, r_lremainder, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(337)", "lib_nextafter", "library", 2, F2, R_F, r_lnextafter, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(251)", "lib_ilogb", "library", 1, F1, R_I, r_lilogb, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(428)", "lib_step", "library", 2, F2, R_F, r_lstep, F_MCALL | F_NOMOD, 0, NULL, NULL},
	{"mcall(407)", "lib_smoothstep", "library", 3, {T_FS, T_FS, T_FS}, R_FA, r_lsmoothstep, F_MCALL | F_NOMOD | F_APPROX, 4, NULL, NULL},
	LIBM(412, "sqrt", r_lsqrt, 3), LIBM(351, "rsqrt", r_lrsqrt, 2),
	LIBM(239, "half_exp", r_lexp, 8192), LIBM(238, "half_exp2", r_lexp2, 8192),
	LIBM(237, "half_exp10", r_lexp10, 8192), LIBM(242, "half_log", r_llog, 8192),
	LIBM(241, "half_log2", r_llog2, 8192), LIBM(240, "half_log10", r_llog10, 8192),
	LIBT(246, "half_sin", r_lsin, 8192), LIBT(235, "half_cos", r_lcos, 8192), LIBT(248, "half_tan", r_ltan, 8192),
	LIBM(247, "half_sqrt", r_lsqrt, 8192), LIBM(245, "half_rsqrt", r_lrsqrt, 8192),
	LIBM(244, "half_recip", r_lrecip, 8192), LIBM2(236, "half_divide", r_ldiv, 8192),
	LIBM2(243, "half_powr", r_lnpowr, 8192),
	LIBM(309, "native_exp", r_lexp, 8192), LIBM(306, "native_exp2", r_lexp2, 8192),
	LIBM(303, "native_exp10", r_lexp10, 8192), LIBM(318, "native_log", r_llog, 8192),
	LIBM(315, "native_log2", r_llog2, 8192), LIBM(312, "native_log10", r_llog10, 8192),
	LIBT(330, "native_sin", r_nsin, 8192), LIBT(297, "native_cos", r_ncos, 8192),
	LIBT(336, "native_tan", r_ntan, 8192), LIBM(333, "native_sqrt", r_lsqrt, 8192),
	LIBM(327, "native_rsqrt", r_lrsqrt, 8192), LIBM(324, "native_recip", r_lrecip, 8192),
	LIBM2(300, "native_divide", r_ldiv, 8192), LIBM2(321, "native_powr", r_lnpowr, 8192),
};

/* ---- inputs ------------------------------------------------------------------------ */

typedef struct Rng {
	uint64_t s;
} Rng;

static uint64_t rnd(Rng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 0x2545F4914F6CDD1DULL;
}

static const uint32_t e_int[] = {
	0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 2, 0xfffffffeu, 0x80000001u, 0x7ffffffeu, 0x00800000u,
	0x007fffffu, 0x00ffffffu, 0x01000000u, 0xff800000u, 0x0000ffffu, 0xffff0000u, 0x00010000u, 3,
	0x55555555u, 0xaaaaaaaau, 0x12345678u, 0xedcba987u, 31, 32, 33, 0x00ff00ffu,
};
static const uint32_t e_sh[] = {0, 1, 31, 32, 33, 4, 63, 64, 0xffffffffu, 0x80000000u, 16};
static const uint32_t e_bf[] = {0, 1, 31, 32, 8, 16, 33, 4, 24, 0xffffffffu};
static const uint32_t e_b[] = {0, 1, 0xffffffffu, 0x80000000u, 0x100u};
static const uint32_t e_flt[] = {
	0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
	0x00000001u, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x7f7fffffu, 0x00800000u,
	0x807fffffu, 0xffc00000u, 0xbf000000u, 0x3effffffu, 0x3fbfffffu, 0x40600000u, 0x4affffffu,
	0x4b000000u, 0x4b800000u, 0x4effffffu, 0x4f000000u, 0xcf000000u, 0xcf000001u, 0x4f7fffffu,
	0x4f800000u, 0xff7fffffu, 0x80800000u, 0x007fffffu, 0x80000001u, 0x7f800001u, 0x3dcccccdu,
	0x42c88000u, 0xc0f80000u, 0x40490fdbu, 0x3fc90fdbu, 0x0da24260u, 0x7149f2cau, 0x477fe000u,
	0x477ff000u, 0x38800000u, 0x33800000u, 0x33000000u, 0xbfc00000u, 0x40400000u, 0xc0400000u,
	0x3f7fffffu, 0xbf7fffffu, 0x33c00000u, 0x387fc000u, 0x477fefffu, 0xc77ff000u,
};
/* trig arguments: the floats from 2^18 up whose distance to a multiple of
 * pi/2 is smallest (|sin x| or |cos x| about 1.6e-9 .. 7.3e-9: found by
 * scanning every float with double-precision sin and cos) and some of their
 * negatives; floats whose product with 2/pi carries between the 32-bit
 * words of a 96-bit Payne-Hanek window (one without the carry is 12 to 51
 * ulp off: found by scanning with a model of such a reduction); 2^18 and
 * its neighbours */
static const uint32_t e_fred[] = {
	0x6F79BE45u, 0x50A3E87Fu, 0x6FF9BE45u, 0x5123E87Fu, 0x7079BE45u, 0x6A1976F1u, 0x53B146A6u,
	0x65898498u, 0xEF79BE45u, 0xD0A3E87Fu, 0xEA1976F1u, 0xD3B146A6u, 0x4E4F3711u, 0x55BDF11Cu,
	0x5896F1A2u, 0x5EF3F023u, 0x68D1CAFBu, 0x6AC90A63u, 0x6BCC309Du, 0xCE4F3711u, 0x48800000u,
	0x48FFFFFFu, 0x487FFFFFu, 0xC8800001u,
};
static const uint32_t e_fs[] = {
	0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x40000000u, 0xc0200000u,
	0x41000000u, 0x42c84000u, 0xc0700000u,
};
static const uint32_t e_ft[] = {0x00000000u, 0x3f800000u, 0x3f000000u, 0x3e800000u, 0x3f400000u, 0x3e000000u};
static const uint32_t e_cm[] = {0x001u, 0x002u, 0x004u, 0x008u, 0x010u, 0x020u, 0x040u, 0x080u,
                                0x100u, 0x200u, 0x003u, 0x204u, 0x1f8u, 0x090u, 0x060u, 0x3ffu,
                                0xfffffc00u, 0xffffffffu, 0};
static const uint32_t e_n[] = {0, 1, 0xffffffffu, 2, 127, 128, 254, 300, 0xffffff81u, 0xffffff82u,
                               0xffffff6bu, 0xfffffed4u, 0x80000000u, 0x7fffffffu, 24};
static const uint32_t e_h[] = {0x0000u, 0x8000u, 0x3c00u, 0xbc00u, 0x7bffu, 0xfbffu, 0x0001u, 0x03ffu,
                               0x8001u, 0x0400u, 0x7c00u, 0xfc00u, 0x7e00u, 0x7c01u, 0x3555u,
                               0xabcd3c00u, 0x12340001u, 0xffff8400u};
static const uint64_t e_long[] = {
	0, 1, ~0ull, 0x8000000000000000ull, 0x7fffffffffffffffull, 2, 0xffffffffull, 0x100000000ull,
	0x80000000ull, 0x7fffffffull, 0xffffffff00000000ull, 0x1ffffffffull, 0x123456789abcdef0ull,
	0xedcba98765432110ull, 0x100000001ull, 0x8000000000000001ull, 0xfffffffeull, 3,
};
static const uint32_t e_sh64[] = {0, 1, 31, 32, 33, 63, 64, 65, 0xffffffffu, 16, 48};
static const uint64_t e_dbl[] = {
	0, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7ff0000000000000ull,
	0xfff0000000000000ull, 0x7ff8000000000000ull, 0x3fe0000000000000ull, 0x3ff8000000000000ull,
	0x4004000000000000ull, 0xc004000000000000ull, 0x7fefffffffffffffull, 0x0010000000000000ull,
	0x0000000000000001ull, 0x41e0000000000000ull, 0xc1e0000000000000ull, 0x41dfffffffe00000ull,
	0x41dfffffffffffffull, 0x41f0000000000000ull, 0xc1e0000000200000ull, 0x47efffffe0000000ull,
	0x47f0000000000000ull, 0x3ff0000010000000ull, 0x3ff0000030000000ull, 0x36a0000000000000ull,
	0x3810000000000000ull, 0x41efffffffe00000ull,
};

static uint32_t rand_float(Rng *r)
{
	uint64_t x = rnd(r);
	switch (x % 5) {
	case 0: return (uint32_t)(x >> 32); /* any pattern */
	case 1: return fb(ldexpf((float)(int32_t)(x >> 40) , -18)); /* about [-64, 64] */
	case 2: return fb(((float)(int32_t)((x >> 40) % 2001) - 1000.0f) + 0.5f); /* halfway cases */
	case 3: return fb(ldexpf((float)(int32_t)(x >> 40), (int)((x >> 8) % 80) - 40));
	default: return fb(((float)(int64_t)((x >> 20) % 4000001) - 2000000.0f) / 8.0f);
	}
}

static uint32_t rand_fs(Rng *r)
{
	uint64_t x = rnd(r);
	return fb((float)((int)(x % 1601) - 800) / 8.0f);
}

/* edge values of one type: list and count (dword pairs for 64-bit types) */
static void edges(Ty t, const uint32_t **p32, const uint64_t **p64_, size_t *n)
{
	*p32 = NULL;
	*p64_ = NULL;
	switch (t) {
	case T_I: *p32 = e_int, *n = N_(e_int); break;
	case T_SH: *p32 = e_sh, *n = N_(e_sh); break;
	case T_BF: *p32 = e_bf, *n = N_(e_bf); break;
	case T_B: *p32 = e_b, *n = N_(e_b); break;
	case T_F: *p32 = e_flt, *n = N_(e_flt); break;
	case T_FS: *p32 = e_fs, *n = N_(e_fs); break;
	case T_FT: *p32 = e_ft, *n = N_(e_ft); break;
	case T_FTRIG: *p32 = e_flt, *n = N_(e_flt); break;
	case T_FRED: *p32 = e_fred, *n = N_(e_fred); break;
	case T_N: *p32 = e_n, *n = N_(e_n); break;
	case T_CM: *p32 = e_cm, *n = N_(e_cm); break;
	case T_H: *p32 = e_h, *n = N_(e_h); break;
	case T_L: *p64_ = e_long, *n = N_(e_long); break;
	case T_SH64: *p32 = e_sh64, *n = N_(e_sh64); break;
	case T_D: *p64_ = e_dbl, *n = N_(e_dbl); break;
	default: *n = 0; break; /* vectors: random only */
	}
}

/* a random operand of type t into p */
static void random_operand(Ty t, Rng *r, uint32_t *p)
{
	uint64_t x = rnd(r);
	int c;
	switch (t) {
	case T_I: p[0] = x % 3 ? (uint32_t)(x >> 32) : (uint32_t)((int32_t)(x >> 32) % 300); break;
	case T_SH: p[0] = (uint32_t)(x >> 32) % 70; break;
	case T_BF: p[0] = (uint32_t)(x >> 32) % 40; break;
	case T_B: p[0] = x % 2 ? 0 : (uint32_t)(x >> 32); break;
	case T_F: case T_FRED: p[0] = rand_float(r); break;
	case T_FS: p[0] = rand_fs(r); break;
	case T_FT: p[0] = fb((float)(x % 9) / 8.0f); break;
	case T_FTRIG: p[0] = x % 4 ? fb(((float)(x >> 40) / (float)(1 << 24) * 2.0f - 1.0f) * 3.14159274f)
	                           : rand_float(r); break;
	case T_FP: p[0] = fb((float)(x % 256)); break;
	case T_N: p[0] = (uint32_t)((int32_t)(x >> 32) % 300); break;
	case T_CM: p[0] = x % 4 ? (uint32_t)(x >> 32) % 1024u : (uint32_t)(x >> 32); break;
	case T_H: p[0] = (uint32_t)(x >> 48) | (x % 4 ? 0 : (uint32_t)(x & 0xffff0000u)); break;
	case T_F4:
		for (c = 0; c < 4; c++) {
			uint64_t y = rnd(r);
			p[c] = y % 11 == 0 ? e_flt[4 + y / 11 % 4] /* +-Inf, NaN, denormal */
			       : y % 7 == 0 ? e_fs[y / 7 % N_(e_fs)] : rand_fs(r);
		}
		break;
	case T_I4:
		for (c = 0; c < 4; c++)
			p[c] = (uint32_t)(rnd(r) >> 16);
		break;
	case T_L: p64(x % 3 ? rnd(r) : (uint64_t)(int64_t)((int32_t)(x >> 32) % 1000), p); break;
	case T_SH64: p[0] = (uint32_t)(x >> 32) % 130; break;
	case T_D:
		if (x % 2)
			p64(rnd(r), p);
		else
			db((double)(int64_t)(rnd(r) >> 11) / (double)(1ull << (x >> 32) % 60) - 0.0, p);
		break;
	default: p[0] = 0; break;
	}
	if (t == T_F4 && x % 5 == 0) /* f_2_u4 lanes: in 0..255 mostly */
		for (c = 0; c < 4; c++)
			p[c] = fb((float)(rnd(r) % 256));
}

static void edge_operand(Ty t, size_t i, uint32_t *p)
{
	const uint32_t *a;
	const uint64_t *b;
	size_t n;
	edges(t, &a, &b, &n);
	if (a)
		p[0] = a[i];
	else
		p64(b[i], p);
}

/* Lane operands for op o: the cross product of edge values (each list cut
 * so the product stays within 4096 lanes), then random lanes, rounded up
 * to whole groups of 64.  in[k] gets lanes * width(k) dwords. */
static size_t make_inputs(const Op *o, uint64_t seed, uint32_t **in)
{
	Rng r = {seed * 0x9E3779B97F4A7C15ull + 0x1234567ull};
	size_t cnt[4] = {0}, use[4], cross = 1, lanes, i;
	const char *p;
	int k, cut;
	for (p = o->file; *p; p++)
		r.s = (r.s ^ (unsigned char)*p) * 1099511628211ull;
	if (!r.s)
		r.s = 1;
	for (k = 0; k < o->n; k++) {
		const uint32_t *a;
		const uint64_t *b;
		edges(o->src[k], &a, &b, &cnt[k]);
		use[k] = cnt[k];
	}
	/* cut the longest list until the product fits */
	for (;;) {
		cross = 1;
		for (k = 0; k < o->n; k++)
			cross *= use[k] ? use[k] : 1;
		if (cross <= 4096)
			break;
		cut = 0;
		for (k = 1; k < o->n; k++)
			if (use[k] > use[cut])
				cut = k;
		use[cut]--;
	}
	lanes = cross + (o->n == 1 ? 960 : 512);
	lanes = (lanes + 63) / 64 * 64;
	for (k = 0; k < o->n; k++)
		in[k] = calloc(lanes * (size_t)ty_width(o->src[k]), 4);
	for (i = 0; i < lanes; i++) {
		size_t rest = i;
		for (k = 0; k < o->n; k++) {
			uint32_t *dst = in[k] + i * (size_t)ty_width(o->src[k]);
			if (i < cross && use[k]) {
				edge_operand(o->src[k], rest % use[k], dst);
				rest /= use[k];
			} else {
				random_operand(o->src[k], &r, dst);
			}
		}
	}
	return lanes;
}

/* ---- variants: modifiers -------------------------------------------------------- */

typedef struct Variant {
	int sat;
	int shift;     /* destination shift _x2.._x8 / _d2.._d8: the power of two */
	int neg[4], abs_[4];
	char name[32];
} Variant;

static int variants(const Op *o, Variant *v, int plain_only)
{
	int n = 0, k;
	memset(v, 0, sizeof *v * 10);
	strcpy(v[n++].name, "plain");
	if (plain_only)
		return n;
	if (o->flags & F_SAT && !(o->flags & F_APPROX && strchr(o->mn, '(')))
		v[n].sat = 1, strcpy(v[n++].name, "_sat");
	if (o->flags & F_SAT && !(o->flags & F_APPROX)) {
		/* destination shifts (2.6): the result scaled, then _sat */
		v[n].shift = 2, v[n].sat = 1, strcpy(v[n++].name, "_x4_sat");
		v[n].shift = -3, strcpy(v[n++].name, "_d8");
	}
	if (o->flags & F_NOMOD)
		return n;
	for (k = 0; k < o->n && k < 2; k++) {
		v[n].neg[k] = 1;
		snprintf(v[n++].name, sizeof v->name, "src%d_neg", k);
		if (ty_float(o->src[k]) || o->src[k] == T_I) {
			v[n].abs_[k] = 1;
			snprintf(v[n++].name, sizeof v->name, "src%d_abs", k);
		}
	}
	if (ty_float(o->src[0])) {
		v[n].abs_[0] = v[n].neg[0] = 1;
		strcpy(v[n++].name, "src0_abs_neg");
	}
	return n;
}

/* operand k of a lane with the variant's modifiers: _abs then _neg (2.5) */
static void apply_mods(const Op *o, const Variant *v, int k, const uint32_t *in, uint32_t *out)
{
	int w = ty_width(o->src[k]), c;
	for (c = 0; c < w; c++) {
		uint32_t x = in[c];
		if (ty_float(o->src[k])) {
			if (v->abs_[k])
				x &= 0x7fffffffu;
			if (v->neg[k])
				x ^= 0x80000000u;
		} else {
			if (v->abs_[k])
				x &= 0x7fffffffu; /* integer _abs: sign bit cleared (AMD's macro library) */
			if (v->neg[k])
				x = 0u - x; /* integer _neg: two's complement (2.5, 8.15) */
		}
		out[c] = x;
	}
}

/* _sat: clamp to [0, 1], NaN -> 0 (2.6; NaN rule [I], D3D saturate) */
static uint32_t saturate(uint32_t u)
{
	float f = bf(u);
	if (f != f || f <= 0.0f || is_denorm(u)) /* a float result: flushed */
		return 0;
	return f >= 1.0f ? 0x3f800000u : u;
}

/* the reference for one lane; 1 when unspecified */
static int reference(const Op *o, const Variant *v, uint32_t *const *in, size_t lane, uint32_t *res)
{
	uint32_t buf[4][4];
	const uint32_t *s[4];
	int k, rc;
	for (k = 0; k < o->n; k++) {
		apply_mods(o, v, k, in[k] + lane * (size_t)ty_width(o->src[k]), buf[k]);
		s[k] = buf[k];
	}
	for (; k < 4; k++) {
		buf[k][0] = buf[k][1] = buf[k][2] = buf[k][3] = 0;
		s[k] = buf[k];
	}
	res[0] = res[1] = 0;
	if (rk_width(o->res) == 4)
		res[2] = res[3] = 0;
	rc = o->fn(s, res);
	if (!rc && v->shift) /* x 2^shift: float arithmetic, its input and result flushed (4.11) */
		res[0] = fout(ldexpf(fin(res[0]), v->shift));
	if (!rc && v->sat)
		res[0] = saturate(res[0]);
	return rc;
}

/* ---- IL text ----------------------------------------------------------------------- */

static const char comp[] = "xyzw";

static void mkdirs(const char *path)
{
	char buf[1024];
	size_t i;
	snprintf(buf, sizeof buf, "%s", path);
	for (i = 1; buf[i]; i++)
		if (buf[i] == '/') {
			buf[i] = 0;
			mkdir(buf, 0777);
			buf[i] = '/';
		}
	mkdir(buf, 0777);
}

/* source text of operand k (register r10+k) */
static void src_text(const Op *o, const Variant *v, int k, char *out, size_t n)
{
	Ty t = o->src[k];
	const char *sw = t == T_F4 || t == T_I4 ? "" : t == T_L || t == T_D ? ".xyxy" : ".x";
	char mods[32] = "";
	if (v->abs_[k])
		strcat(mods, "_abs");
	if (v->neg[k])
		strcat(mods, t == T_F4 || t == T_I4 ? "_neg(xyzw)" : "_neg(x)");
	snprintf(out, n, "r%d%s%s", 10 + k, sw, mods);
}

static void write_il(const Op *o, const Variant *vs, int nv, const char *path, const char *kname)
{
	FILE *f = fopen(path, "w");
	int k, j, nargs = o->n + nv, wres = rk_width(o->res);
	if (!f) {
		perror(path);
		exit(2);
	}
	fprintf(f, "; %s - value test of '%s' (tests/ref/amdref.c): lane i applies the\n"
	           "; instruction to element i of each input buffer and stores each variant's\n"
	           "; result to element i of its output buffer.  Variants:", kname, o->mn);
	for (j = 0; j < nv; j++)
		fprintf(f, " %s", vs[j].name);
	fprintf(f, "\n;\n; Arguments (cb1 slot = byte offset / 16):\n");
	for (k = 0; k < o->n; k++)
		fprintf(f, ";   %d  in%d   uint*  uav %d  RO  %d dword(s) per lane\n", k, k, 12 + k,
		        ty_width(o->src[k]));
	for (j = 0; j < nv; j++)
		fprintf(f, ";   %d  out%d  uint*  uav %d  RW  %d dword(s) per lane (%s)\n", o->n + j, j,
		        12 + o->n + j, wres, vs[j].name);
	fprintf(f, "il_cs_2_0\n"
	           "dcl_cb cb0[15] ; Constant buffer that holds ABI data\n"
	           "dcl_literal l0, 0x00000002, 0x00000003, 0x00000004, 0x00000000\n"
	           ";$$$$$$$$$$\n"
	           "endmain\n"
	           "func 1024 ; __OpenCL_%s_kernel\n", kname);
	for (k = 0; k < nargs; k++)
		fprintf(f, "dcl_raw_uav_id(%d)\n", 12 + k);
	fprintf(f, "dcl_cb cb1[%d]\n", nargs);
	for (k = 0; k < nargs; k++)
		fprintf(f, "mov r%d.%.*s%c%.*s, cb1[%d].x\n", 1 + k / 4, k % 4, "___", comp[k % 4],
		        3 - k % 4, "___", k);
	fprintf(f, "call 1025 ; %s\nret\nendfunc ; __OpenCL_%s_kernel\n", kname, kname);
	fprintf(f, ";ARGSTART:__OpenCL_%s_kernel\n;version:3:1:111\n;device:tahiti\n;uniqueid:1024\n"
	           ";memory:uavprivate:0\n;memory:hwlocal:0\n;memory:hwregion:0\n", kname);
	for (k = 0; k < nargs; k++)
		fprintf(f, ";pointer:%s%d:u32:1:1:%d:uav:%d:4:%s:0:0\n", k < o->n ? "in" : "out",
		        k < o->n ? k : k - o->n, 16 * k, 12 + k, k < o->n ? "RO" : "RW");
	for (k = 0; k < o->n; k++)
		fprintf(f, ";constarg:%d:in%d\n", k, k);
	fprintf(f, ";function:1:1025\n");
	if (o->flags & F_MCALL)
		fprintf(f, ";intrinsic:1:%d\n", atoi(o->mn + strlen("mcall(")));
	fprintf(f, ";uavid:11\n;printfid:9\n;cbid:10\n;privateid:8\n");
	for (k = 0; k < nargs; k++)
		fprintf(f, ";reflection:%d:uint*\n", k);
	fprintf(f, ";ARGEND:__OpenCL_%s_kernel\n", kname);
	fprintf(f, "func 1025 ; %s\n", kname);
	fprintf(f, "\tmov r65.x___, vAbsTidFlat.x\n");
	for (k = 0; k < o->n; k++) {
		int w = ty_width(o->src[k]);
		fprintf(f, "\tishl r66.x___, r65.x, l0.%c\n", w == 1 ? 'x' : w == 2 ? 'y' : 'z');
		fprintf(f, "\tiadd r66.x___, r%d.%c, r66.x\n", 1 + k / 4, comp[k % 4]);
		fprintf(f, "\tuav_raw_load_id(%d)_cached r%d.%s, r66.x\n", 12 + k, 10 + k,
		        w == 1 ? "x___" : w == 2 ? "xy__" : "xyzw");
	}
	for (j = 0; j < nv; j++) {
		int a = o->n + j;
		static const char *const sh[] = {"_d8", "_d4", "_d2", "", "_x2", "_x4", "_x8"};
		if (o->flags & F_MCALL) {
			/* mcall(N) (r20), (r10, r11): whole registers in and out */
			fprintf(f, "\t%s (r20), (", o->mn);
			for (k = 0; k < o->n; k++)
				fprintf(f, "%sr%d", k ? ", " : "", 10 + k);
			fprintf(f, ")");
		} else {
			fprintf(f, "\t%s%s%s r20.%s", o->mn, sh[vs[j].shift + 3], vs[j].sat ? "_sat" : "",
			        wres == 4 ? "xyzw" : wres == 2 ? "xy__" : "x___");
			for (k = 0; k < o->n; k++) {
				char s[96];
				src_text(o, &vs[j], k, s, sizeof s);
				fprintf(f, ", %s", s);
			}
		}
		fprintf(f, "\n\tishl r66.x___, r65.x, l0.%c\n", wres == 4 ? 'z' : wres == 2 ? 'y' : 'x');
		fprintf(f, "\tiadd r66.x___, r%d.%c, r66.x\n", 1 + a / 4, comp[a % 4]);
		fprintf(f, "\tuav_raw_store_id(%d) mem0.%s, r66.x, r20%s\n", 12 + a,
		        wres == 4 ? "xyzw" : wres == 2 ? "xy__" : "x___", wres == 4 ? "" : wres == 2 ? ".xyxy" : ".x");
	}
	fprintf(f, "\tret_dyn\nret\nendfunc ; %s\n;ARGSTART:%s\n;uniqueid:1025\n;ARGEND:%s\nend\n", kname, kname,
	        kname);
	fclose(f);
}

static void write_bin(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	if (!f || fwrite(p, 1, n, f) != n || fclose(f)) {
		perror(path);
		exit(2);
	}
}

/* the launch: DIR/in/<kernel>/manifest.xml (translate --conform --inputs) */
static void write_inputs(const Op *o, int nv, const char *dir, const char *kname, uint32_t *const *in,
                         size_t lanes)
{
	char path[1024];
	FILE *f;
	int k, wres = rk_width(o->res);
	uint32_t *poison;
	size_t i, osz = lanes * (size_t)wres * 4;
	snprintf(path, sizeof path, "%s/in/%s", dir, kname);
	mkdirs(path);
	snprintf(path, sizeof path, "%s/in/%s/manifest.xml", dir, kname);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(2);
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
	           "<conformance kernel=\"%s\" device=\"tgllp\" simd=\"0\" seed=\"0\" agree=\"true\">\n"
	           " <ndrange dim=\"1\" global=\"%zu 1 1\" local=\"64 1 1\" offset=\"0 0 0\" printf_slot=\"16\"/>\n",
	           kname, lanes);
	for (k = 0; k < o->n; k++) {
		size_t n = lanes * (size_t)ty_width(o->src[k]) * 4;
		fprintf(f, " <argument index=\"%d\" name=\"in%d\" kind=\"buffer\" type=\"u32\" size=\"%zu\" "
		           "initial=\"arg%d.initial.bin\"/>\n", k, k, n, k);
		snprintf(path, sizeof path, "%s/in/%s/arg%d.initial.bin", dir, kname, k);
		write_bin(path, in[k], n);
	}
	/* outputs start poisoned, so an unwritten lane shows */
	poison = malloc(osz);
	for (i = 0; i < osz / 4; i++)
		poison[i] = 0xdeadbeefu;
	for (k = 0; k < nv; k++) {
		fprintf(f, " <argument index=\"%d\" name=\"out%d\" kind=\"buffer\" type=\"u32\" size=\"%zu\" "
		           "initial=\"arg%d.initial.bin\"/>\n", o->n + k, k, osz, o->n + k);
		snprintf(path, sizeof path, "%s/in/%s/arg%d.initial.bin", dir, kname, o->n + k);
		write_bin(path, poison, osz);
	}
	free(poison);
	fprintf(f, " <printf amd=\"\" level_zero=\"\"/>\n <status amd=\"\" level_zero=\"\"/>\n</conformance>\n");
	fclose(f);
}

static int cmd_gen(const char *dir, uint64_t seed)
{
	size_t i;
	mkdirs(dir);
	for (i = 0; i < N_(ops); i++) {
		const Op *o = &ops[i];
		Variant vs[10];
		uint32_t *in[4] = {0};
		char path[1024], kname[256];
		int nv, plain, k;
		size_t lanes;
		if (!o->fn)
			continue;
		lanes = make_inputs(o, seed, in);
		for (plain = 0; plain < 2; plain++) {
			if (plain && variants(o, vs, 0) == 1)
				break; /* no modifiers: no separate plain kernel */
			nv = variants(o, vs, plain);
			snprintf(kname, sizeof kname, "ref_%s%s", o->file, plain ? "_plain" : "");
			snprintf(path, sizeof path, "%s/ref_%s%s.il", dir, o->file, plain ? "_plain" : "");
			write_il(o, vs, nv, path, kname);
			write_inputs(o, nv, dir, kname, in, lanes);
		}
		for (k = 0; k < o->n; k++)
			free(in[k]);
	}
	return 0;
}

/* ---- checking ---------------------------------------------------------------------- */

static uint32_t *read_bin(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	uint32_t *p;
	long len;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	p = malloc((size_t)len + 4);
	if (fread(p, 1, (size_t)len, f) != (size_t)len) {
		fclose(f);
		free(p);
		return NULL;
	}
	fclose(f);
	*n = (size_t)len;
	return p;
}

static char *read_text(const char *path)
{
	size_t n;
	char *p = (char *)read_bin(path, &n);
	if (p)
		p[n] = 0;
	return p;
}

/* the attribute value attr="..." of the <argument index="i"> element */
static int manifest_attr(const char *m, int i, const char *attr, char *out, size_t n)
{
	char key[64];
	const char *p, *end, *a;
	size_t len;
	snprintf(key, sizeof key, "index=\"%d\"", i);
	p = strstr(m, key);
	if (!p)
		return -1;
	end = strchr(p, '>');
	snprintf(key, sizeof key, " %s=\"", attr);
	a = strstr(p, key);
	if (!a || a > end)
		return -1;
	a += strlen(key);
	len = (size_t)(strchr(a, '"') - a);
	if (len >= n)
		return -1;
	memcpy(out, a, len);
	out[len] = 0;
	return 0;
}

static void status_attr(const char *m, const char *side, char *out, size_t n)
{
	const char *p = strstr(m, "<status");
	char key[32];
	size_t len;
	snprintf(key, sizeof key, " %s=\"", side);
	out[0] = 0;
	if (!p || !(p = strstr(p, key)))
		return;
	p += strlen(key);
	len = (size_t)(strchr(p, '"') - p);
	if (len >= n)
		len = n - 1;
	memcpy(out, p, len);
	out[len] = 0;
}

/* ordered distance of two floats in units in the last place */
static uint64_t ulps(uint32_t a, uint32_t b)
{
	int64_t x = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
	int64_t y = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
	return (uint64_t)(x > y ? x - y : y - x);
}

static int fnan_bits(uint32_t u) { return (u & 0x7fffffffu) > 0x7f800000u; }

/* does got match the reference (res kind, variant)? */
static int match(const Op *o, const Variant *v, const uint32_t *ref, const uint32_t *got)
{
	Rk r = o->res;
	if (v->sat && (r == R_F || r == R_I))
		r = R_FZ; /* [U] the sign of a clamped zero */
	else if (v->shift && r == R_I)
		r = R_F;  /* a shifted mov is float arithmetic: any NaN */
	switch (r) {
	case R_I: return got[0] == ref[0];
	case R_F:
		return fnan_bits(ref[0]) ? fnan_bits(got[0]) : got[0] == ref[0];
	case R_FZ:
		if (fnan_bits(ref[0]))
			return fnan_bits(got[0]);
		return got[0] == ref[0] || ((got[0] | ref[0]) & 0x7fffffffu) == 0;
	case R_FA:
		if (fnan_bits(ref[0]))
			return fnan_bits(got[0]);
		if (fnan_bits(got[0]))
			return 0;
		if ((ref[0] & 0x7fffffffu) == 0)
			return (got[0] & 0x7fffffffu) == 0; /* [U] the sign of an approximate zero */
		if ((ref[0] & 0x7fffffffu) == 0x7f800000u || (got[0] & 0x7fffffffu) == 0x7f800000u)
			return got[0] == ref[0]; /* Inf is never "within an ulp" of FLT_MAX */
		return ulps(ref[0], got[0]) <= (uint64_t)o->ulp;
	case R_H:
		if ((ref[0] & 0x7fffu) > 0x7c00u)
			return (got[0] & 0xffff0000u) == 0 && (got[0] & 0x7fffu) > 0x7c00u;
		return got[0] == ref[0];
	case R_L: case R_LM: return got[0] == ref[0] && got[1] == ref[1];
	case R_D:
		if ((ref[1] & 0x7fffffffu) > 0x7ff00000u || ((ref[1] & 0x7fffffffu) == 0x7ff00000u && ref[0]))
			return (got[1] & 0x7ff00000u) == 0x7ff00000u && ((got[1] & 0xfffffu) || got[0]);
		return got[0] == ref[0] && got[1] == ref[1];
	case R_DM: return got[0] == ref[0];
	case R_I4: return !memcmp(got, ref, 16);
	}
	return 0;
}

static void show(char *out, size_t n, Ty t, const uint32_t *p)
{
	switch (t) {
	case T_F: case T_FS: case T_FT: case T_FTRIG: case T_FP:
		snprintf(out, n, "0x%08x (%.9g)", p[0], (double)bf(p[0]));
		break;
	case T_F4: case T_I4:
		snprintf(out, n, "{0x%08x 0x%08x 0x%08x 0x%08x}", p[0], p[1], p[2], p[3]);
		break;
	case T_L: snprintf(out, n, "0x%016" PRIx64, q64(p)); break;
	case T_D: snprintf(out, n, "0x%016" PRIx64 " (%.17g)", q64(p), bd(p)); break;
	default: snprintf(out, n, "0x%08x (%d)", p[0], (int32_t)p[0]); break;
	}
}

static void show_res(char *out, size_t n, Rk r, const uint32_t *p)
{
	if (r == R_L || r == R_LM || r == R_D)
		snprintf(out, n, "0x%016" PRIx64, q64(p));
	else if (r == R_I4)
		snprintf(out, n, "{0x%08x 0x%08x 0x%08x 0x%08x}", p[0], p[1], p[2], p[3]);
	else if (r == R_F || r == R_FZ || r == R_FA)
		snprintf(out, n, "0x%08x (%.9g)", p[0], (double)bf(p[0]));
	else
		snprintf(out, n, "0x%08x", p[0]);
}

static const Op *find(const char *file)
{
	size_t i;
	for (i = 0; i < N_(ops); i++)
		if (!strcmp(ops[i].file, file))
			return &ops[i];
	return NULL;
}

/* known failures (tests/ref/known-failures): "file variant side reason",
 * variant or side "*" for any; side amd or level_zero */
static const char *known(const char *list, const char *file, const char *variant, const char *side)
{
	static char line[1024];
	const char *p = list;
	while (p && *p) {
		char f[128], v[64], sd[32];
		int used = 0;
		size_t len = strcspn(p, "\n");
		snprintf(line, sizeof line, "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
		if (line[0] == '#' || sscanf(line, "%127s %63s %31s %n", f, v, sd, &used) != 3)
			continue;
		if (!strcmp(f, file) && (!strcmp(v, "*") || !strcmp(v, variant)) &&
		    (!strcmp(sd, "*") || !strcmp(sd, side)))
			return line + used;
	}
	return NULL;
}

/* check RUN/<kernel>/ against the reference; plain: the _plain kernel */
static int cmd_check(const char *dir, const char *run, const char *file, int plain, const char *klist)
{
	const Op *o = find(file);
	char kname[256], path[1024], st_amd[512], st_ze[512];
	Variant vs[10];
	uint32_t *in[4] = {0};
	char *man;
	int nv, j, k, bad = 0;
	size_t lanes = 0, n;
	if (!o || !o->fn) {
		fprintf(stderr, "amdref: no reference for '%s'\n", file);
		return 2;
	}
	snprintf(kname, sizeof kname, "ref_%s%s", file, plain ? "_plain" : "");
	nv = variants(o, vs, plain);
	for (k = 0; k < o->n; k++) {
		snprintf(path, sizeof path, "%s/in/%s/arg%d.initial.bin", dir, kname, k);
		if (!(in[k] = read_bin(path, &n))) {
			fprintf(stderr, "amdref: cannot read %s\n", path);
			return 2;
		}
		lanes = n / 4 / (size_t)ty_width(o->src[k]);
	}
	snprintf(path, sizeof path, "%s/%s/manifest.xml", run, kname);
	if (!(man = read_text(path))) {
		printf("%s: no results (%s missing)\n", o->mn, path);
		return 1;
	}
	status_attr(man, "amd", st_amd, sizeof st_amd);
	status_attr(man, "level_zero", st_ze, sizeof st_ze);
	for (j = 0; j < nv; j++) {
		uint32_t *got[2] = {0};
		size_t pass[2] = {0}, fail[2] = {0}, unspec = 0, first = (size_t)-1, i;
		int side, w = rk_width(o->res);
		char fname[256];
		for (side = 0; side < 2; side++) {
			if (manifest_attr(man, o->n + j, side ? "level_zero_final" : "amd_final", fname, sizeof fname))
				continue;
			snprintf(path, sizeof path, "%s/%s/%s", run, kname, fname);
			got[side] = read_bin(path, &n);
			if (got[side] && n != lanes * (size_t)w * 4) {
				free(got[side]);
				got[side] = NULL;
			}
		}
		for (i = 0; i < lanes; i++) {
			uint32_t ref[4];
			if (reference(o, &vs[j], in, i, ref)) {
				unspec++;
				continue;
			}
			for (side = 0; side < 2; side++) {
				if (!got[side])
					continue;
				if (match(o, &vs[j], ref, got[side] + i * (size_t)w)) {
					pass[side]++;
				} else {
					fail[side]++;
					if (first == (size_t)-1)
						first = i;
				}
			}
		}
		for (side = 0; side < 2; side++) {
			const char *sname = side ? "level_zero" : "amd";
			const char *why = known(klist, file, vs[j].name, sname);
			int failing = !got[side] || fail[side];
			if (failing && why)
				printf("XFAIL %s %s on %s: %s\n", o->mn, vs[j].name, sname, why);
			else if (why)
				printf("XPASS %s %s on %s passes now (a known failure: fixed, or not hit by these lanes)\n", o->mn,
				       vs[j].name, sname);
			if (failing && !why)
				bad = 1;
		}
		printf("%s %s: %zu lanes, %zu unspecified; AMD %s%zu passed %zu failed; Level Zero %s%zu passed %zu failed\n",
		       o->mn, vs[j].name, lanes, unspec, got[0] ? "" : "(no result: ", pass[0], fail[0],
		       got[1] ? "" : "(no result: ", pass[1], fail[1]);
		if (!got[0])
			printf("  AMD side: %s\n", st_amd);
		if (!got[1])
			printf("  Level Zero side: %s\n", st_ze);
		if (first != (size_t)-1) {
			char b[160], b2[160], b3[160];
			uint32_t ref[4];
			printf("  first failing lane %zu:", first);
			for (k = 0; k < o->n; k++) {
				show(b, sizeof b, o->src[k], in[k] + first * (size_t)ty_width(o->src[k]));
				printf(" src%d=%s", k, b);
			}
			reference(o, &vs[j], in, first, ref);
			show_res(b, sizeof b, o->res, ref);
			if (got[0])
				show_res(b2, sizeof b2, o->res, got[0] + first * (size_t)w);
			else
				strcpy(b2, "-");
			if (got[1])
				show_res(b3, sizeof b3, o->res, got[1] + first * (size_t)w);
			else
				strcpy(b3, "-");
			printf("\n  reference %s, AMD %s, Level Zero %s\n", b, b2, b3);
		}
		free(got[0]);
		free(got[1]);
	}
	free(man);
	for (k = 0; k < o->n; k++)
		free(in[k]);
	return bad;
}

static int cmd_list(void)
{
	size_t i;
	for (i = 0; i < N_(ops); i++) {
		Variant vs[10];
		int nv = ops[i].fn ? variants(&ops[i], vs, 0) : 0;
		printf("%s %s %s %s%s%s\n", ops[i].file, ops[i].family,
		       !ops[i].fn ? "nosem" : nv > 1 ? "mods" : "plain", ops[i].mn, ops[i].why ? " -- " : "",
		       ops[i].why ? ops[i].why : "");
	}
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "list"))
		return cmd_list();
	if (argc >= 3 && !strcmp(argv[1], "gen"))
		return cmd_gen(argv[2], argc > 3 ? strtoull(argv[3], NULL, 0) : 1);
	if (argc >= 5 && !strcmp(argv[1], "check")) {
		char *kl = argc > 6 && strcmp(argv[6], "-") ? read_text(argv[6]) : NULL;
		int rc = cmd_check(argv[2], argv[3], argv[4], argc > 5 && !strcmp(argv[5], "plain"), kl);
		free(kl);
		return rc;
	}
	fprintf(stderr, "usage: amdref list | gen DIR [SEED] | check DIR RUN FILE [full|plain [KNOWN]]\n");
	return 2;
}
