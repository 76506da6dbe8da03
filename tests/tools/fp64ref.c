/* fp64ref.c - the expected results of tests/kernels/fp64_edge.il, from the
 * host's C doubles, checked bit for bit against both emulators' dumps.
 *
 * usage: fp64ref DUMPDIR     (DUMPDIR = translate --conform -o D's D/fp64_edge)
 *
 * Written apart from the emulators (src/emu/amd_f64.c, and the software
 * doubles of src/translate/lower_f64.c run by the Level Zero emulator): the
 * table and the lane -> operand mapping are restated from the kernel's
 * comment, every operation is the C library's (IEEE, round to nearest even)
 * and the rules C leaves open are written out here as docs/design.md
 * "Doubles" states them: a NaN result is the first NaN operand with its
 * quiet bit set, or 0x7FF8000000000000 when no operand was a NaN; minNum /
 * maxNum with -0 < +0; single-precision denormals flushed by f2d and d2f;
 * dtoi / dtou saturate with NaN -> 0; frexp of 0, Inf, NaN.  Every value is
 * exact (0 ulp): the C library's sqrt, fma, division and ldexp are correctly
 * rounded, rsqrt is 1/sqrt(x) rounded twice by definition.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dumpdir.h"

static const uint64_t T[32] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
	0x7ff8000000001234ull, 0x7ff0000000000001ull, 0xfff4000000000000ull, 0x0000000000000001ull,
	0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull, 0xffefffffffffffffull,
	0x3ff0000000000000ull, 0xbff0000000000000ull, 0x3ff0000000000001ull, 0x3fe0000000000000ull,
	0x3ff8000000000000ull, 0x4004000000000000ull, 0xc004000000000000ull, 0x432fffffffffffffull,
	0x41dfffffffc00000ull, 0xc1e0000000000000ull, 0x41efffffffe00000ull, 0x41f0000000000000ull,
	0xc1e0000000200000ull, 0x41dfffffffe00000ull, 0x000012688b70e62bull, 0x3fb999999999999aull,
	0x3ca0000000000000ull, 0x3fd5555555555555ull, 0x380ffffff0000000ull, 0x0018000000000000ull,
};

static double d_of(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }
static uint64_t u_of(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static float f_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t fu_of(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

static int nan_bits(uint64_t u) { return (u << 1) > 0xffe0000000000000ull; }

/* the NaN rule over the operands x[0..n-1] (bit patterns) */
static uint64_t rule(double r, int n, const uint64_t *x)
{
	int i;
	if (r == r)
		return u_of(r);
	for (i = 0; i < n; i++)
		if (nan_bits(x[i]))
			return x[i] | 1ull << 51;
	return 0x7ff8000000000000ull;
}

static uint64_t r1(double r, uint64_t a) { return rule(r, 1, &a); }
static uint64_t r2(double r, uint64_t a, uint64_t b) { uint64_t x[2] = {a, b}; return rule(r, 2, x); }
static uint64_t r3(double r, uint64_t a, uint64_t b, uint64_t c)
{
	uint64_t x[3] = {a, b, c};
	return rule(r, 3, x);
}

static uint64_t minmax(uint64_t a, uint64_t b, int want_max)
{
	double x = d_of(a), y = d_of(b);
	if (x != x)
		return y != y ? a | 1ull << 51 : b;
	if (y != y)
		return a;
	if (x == 0 && y == 0) /* -0 below +0 */
		return (signbit(x) ? !want_max : want_max) ? a : b;
	if (want_max)
		return x >= y ? a : b;
	return x <= y ? a : b;
}

static float ftz(float f) { return fabsf(f) < 0x1p-126f && f != 0 ? copysignf(0.0f, f) : f; }

static uint64_t f2d(uint32_t bits)
{
	float f = f_of(bits);
	if (f != f) /* the float's payload moved up, quieted */
		return (uint64_t)(bits >> 31) << 63 | 0x7ff8000000000000ull | (uint64_t)(bits & 0x3fffff) << 29;
	return u_of((double)ftz(f));
}

static uint32_t d2f(uint64_t u)
{
	if (nan_bits(u))
		return (uint32_t)(u >> 63) << 31 | 0x7fc00000u | (uint32_t)(u >> 29 & 0x3fffff);
	return fu_of(ftz((float)d_of(u)));
}

static uint32_t dtoi(double x)
{
	if (x != x) return 0;
	if (x <= -2147483648.0) return 0x80000000u;
	if (x >= 2147483647.0) return 0x7fffffffu;
	return (uint32_t)(int32_t)trunc(x);
}

static uint32_t dtou(double x)
{
	if (x != x || x < 1.0) return 0;
	if (x >= 4294967295.0) return 0xffffffffu;
	return (uint32_t)trunc(x);
}

static uint64_t fmant(uint64_t a)
{
	double x = d_of(a);
	int e;
	if (x != x) return a | 1ull << 51;
	if (x == 0 || isinf(x)) return a;
	return u_of(frexp(x, &e));
}

static uint32_t fexp(uint64_t a)
{
	double x = d_of(a);
	int e = 0;
	if (x != x || x == 0 || isinf(x)) return 0;
	frexp(x, &e);
	return (uint32_t)e;
}

static long checked, bad;

static void expect(const char *side, const char *what, long lane, int pair, uint64_t want, uint64_t got,
                   uint64_t a, uint64_t b)
{
	checked++;
	if (want == got)
		return;
	if (bad++ < 30)
		printf("%s: item %ld pair %d %s: a=%016llx b=%016llx: expected %016llx, got %016llx\n", side, lane,
		       pair, what, (unsigned long long)a, (unsigned long long)b, (unsigned long long)want,
		       (unsigned long long)got);
}

int main(int argc, char **argv)
{
	static const char *const sides[2] = {"amd", "level_zero"};
	static const char *const n1[16] = {"add", "sub", "mul", "fma", "div", "sqrt", "rcp", "rsq", "frac",
	                                   "ldexp", "min", "max", "rint", "floor", "ceil", "trunc"};
	static const char *const n3[6] = {"frexp_mant", "f2d", "itod", "utod", "dmovc", "neg"};
	static const char *const n4[8] = {"eq", "ne", "lt", "ge", "frexp_exp", "d2f", "dtoi", "dtou"};
	unsigned long global = 0, offset = 0;
	int s;
	if (argc != 2) {
		fprintf(stderr, "usage: fp64ref DUMPDIR\n");
		return 2;
	}
	dump_ndrange("fp64ref", argv[1], &global, &offset);
	for (s = 0; s < 2; s++) {
		size_t sz[4];
		uint64_t *o[3];
		uint32_t *o4;
		unsigned long i;
		int k;
		for (k = 0; k < 3; k++)
			o[k] = dump_load("fp64ref", argv[1], k, sides[s], &sz[k]);
		o4 = (uint32_t *)dump_load("fp64ref", argv[1], 3, sides[s], &sz[3]);
		for (i = offset; i < offset + global; i++) {
			uint64_t a = T[i & 31], c = T[(7 * i + 5) & 31];
			uint64_t bs[2] = {T[(i >> 5) & 31], T[((i >> 5) + 24) & 31]};
			int p;
			if ((16 * i + 16) * 8 > sz[0] || (16 * i + 16) * 4 > sz[3]) {
				fprintf(stderr, "fp64ref: the dumps are too small for item %lu\n", i);
				return 2;
			}
			for (p = 0; p < 2; p++) {
				uint64_t b = bs[p], want[16], w3[6];
				uint32_t w4[8];
				double x = d_of(a), y = d_of(b);
				uint64_t q = r1(sqrt(x), a), fl = r1(floor(x), a);
				int32_t n = (int32_t)(b >> 52 & 0x7ff) - 1023;
				want[0] = r2(x + y, a, b);
				want[1] = r2(x - y, a, b ^ 1ull << 63); /* the operand is -b (_neg(yw)) */
				want[2] = r2(x * y, a, b);
				want[3] = r3(fma(x, y, d_of(c)), a, b, c);
				want[4] = r2(x / y, a, b);
				want[5] = q;
				want[6] = r1(1.0 / x, a);
				want[7] = r1(1.0 / d_of(q), q);
				want[8] = r2(x - d_of(fl), a, fl);
				want[9] = r1(ldexp(x, n), a);
				want[10] = minmax(a, b, 0);
				want[11] = minmax(a, b, 1);
				want[12] = r1(rint(x), a);
				want[13] = fl;
				want[14] = r1(ceil(x), a);
				want[15] = r1(trunc(x), a);
				w3[0] = fmant(a);
				w3[1] = f2d((uint32_t)a);
				w3[2] = u_of((double)(int32_t)(a >> 32));
				w3[3] = u_of((double)(uint32_t)(a >> 32));
				w3[4] = x < y ? a : b;
				w3[5] = b ^ 1ull << 63;
				w4[0] = x == y ? ~0u : 0;
				w4[1] = x != y ? ~0u : 0;
				w4[2] = x < y ? ~0u : 0;
				w4[3] = x >= y ? ~0u : 0;
				w4[4] = fexp(a);
				w4[5] = d2f(a);
				w4[6] = dtoi(x);
				w4[7] = dtou(x);
				for (k = 0; k < 16; k++)
					expect(sides[s], n1[k], (long)i, p, want[k], o[p][16 * i + k], a, b);
				for (k = 0; k < 6; k++)
					expect(sides[s], n3[k], (long)i, p, w3[k], o[2][16 * i + 6 * p + k], a, b);
				for (k = 0; k < 8; k++)
					expect(sides[s], n4[k], (long)i, p, w4[k], o4[16 * i + 8 * p + k], a, b);
			}
		}
		for (k = 0; k < 3; k++)
			free(o[k]);
		free(o4);
	}
	printf("fp64ref: %ld values checked on both runtimes, %ld differ from host C\n", checked, bad);
	return bad ? 1 : 0;
}
