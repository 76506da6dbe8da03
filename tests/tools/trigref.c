/* trigref.c - the expected results of tests/kernels/trig_preop.il
 * (dtrig_preop, GCN's V_TRIG_PREOP_F64), checked bit for bit against both
 * emulators' dumps.
 *
 * usage: trigref DUMPDIR     (DUMPDIR = translate --conform -o D's D/trig_preop)
 *        trigref --table     print the 2/pi words (fraction bits 1..1216)
 *
 * Written apart from the emulator (src/emu/amd_f64.c) and the lowering
 * (src/translate/lower_f64.c), which carry the 2/pi bits as a constant:
 * here they are computed.  pi = 16 atan(1/5) - 4 atan(1/239) (Machin) in
 * fixed point with PREC fraction words, then 2/pi by binary long division;
 * the computation is done at two precisions and the bits must agree, and the
 * first words must equal the published constant of fdlibm's e_rem_pio2.c
 * (ipio2: 2/pi in 24-bit pieces, 0xA2F983 0x6E4E44 0x1529FC ...).
 *
 * The rule (docs/design.md "Doubles", dtrig_preop): e = the biased exponent
 * field of a, shift = (seg & 31) * 53 + max(e - 1077, 0); when shift + 53 >
 * 1201 (past AMD's 1201-bit table) the result is +0; else R = fraction bits
 * shift+1 .. shift+53 of 2/pi as a 53-bit integer, scale = -53 - shift, plus
 * 128 when e >= 1968, and the result is R * 2^scale rounded toward zero
 * (only a denormal result rounds).  A NaN a gives a with its quiet bit set.
 * The conversion to a double is done here with integer arithmetic.
 *
 * Rounding never matters: a result keeps every table bit at its own weight
 * (bit b of 2/pi weighs 2^-b, or 2^(128-b) when scaled), so a denormal result
 * always loses the bits from 1075 on, and bit 1075 of 2/pi is 0: rounding to
 * nearest even and toward zero agree on every input (checked below), which is
 * why LLVM's constant folder (round to nearest) and the ISA text (toward
 * zero) never disagree.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dumpdir.h"

#define MAXW 64

/* fixed point: w[0] the integer part, w[1..n] 32-bit fraction words */
typedef struct Fix { uint32_t w[MAXW]; int n; } Fix;

static void fix_div(Fix *a, uint32_t d)
{
	uint64_t r = 0;
	int i;
	for (i = 0; i <= a->n; i++) {
		uint64_t cur = r << 32 | a->w[i];
		a->w[i] = (uint32_t)(cur / d);
		r = cur % d;
	}
}

static void fix_add(Fix *a, const Fix *b, int sub)
{
	int64_t c = 0;
	int i;
	for (i = a->n; i >= 0; i--) {
		int64_t t = (int64_t)a->w[i] + (sub ? -(int64_t)b->w[i] : (int64_t)b->w[i]) + c;
		a->w[i] = (uint32_t)t;
		c = t >> 32;
	}
}

static void fix_mul(Fix *a, uint32_t m)
{
	uint64_t c = 0;
	int i;
	for (i = a->n; i >= 0; i--) {
		uint64_t t = (uint64_t)a->w[i] * m + c;
		a->w[i] = (uint32_t)t;
		c = t >> 32;
	}
}

static int fix_zero(const Fix *a)
{
	int i;
	for (i = 0; i <= a->n; i++)
		if (a->w[i])
			return 0;
	return 1;
}

/* atan(1/x) = sum (-1)^k / ((2k+1) x^(2k+1)) */
static void fix_atan_inv(Fix *s, uint32_t x, int n)
{
	Fix p, t;
	uint32_t k;
	memset(&p, 0, sizeof p);
	p.n = n;
	p.w[0] = 1;
	fix_div(&p, x);
	*s = p;
	for (k = 1; !fix_zero(&p); k++) {
		fix_div(&p, x);
		fix_div(&p, x);
		t = p;
		fix_div(&t, 2 * k + 1);
		fix_add(s, &t, k & 1);
	}
}

static int fix_ge(const Fix *a, const Fix *b)
{
	int i;
	for (i = 0; i <= a->n; i++)
		if (a->w[i] != b->w[i])
			return a->w[i] > b->w[i];
	return 1;
}

/* bits[0..nbits-1] = fraction bits 1..nbits of 2/pi, with n fraction words */
static void two_over_pi(unsigned char *bits, int nbits, int n)
{
	Fix a, b, r;
	int i;
	fix_atan_inv(&a, 5, n);
	fix_atan_inv(&b, 239, n);
	fix_mul(&a, 16);
	fix_mul(&b, 4);
	fix_add(&a, &b, 1); /* a = pi */
	memset(&r, 0, sizeof r);
	r.n = n;
	r.w[0] = 2;
	/* r < pi throughout: each step doubles r and takes pi out when it fits */
	for (i = 0; i < nbits; i++) {
		fix_mul(&r, 2);
		bits[i] = (unsigned char)fix_ge(&r, &a);
		if (bits[i])
			fix_add(&r, &a, 1);
	}
}

#define NBITS 1216
static unsigned char B2[NBITS];

static void compute(void)
{
	static unsigned char other[NBITS];
	static const uint32_t ipio2[6] = {0xA2F983, 0x6E4E44, 0x1529FC, 0x2757D1, 0xF534DD, 0xC0DB62};
	int i, j;
	two_over_pi(B2, NBITS, 44);
	two_over_pi(other, NBITS, 48);
	if (memcmp(B2, other, NBITS)) {
		fprintf(stderr, "trigref: 2/pi differs between 44 and 48 words of precision\n");
		exit(2);
	}
	for (i = 0; i < 6; i++) {
		uint32_t v = 0;
		for (j = 0; j < 24; j++)
			v = v << 1 | B2[24 * i + j];
		if (v != ipio2[i]) {
			fprintf(stderr, "trigref: 2/pi bits %d..%d are %06x, fdlibm's ipio2 says %06x\n",
			        24 * i + 1, 24 * i + 24, v, ipio2[i]);
			exit(2);
		}
	}
	if (B2[1075 - 1]) {
		fprintf(stderr, "trigref: bit 1075 of 2/pi is 1: round-to-zero and nearest would differ\n");
		exit(2);
	}
}

static uint64_t expected(uint64_t a, uint32_t seg)
{
	int e = (int)(a >> 52 & 0x7ff), shift, scale, t, k;
	uint64_t R = 0;
	if (e == 0x7ff && (a << 12))
		return a | 1ull << 51;
	shift = (int)(seg & 31) * 53 + (e > 1077 ? e - 1077 : 0);
	if (shift + 53 > 1201)
		return 0;
	for (k = 0; k < 53; k++)
		R = R << 1 | B2[shift + k];
	if (!R)
		return 0;
	scale = -53 - shift + (e >= 1968 ? 128 : 0);
	for (t = 52; !(R >> t & 1); t--)
		;
	if (t + scale >= -1022) /* normal: exact */
		return (uint64_t)(t + scale + 1023) << 52 | ((R << (52 - t)) & 0xfffffffffffffull);
	/* denormal: R * 2^(scale + 1074) units of 2^-1074, truncated */
	k = scale + 1074;
	if (k >= 0)
		return R << k;
	return -k >= 64 ? 0 : R >> -k;
}

/* the kernel's operands (tests/kernels/trig_preop.il's comment) */
static const uint64_t T[32] = {
	0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x000fffffffffffffull,
	0x0010000000000000ull, 0x3ff0000000000000ull, 0xbff921fb54442d18ull, 0x4340000000000000ull,
	0x4350000000000000ull, 0x4350000000000001ull, 0x4360000000000000ull, 0x4400000000000000ull,
	0x4c80000000000000ull, 0x5000000000000000ull, 0x7ae0000000000000ull, 0x7aefffffffffffffull,
	0x7af0000000000000ull, 0xfaf0000000000000ull, 0x7b00000000000000ull, 0x7fe0000000000000ull,
	0x7fefffffffffffffull, 0xffefffffffffffffull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
	0x7ff8000000001234ull, 0x7ff0000000000001ull, 0xfff4000000000000ull, 0x4330000000000000ull,
	0x4d00000000000000ull, 0x6000000000000000ull, 0x7000000000000000ull, 0x3ca0000000000000ull,
};

int main(int argc, char **argv)
{
	static const char *const sides[2] = {"amd", "level_zero"};
	unsigned long global = 0, offset = 0, i;
	long checked = 0, bad = 0;
	int s;
	if (argc != 2) {
		fprintf(stderr, "usage: trigref DUMPDIR | --table\n");
		return 2;
	}
	compute();
	if (!strcmp(argv[1], "--table")) {
		for (i = 0; i < NBITS / 32; i++) {
			uint32_t v = 0;
			int j;
			for (j = 0; j < 32; j++)
				v = v << 1 | (i * 32 + j < 1201 ? B2[i * 32 + j] : 0);
			printf("0x%08x,%s", v, i % 6 == 5 ? "\n" : " ");
		}
		printf("\n");
		return 0;
	}
	dump_ndrange("trigref", argv[1], &global, &offset);
	for (s = 0; s < 2; s++) {
		size_t sz;
		uint64_t *o = dump_load("trigref", argv[1], 0, sides[s], &sz);
		for (i = offset; i < offset + global; i++) {
			/* pair xy: T[i & 31], segment i >> 5; pair zw: T[(i + 7) & 31],
			 * segment (i >> 5) + 24 (only bits 4:0 count) */
			uint64_t a[2] = {T[i & 31], T[(i + 7) & 31]};
			uint32_t seg[2] = {(uint32_t)(i >> 5), (uint32_t)((i >> 5) + 24)};
			int p;
			for (p = 0; p < 2; p++) {
				uint64_t want = expected(a[p], seg[p]), got;
				if ((2 * i + p + 1) * 8 > sz) {
					fprintf(stderr, "trigref: %s dump too short\n", sides[s]);
					return 2;
				}
				got = o[2 * i + p];
				checked++;
				if (want != got && bad++ < 30)
					printf("%s: item %lu pair %d: a=%016llx seg=%u: expected %016llx, got %016llx\n",
					       sides[s], i, p, (unsigned long long)a[p], seg[p] & 31,
					       (unsigned long long)want, (unsigned long long)got);
			}
		}
		free(o);
	}
	if (bad) {
		printf("%ld of %ld dtrig_preop values differ\n", bad, checked);
		return 1;
	}
	printf("%ld dtrig_preop values equal the reference bit for bit\n", checked);
	return 0;
}
