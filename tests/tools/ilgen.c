/* ilgen.c - random AMD IL kernels in the style of AMD's OpenCL compiler,
 * for translate --conform.
 *
 * usage: ilgen SEED COUNT DIR     writes DIR/gen_<n>.il for n = SEED ..
 *                                 SEED+COUNT-1 (each file depends only on n)
 *
 * Every program is one SI-style kernel (metadata 3:1:111, wrapper 1024 and
 * body 1025, arguments in r1, global id in r1021, local id in r1022):
 *
 *   __kernel void gen_<n>(__global const int *in, __global int *out,
 *                         int k, float f)
 *
 * The body loads four dwords in[4*gid .. 4*gid+3] (as ints and as floats
 * made exact: itof of small integers), runs random straight-line ALU code
 * over integer and float registers and four-component integer registers
 * (r60-r63: swizzles, write masks), structured control flow with divergence
 * (if/else on the id or on data, switches with fall-through, loops with
 * fixed or id-dependent trip
 * counts, conditional breaks), a private array x1[8] indexed by registers,
 * calls of a helper function (1026, straight
 * line code on the same registers, possibly on some lanes only), atomic adds
 * into eight counters after the per-item results (out[8*G + (gid & 7)]),
 * optionally an LDS exchange with a barrier at the top level (uniform flow),
 * and stores four results to out[4*gid .. 4*gid+3].  Operations are chosen so that both runtimes must
 * agree exactly: no NaN or infinity is created (float values stay small
 * multiples of powers of two, products are clamped), no fused/unfused
 * multiply-add, integer division by a non-zero value, conversions of
 * clamped values only.  The buffers conform.c generates hold 16 elements
 * per work-item, so every access is in bounds.
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct G {
	uint64_t s;
	FILE *f;
	int nreg;          /* registers r10.. in use */
	char kind[64];     /* 'i' integer, 'f' float (small exact values) */
	int depth, lits, lds;
	int helper;        /* function 1026 exists and may be called */
	char *helper_text; /* its body */
} G;

static uint64_t rnd(G *g)
{
	g->s ^= g->s >> 12;
	g->s ^= g->s << 25;
	g->s ^= g->s >> 27;
	return g->s * 0x2545F4914F6CDD1DULL;
}

static int pick(G *g, int n)
{
	return (int)(rnd(g) % (uint64_t)n);
}

static void ind(G *g)
{
	int i;
	for (i = 0; i < g->depth + 1; i++)
		fputc('\t', g->f);
}

/* a register of kind k (r10 + i), or -1 */
static int reg_of(G *g, char k)
{
	int i, n = 0, c[64];
	for (i = 0; i < g->nreg; i++)
		if (g->kind[i] == k)
			c[n++] = i;
	return n ? c[pick(g, n)] : -1;
}

/* A destination of kind k.  Every register keeps one kind for the whole
 * program and is set (to 0 / 0.0) before any control flow, so a value read
 * after divergent code is always one its kind's operations produced: float
 * operations never see integer bit patterns (denormals, NaNs). */
static int dest(G *g, char k)
{
	int r, n = 0, c[64];
	for (r = 0; r < g->nreg; r++)
		if (g->kind[r] == k)
			c[n++] = r;
	return c[pick(g, n)];
}

/* a literal register l<n> holding v in .x (declared on the spot; the
 * AMD compiler declares literals at the top of a function, but the
 * grammar allows dcl_literal anywhere before use) */
static int lit(G *g, uint32_t v)
{
	int n = 20 + g->lits++;
	ind(g);
	fprintf(g->f, "dcl_literal l%d, 0x%08X, 0x%08X, 0x%08X, 0x%08X\n", n, v, v, v, v);
	return n;
}

static void int_op(G *g)
{
	static const char *const bin[] = {"iadd", "imul", "iand", "ior", "ixor", "imin", "imax", "umin",
	                                  "umax", "ieq", "ine", "ilt", "ige", "ult", "uge", "umul_high",
	                                  "imul_high"};
	static const char *const sh[] = {"ishl", "ishr", "ushr"};
	int a = reg_of(g, 'i'), b = reg_of(g, 'i'), d, c = pick(g, 10);
	if (a < 0)
		return;
	if (c < 5) {
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x, r%d.x\n", bin[pick(g, (int)(sizeof bin / sizeof *bin))],
		        10 + d, 10 + a, 10 + b);
	} else if (c < 6) {
		int l = lit(g, (uint32_t)pick(g, 40));
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x, l%d.x\n", sh[pick(g, 3)], 10 + d, 10 + a, l);
	} else if (c < 7) {
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x\n", pick(g, 2) ? "inegate" : "inot", 10 + d, 10 + a);
	} else if (c < 8) {
		/* udiv/umod by a value made non-zero */
		int t = dest(g, 'i');
		int l = lit(g, 1);
		ind(g);
		fprintf(g->f, "ior r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + b, l);
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x, r%d.x\n", pick(g, 2) ? "udiv" : "umod", 10 + d, 10 + a, 10 + t);
	} else if (c < 9) {
		int e = reg_of(g, 'i');
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "cmov_logical r%d.x___, r%d.x, r%d.x, r%d.x\n", 10 + d, 10 + a, 10 + b, 10 + e);
	} else {
		int l = lit(g, (uint32_t)(pick(g, 2000) - 1000));
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "iadd r%d.x___, r%d.x, l%d.x\n", 10 + d, 10 + a, l);
	}
}

/* float values stay exact: small multiples of 1/8 through add/sub/min/max,
 * products of them clamped to +-1024 and rounded back to 1/8 steps */
static void float_op(G *g)
{
	static const char *const bin[] = {"add", "sub", "min_ieee", "max_ieee"};
	static const char *const cmp[] = {"eq", "ne", "lt", "ge"};
	int a = reg_of(g, 'f'), b = reg_of(g, 'f'), d, c = pick(g, 8);
	if (a < 0)
		return;
	if (c < 4) {
		d = dest(g, 'f');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x, r%d.x\n", bin[pick(g, 4)], 10 + d, 10 + a, 10 + b);
	} else if (c < 5) {
		/* product, clamped, back to multiples of 1/8 */
		int lo = lit(g, 0xC4800000u) /* -1024.0 */, hi = lit(g, 0x44800000u) /* 1024.0 */;
		int e8 = lit(g, 0x41000000u) /* 8.0 */, i8 = lit(g, 0x3E000000u) /* 0.125 */;
		d = dest(g, 'f');
		ind(g);
		fprintf(g->f, "mul_ieee r%d.x___, r%d.x, r%d.x\n", 10 + d, 10 + a, 10 + b);
		ind(g);
		fprintf(g->f, "max_ieee r%d.x___, r%d.x, l%d.x\n", 10 + d, 10 + d, lo);
		ind(g);
		fprintf(g->f, "min_ieee r%d.x___, r%d.x, l%d.x\n", 10 + d, 10 + d, hi);
		ind(g);
		fprintf(g->f, "mul_ieee r%d.x___, r%d.x, l%d.x\n", 10 + d, 10 + d, e8);
		ind(g);
		fprintf(g->f, "round_z r%d.x___, r%d.x\n", 10 + d, 10 + d);
		ind(g);
		fprintf(g->f, "mul_ieee r%d.x___, r%d.x, l%d.x\n", 10 + d, 10 + d, i8);
	} else if (c < 6) {
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "%s r%d.x___, r%d.x, r%d.x\n", cmp[pick(g, 4)], 10 + d, 10 + a, 10 + b);
	} else if (c < 7) {
		/* to integer: the values are exact and well inside the int range
		 * only after a clamp */
		int lo = lit(g, 0xC6800000u) /* -16384.0 */, hi = lit(g, 0x46800000u) /* 16384.0 */;
		int t = dest(g, 'f');
		ind(g);
		fprintf(g->f, "max_ieee r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + a, lo);
		ind(g);
		fprintf(g->f, "min_ieee r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + t, hi);
		d = dest(g, 'i');
		ind(g);
		fprintf(g->f, "ftoi r%d.x___, r%d.x\n", 10 + d, 10 + t);
	} else {
		/* from a small integer */
		int i = reg_of(g, 'i');
		int m = lit(g, 0x3FFu), t;
		if (i < 0)
			return;
		t = dest(g, 'i');
		ind(g);
		fprintf(g->f, "iand r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + i, m);
		d = dest(g, 'f');
		ind(g);
		fprintf(g->f, "itof r%d.x___, r%d.x\n", 10 + d, 10 + t);
	}
}

static void block(G *g, int n);

/* a random swizzle and a random write mask (at least one component) */
static void swz(G *g, char out[5])
{
	int i;
	for (i = 0; i < 4; i++)
		out[i] = "xyzw"[pick(g, 4)];
	out[4] = 0;
}

static void wmask(G *g, char out[5])
{
	int i, any = 0;
	for (i = 0; i < 4; i++) {
		out[i] = pick(g, 2) ? "xyzw"[i] : '_';
		any |= out[i] != '_';
	}
	if (!any)
		out[0] = 'x';
	out[4] = 0;
}

/* four-component integer registers r60..r63 (set at the start): vector
 * ALU with swizzles and write masks, and traffic with the scalar ones */
static void vec_op(G *g)
{
	static const char *const op[] = {"iadd", "ixor", "imul", "imax", "umin", "iand", "ior"};
	char m[5], a[5], b[5];
	int d = 60 + pick(g, 4), x = 60 + pick(g, 4), y = 60 + pick(g, 4), r, c = pick(g, 4);
	wmask(g, m);
	swz(g, a);
	swz(g, b);
	if (c < 2) {
		ind(g);
		fprintf(g->f, "%s r%d.%s, r%d.%s, r%d.%s\n", op[pick(g, 7)], d, m, x, a, y, b);
	} else if (c == 2 && (r = reg_of(g, 'i')) >= 0) {
		char one[5] = "____";
		c = pick(g, 4);
		one[c] = "xyzw"[c];
		ind(g);
		fprintf(g->f, "mov r%d.%s, r%d.xxxx\n", d, one, 10 + r);
	} else {
		r = dest(g, 'i');
		ind(g);
		fprintf(g->f, "iadd r%d.x___, r%d.x, r%d.%c\n", 10 + r, 10 + r, x, "xyzw"[pick(g, 4)]);
	}
}

/* private memory: x1[8] indexed by a register (scratch on Intel), set
 * at the start; an index is an integer register masked to 0..7 */
static void priv_op(G *g)
{
	int v = reg_of(g, 'i'), ix = reg_of(g, 'i'), m = lit(g, 7), t = dest(g, 'i');
	if (v < 0 || ix < 0)
		return;
	ind(g);
	fprintf(g->f, "iand r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + ix, m);
	ind(g);
	if (pick(g, 2)) {
		char m[5] = "____";
		int c = pick(g, 4);
		m[c] = "xyzw"[c];
		fprintf(g->f, "mov x1[r%d.x].%s, r%d.xxxx\n", 10 + t, m, 10 + v);
	} else {
		int d = dest(g, 'i');
		fprintf(g->f, "mov r%d.x___, x1[r%d.x].%c\n", 10 + d, 10 + t, "xyzw"[pick(g, 4)]);
	}
}

/* an atomic add into one of 8 counters well after the per-item results
 * (a global offset shifts those), out[8*G + (gid & 7)]: the sums do not
 * depend on the order */
static void atomic_op(G *g)
{
	int v = reg_of(g, 'i'), k = lit(g, 5), m = lit(g, 7), two = lit(g, 2);
	if (v < 0)
		return;
	ind(g);
	fprintf(g->f, "ishl r30.x___, cb0[0].x, l%d.x\n", k);
	ind(g);
	fprintf(g->f, "iand r31.x___, r1021.x, l%d.x\n", m);
	ind(g);
	fprintf(g->f, "ishl r31.x___, r31.x, l%d.x\n", two);
	ind(g);
	fprintf(g->f, "iadd r30.x___, r30.x, r31.x\n");
	ind(g);
	fprintf(g->f, "iadd r30.x___, r30.x, r1.y\n");
	ind(g);
	fprintf(g->f, "uav_add_id(13) r30.x, r%d.x\n", 10 + v);
}

/* switch on two bits of an integer: cases 0..3 in random order, some
 * falling through (no break), sometimes a default */
static void sw(G *g)
{
	int r = reg_of(g, 'i'), m = lit(g, 3), t = dest(g, 'i'), k, order[4] = {0, 1, 2, 3};
	if (r < 0)
		return;
	for (k = 3; k > 0; k--) {
		int j = pick(g, k + 1), x = order[k];
		order[k] = order[j], order[j] = x;
	}
	ind(g);
	fprintf(g->f, "iand r%d.x___, r%d.x, l%d.x\n", 10 + t, 10 + r, m);
	ind(g);
	fprintf(g->f, "switch r%d.x\n", 10 + t);
	for (k = 0; k < 3 + pick(g, 2); k++) {
		ind(g);
		if (k == 3)
			fprintf(g->f, "default\n");
		else
			fprintf(g->f, "case %d\n", order[k]);
		g->depth++;
		block(g, 1 + pick(g, 3));
		if (pick(g, 3)) {
			ind(g);
			fprintf(g->f, "break\n");
		}
		g->depth--;
	}
	ind(g);
	fprintf(g->f, "endswitch\n");
}

static void ctl(G *g)
{
	int c = pick(g, 4), r;
	if (c == 3) {
		sw(g);
		return;
	}
	if (c == 0 || c == 1) {
		/* divergent if: on the global id or on data */
		r = reg_of(g, 'i');
		if (c == 0 || r < 0) {
			int l = lit(g, (uint32_t)pick(g, 256)), t = dest(g, 'i');
			ind(g);
			fprintf(g->f, "ilt r%d.x___, r1021.x, l%d.x\n", 10 + t, l);
			r = t;
		}
		ind(g);
		fprintf(g->f, "if_logical%s r%d.x\n", pick(g, 2) ? "nz" : "z", 10 + r);
		g->depth++;
		block(g, 2 + pick(g, 4));
		g->depth--;
		if (pick(g, 2)) {
			ind(g);
			fprintf(g->f, "else\n");
			g->depth++;
			block(g, 2 + pick(g, 4));
			g->depth--;
		}
		ind(g);
		fprintf(g->f, "endif\n");
	} else {
		/* loop: i from 0 while i < bound (fixed, or gid & 3), maybe a data break;
		 * counter and bound in r50 + 2*depth, r51 + 2*depth, which nothing
		 * else writes (the helper function may be called in the body) */
		int i = 40 + 2 * g->depth, t = i + 1, zero = lit(g, 0), one = lit(g, 1), bound;
		ind(g);
		fprintf(g->f, "mov r%d.x___, l%d.x\n", 10 + i, zero);
		if (pick(g, 2)) {
			bound = lit(g, (uint32_t)(1 + pick(g, 4)));
			ind(g);
			fprintf(g->f, "mov r%d.x___, l%d.x\n", 10 + t, bound);
		} else {
			bound = lit(g, 3);
			ind(g);
			fprintf(g->f, "iand r%d.x___, r1021.x, l%d.x\n", 10 + t, bound);
		}
		g->kind[i] = g->kind[t] = 'c'; /* loop control: not touched by the body */
		ind(g);
		fprintf(g->f, "whileloop\n");
		g->depth++;
		{
			int c2 = dest(g, 'i');
			ind(g);
			fprintf(g->f, "ige r%d.x___, r%d.x, r%d.x\n", 10 + c2, 10 + i, 10 + t);
			ind(g);
			fprintf(g->f, "break_logicalnz r%d.x\n", 10 + c2);
		}
		block(g, 2 + pick(g, 4));
		if (pick(g, 3) == 0 && (r = reg_of(g, 'i')) >= 0) {
			int m = lit(g, 1u << pick(g, 8)), c3 = dest(g, 'i');
			ind(g);
			fprintf(g->f, "iand r%d.x___, r%d.x, l%d.x\n", 10 + c3, 10 + r, m);
			ind(g);
			fprintf(g->f, "break_logicalnz r%d.x\n", 10 + c3);
		}
		ind(g);
		fprintf(g->f, "iadd r%d.x___, r%d.x, l%d.x\n", 10 + i, 10 + i, one);
		g->depth--;
		ind(g);
		fprintf(g->f, "endloop\n");
	}
}

static void block(G *g, int n)
{
	int i;
	for (i = 0; i < n; i++) {
		int c = pick(g, 14);
		if (c < 5)
			int_op(g);
		else if (c < 8)
			float_op(g);
		else if (c < 10)
			vec_op(g);
		else if (c == 10)
			atomic_op(g);
		else if (c == 12)
			priv_op(g);
		else if (c == 11 && g->helper) {
			ind(g);
			fprintf(g->f, "call 1026 ; gen helper\n");
		} else if (g->depth < 3)
			ctl(g);
		else
			int_op(g);
	}
}

/* LDS exchange at the top level: every work-item stores a value at its
 * local id, barrier, reads its neighbour's (lid + 1) mod local size */
static void lds_exchange(G *g)
{
	int v = reg_of(g, 'i'), four = lit(g, 4), one = lit(g, 1), a = dest(g, 'i'), d;
	if (v < 0)
		return;
	ind(g);
	fprintf(g->f, "imul r%d.x___, r1022.x, l%d.x\n", 10 + a, four);
	ind(g);
	fprintf(g->f, "lds_store_id(1) r%d.x, r%d.x\n", 10 + a, 10 + v);
	ind(g);
	fprintf(g->f, "fence_threads_lds\n");
	ind(g);
	fprintf(g->f, "iadd r%d.x___, r1022.x, l%d.x\n", 10 + a, one);
	ind(g);
	fprintf(g->f, "umod r%d.x___, r%d.x, cb0[1].x\n", 10 + a, 10 + a);
	ind(g);
	fprintf(g->f, "imul r%d.x___, r%d.x, l%d.x\n", 10 + a, 10 + a, four);
	d = dest(g, 'i');
	ind(g);
	fprintf(g->f, "lds_load_id(1) r%d.x___, r%d.x\n", 10 + d, 10 + a);
	ind(g);
	fprintf(g->f, "fence_threads_lds\n");
	g->lds = 1;
}

static void program(FILE *out, unsigned long n)
{
	G g;
	int c, i;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len); /* the body: the wrapper needs to know about LDS */
	memset(&g, 0, sizeof g);
	g.s = 0x9E3779B97F4A7C15ULL * (n + 1);
	g.f = f;
	for (i = 0; i < 8; i++)
		rnd(&g);
	fprintf(f, "func 1025 ; gen_%lu\n", n);
	/* inputs: gid, lid, k, f, four loaded dwords (two as floats) */
	fprintf(f, "\tdcl_literal l1, 0x00000004, 0x00000010, 0x000003FF, 0x00000000\n");
	fprintf(f, "\tmov r10.x___, r1021.x\n\tmov r11.x___, r1022.x\n\tmov r12.x___, r1.z\n"
	           "\tmov r13.x___, r1.w\n");
	g.kind[0] = g.kind[1] = g.kind[2] = 'i';
	g.kind[3] = 'f';
	g.nreg = 4;
	/* the float argument f is any multiple of 1/8 in -100..100: exact */
	fprintf(f, "\timul r30.x___, r1021.x, l1.y\n\tiadd r30.x___, r30.x, r1.x\n");
	for (c = 0; c < 4; c++) {
		int r = g.nreg++;
		g.kind[r] = 'i';
		fprintf(f, "\tuav_raw_load_id(12)_cached r%d.x___, r30.x\n", 10 + r);
		fprintf(f, "\tiadd r30.x___, r30.x, l1.x\n");
	}
	for (c = 0; c < 2; c++) {
		int r = g.nreg++, s = 14 + c;
		g.kind[r] = 'f';
		fprintf(f, "\tiand r%d.x___, r%d.x, l1.z\n\titof r%d.x___, r%d.x\n", 10 + r, s, 10 + r, 10 + r);
	}
	/* the registers the body may use, each with a kind for good, all set */
	for (i = g.nreg; i < 40; i++) {
		g.kind[i] = i % 3 == 2 ? 'f' : 'i';
		if (i == 20 || i == 21)
			g.kind[i] = 'x'; /* r30, r31: addresses of the loads and stores */
		else
			fprintf(f, "\tmov r%d.x___, l1.w\n", 10 + i);
	}
	g.nreg = 40;
	fprintf(f, "\tmov r60, r1021.xxxx\n\tmov r61, r1022.xxxx\n\tmov r62, r1.zzzz\n\tmov r63, l1.xyzw\n");
	fprintf(f, "\tdcl_indexed_temp_array x1[8]\n");
	for (i = 0; i < 8; i++)
		fprintf(f, "\tmov x1[%d], r1021.xxxx\n", i);
	g.lits = 0;
	/* the helper function, generated first: straight-line code on the same
	 * registers (AMD IL registers are global to the program) */
	{
		char *htext = NULL;
		size_t hlen = 0;
		FILE *body = g.f;
		g.f = open_memstream(&htext, &hlen);
		g.depth = -1;
		for (i = 0; i < 3 + pick(&g, 5); i++) {
			if (pick(&g, 2))
				int_op(&g);
			else
				vec_op(&g);
		}
		g.depth = 0;
		fclose(g.f);
		g.f = body;
		g.helper_text = htext;
		g.helper = 1;
	}
	block(&g, 6 + pick(&g, 10));
	if (pick(&g, 2))
		lds_exchange(&g);
	block(&g, 3 + pick(&g, 6));
	/* results: out[4*gid + c] */
	fprintf(f, "\timul r31.x___, r1021.x, l1.y\n\tiadd r31.x___, r31.x, r1.y\n");
	for (c = 0; c < 4; c++) {
		int r;
		do
			r = pick(&g, g.nreg);
		while (g.kind[r] == 'x');
		fprintf(f, "\tuav_raw_store_id(13) mem0.x___, r31.x, r%d.x\n", 10 + r);
		fprintf(f, "\tiadd r31.x___, r31.x, l1.x\n");
	}
	fprintf(f, "\tret_dyn\nret\nendfunc ; gen_%lu\n", n);
	fclose(f);
	f = out;
	fprintf(f, "; gen_%lu.il - generated by tests/tools/ilgen (seed %lu); see its header.\n", n, n);
	fprintf(f, "il_cs_2_0\ndcl_cb cb0[15]\n"
	           "dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, 0x00000003\n"
	           ";$$$$$$$$$$\nendmain\n");
	fprintf(f, "func 1024 ; __OpenCL_gen_%lu_kernel\n"
	           "mov r1022.xyz0, vTidInGrp0.xyz\n"
	           "mov r1023.xyz0, vThreadGrpId0.xyz\n"
	           "imad r1021.xyz0, r1023.xyzz, cb0[1].xyzz, r1022.xyzz\n"
	           "iadd r1021.xyz0, r1021.xyz0, cb0[6].xyz0\n"
	           "dcl_raw_uav_id(12)\ndcl_raw_uav_id(13)\n%s"
	           "dcl_cb cb1[4]\n"
	           "mov r1.x___, cb1[0].x\nmov r1._y__, cb1[1].x\nmov r1.__z_, cb1[2].x\n"
	           "mov r1.___w, cb1[3].x\ncall 1025 ; gen_%lu\nret\nendfunc ; __OpenCL_gen_%lu_kernel\n",
	           n, g.lds ? "dcl_lds_id(1) 1024\n" : "", n, n);
	fwrite(text, 1, len, f);
	free(text);
	fprintf(f, ";ARGSTART:__OpenCL_gen_%lu_kernel\n;version:3:1:111\n;device:tahiti\n;uniqueid:1024\n"
	           ";memory:uavprivate:0\n;memory:hwlocal:%d\n;memory:hwregion:0\n"
	           ";pointer:in:i32:1:1:0:uav:12:4:RO:0:0\n;constarg:0:in\n"
	           ";pointer:out:i32:1:1:16:uav:13:4:RW:0:0\n;value:k:i32:1:1:32\n;value:f:float:1:1:48\n"
	           ";function:1:1025\n;uavid:11\n;printfid:9\n;cbid:10\n;privateid:8\n"
	           ";reflection:0:int*\n;reflection:1:int*\n;reflection:2:int\n;reflection:3:float\n"
	           ";ARGEND:__OpenCL_gen_%lu_kernel\n", n, g.lds ? 1024 : 0, n);
	fprintf(f, ";ARGSTART:gen_%lu\n;uniqueid:1025\n;function:1:1026\n;ARGEND:gen_%lu\n", n, n);
	fprintf(f, "func 1026 ; gen_%lu_helper\n%sret\nendfunc ; gen_%lu_helper\n", n, g.helper_text, n);
	fprintf(f, ";ARGSTART:gen_%lu_helper\n;uniqueid:1026\n;ARGEND:gen_%lu_helper\nend\n", n, n);
	free(g.helper_text);
}

int main(int argc, char **argv)
{
	unsigned long seed, count, i;
	if (argc != 4) {
		fprintf(stderr, "usage: ilgen SEED COUNT DIR\n");
		return 2;
	}
	seed = strtoul(argv[1], NULL, 0);
	count = strtoul(argv[2], NULL, 0);
	for (i = 0; i < count; i++) {
		char path[4096];
		FILE *f;
		snprintf(path, sizeof path, "%s/gen_%lu.il", argv[3], seed + i);
		if (!(f = fopen(path, "w"))) {
			perror(path);
			return 1;
		}
		program(f, seed + i);
		if (fclose(f)) {
			perror(path);
			return 1;
		}
	}
	return 0;
}
