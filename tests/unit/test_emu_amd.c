/* test_emu_amd.c - CUnit tests for the AMD side of the emulator
 * (src/emu/amd*.c): kernels of tests/kernels and small IL programs run on
 * emu_amd_run, their outputs checked against values computed here.
 *
 * add_emu_amd_suite() registers the suite "emu_amd".
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "emu/emu.h"
#include "testutil.h"

static char *src;
static Module *mod;
static Program *prog;

static void release(void)
{
	md_free(prog);
	prog = NULL;
	il_free(mod);
	mod = NULL;
	free(src);
	src = NULL;
}

/* Parses IL text; returns the kernel called name (linked), NULL on error. */
static Kernel *load_text(const char *file, const char *text, const char *name)
{
	size_t i;
	release();
	capture_reset();
	src = xstrdup(text);
	mod = il_parse(file, src, strlen(src));
	if (!mod || !(prog = md_read(mod)))
		return NULL;
	for (i = 0; i < prog->kernels.n; i++)
		if (!strcmp(prog->kernels.v[i]->name, name))
			return md_link(prog, prog->kernels.v[i]) ? NULL : prog->kernels.v[i];
	return NULL;
}

static Kernel *load_file(const char *base, const char *name)
{
	char *path = xasprintf("%s/tests/kernels/%s", TEST_SRCDIR, base);
	size_t n;
	char *t = read_file(path, &n);
	Kernel *k = t ? load_text(path, t, name) : NULL;
	free(t);
	free(path);
	return k;
}

/* ---- launches ------------------------------------------------------------- */

static void launch_1d(EmuLaunch *l, uint32_t global, uint32_t local)
{
	int d;
	memset(l, 0, sizeof *l);
	l->range.dim = 1;
	for (d = 0; d < 3; d++)
		l->range.global[d] = l->range.local[d] = 1;
	l->range.global[0] = global;
	l->range.local[0] = local;
}

static void add_arg(EmuLaunch *l, EmuArgKind kind, const void *bytes, size_t n)
{
	EmuArg a;
	memset(&a, 0, sizeof a);
	a.kind = kind;
	a.size = n;
	a.bytes = NULL;
	if (bytes) {
		a.bytes = xmalloc(n ? n : 1);
		memcpy(a.bytes, bytes, n);
	}
	vec_push(&l->args, a);
}

static int32_t word(const EmuResult *r, size_t buf, size_t i)
{
	int32_t v;
	memcpy(&v, r->buffers.v[buf].s + 4 * i, 4);
	return v;
}

static float fword(const EmuResult *r, size_t buf, size_t i)
{
	float v;
	memcpy(&v, r->buffers.v[buf].s + 4 * i, 4);
	return v;
}

/* runs k; expects a successful run */
static int run_ok(Kernel *k, EmuLaunch *l, EmuResult *r)
{
	int rc;
	memset(r, 0, sizeof *r);
	rc = emu_amd_run(prog, k, l, r);
	if (rc || !r->ok)
		fprintf(stderr, "\nemu_amd_run: %s\n", r->error ? r->error : "?");
	return rc == 0 && r->ok;
}

/* ---- kernels of tests/kernels ------------------------------------------------ */

static void test_saxpy(void)
{
	Kernel *k = load_file("saxpy.il", "saxpy");
	EmuLaunch l;
	EmuResult r;
	float x[128], y[128], a = 2.0f;
	int32_t n = 100, i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 128; i++)
		x[i] = (float)i, y[i] = (float)(2 * i);
	launch_1d(&l, 128, 64);
	add_arg(&l, EA_BUFFER, x, sizeof x);
	add_arg(&l, EA_BUFFER, y, sizeof y);
	add_arg(&l, EA_VALUE, &a, 4);
	add_arg(&l, EA_VALUE, &n, 4);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	CU_ASSERT_EQUAL(r.buffers.n, 4);
	CU_ASSERT_EQUAL(r.buffers.v[1].n, sizeof y);
	for (i = 0; i < 128; i++) {
		CU_ASSERT_EQUAL(fword(&r, 1, i), i < n ? (float)(4 * i) : (float)(2 * i));
		CU_ASSERT_EQUAL(fword(&r, 0, i), (float)i);
		CU_ASSERT_EQUAL(r.writers.v[1][4 * i], i < n ? i : -1);
	}
	CU_ASSERT_EQUAL(r.buffers.v[2].n, 0);
	CU_ASSERT_EQUAL(r.approx, 0);
	CU_ASSERT(r.steps > 0);
	emu_result_free(&r);
	emu_launch_free(&l);
}

static void test_lds_reduce(void)
{
	Kernel *k = load_file("lds_reduce.il", "lds_reduce");
	EmuLaunch l;
	EmuResult r;
	float in[256], out[4] = {0};
	int i, g;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 256; i++)
		in[i] = (float)i;
	launch_1d(&l, 256, 64);
	add_arg(&l, EA_BUFFER, in, sizeof in);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (g = 0; g < 4; g++)
		CU_ASSERT_EQUAL(fword(&r, 1, g), (float)(64 * 64 * g + 63 * 64 / 2));
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* lds64.il: lds_store64 / lds_load64 (both store spellings, xy and zw
 * destinations) with edge bit patterns; expected values from the kernel's
 * formula, computed here on the host */
static void test_lds64(void)
{
	static const uint64_t edge[] = {0, ~0ull, 0x8000000000000000ull, 0x00000000ffffffffull,
	                                0xffffffff00000000ull, 1, 0x7fffffffffffffffull,
	                                0x0123456789abcdefull};
	Kernel *k = load_file("lds64.il", "lds64");
	EmuLaunch l;
	EmuResult r;
	uint64_t in[64], v[64], out[64] = {0}, got;
	int i, n = 16;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 64; i++) {
		in[i] = edge[i % 8] ^ ((uint64_t)(i / 8) << 13);
		v[i] = in[i] ^ ((uint64_t)i << 40) ^ 0x8000000180000001ull;
	}
	launch_1d(&l, 64, (uint32_t)n);
	add_arg(&l, EA_BUFFER, in, sizeof in);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (i = 0; i < 64; i++) {
		int base = i / n * n, li = i % n;
		uint64_t t = v[base + (li + 1) % n];
		memcpy(&got, r.buffers.v[1].s + 8 * i, 8);
		CU_ASSERT_EQUAL(got, v[base + n - 1 - li]);
		memcpy(&got, r.buffers.v[2].s + 8 * i, 8);
		CU_ASSERT_EQUAL(got, t << 32 | t >> 32);
	}
	emu_result_free(&r);
	emu_launch_free(&l);
}

static void test_multi_kernel_data(void)
{
	static const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
	const char *names[2] = {"multi_kernel_a", "multi_kernel_b"};
	int q, i;
	for (q = 0; q < 2; q++) {
		Kernel *k = load_file("multi_kernel_data.il", names[q]);
		EmuLaunch l;
		EmuResult r;
		int32_t out[40];
		CU_ASSERT_PTR_NOT_NULL_FATAL(k);
		memset(out, 0xff, sizeof out);
		launch_1d(&l, 40, 8);
		add_arg(&l, EA_BUFFER, out, sizeof out);
		CU_ASSERT_FATAL(run_ok(k, &l, &r));
		for (i = 0; i < 40; i++)
			CU_ASSERT_EQUAL(word(&r, 0, i), table[i & 7]);
		emu_result_free(&r);
		emu_launch_free(&l);
	}
}

static void test_printf_items(void)
{
	Kernel *k = load_file("printf_items.il", "printf_items");
	EmuLaunch l;
	EmuResult r;
	int32_t out[8] = {0}, n = 5;
	Buf want = {0};
	int i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	launch_1d(&l, 8, 8);
	l.printf_slot = 256;
	add_arg(&l, EA_BUFFER, out, sizeof out);
	add_arg(&l, EA_VALUE, &n, 4);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (i = 0; i < 5; i++) {
		buf_printf(&want, "item %d of 5: %f\n", i, i * 0.5);
		buf_printf(&want, "v=%d,%d,%d,%d l=%d c=A s=ok\n", i, i + 1, i + 2, i + 3, i);
	}
	CU_ASSERT_STRING_EQUAL(r.printf_text.s, want.s);
	CU_ASSERT_EQUAL_FATAL(r.printf_items.n, 10);
	CU_ASSERT_STRING_EQUAL(r.printf_items.v[6].s, "item 3 of 5: 1.500000\n");
	CU_ASSERT_STRING_EQUAL(r.printf_items.v[7].s, "v=3,4,5,6 l=3 c=A s=ok\n");
	for (i = 0; i < 8; i++)
		CU_ASSERT_EQUAL(word(&r, 0, i), i < 5 ? 3 * i : 0);
	emu_result_free(&r);
	buf_free(&want);
	/* printf off (slot size 0): no records, the kernel still runs */
	l.printf_slot = 0;
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	CU_ASSERT_EQUAL(r.printf_items.n, 0);
	CU_ASSERT_EQUAL(r.printf_text.n, 0);
	CU_ASSERT_EQUAL(word(&r, 0, 4), 12);
	emu_result_free(&r);
	emu_launch_free(&l);
}

static int32_t blend3(int32_t a, int32_t b, int32_t c)
{
	if (c == 0)
		return a + b;
	return (((a ^ b) & c) | (~a & (b >> 2))) + (int32_t)((uint32_t)a >> 3);
}

static void test_shared_uav(void)
{
	Kernel *k = load_file("shared_uav.il", "shared_uav");
	int32_t out[64] = {0}, a[32], b[33], kk;
	int i, pass;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 33; i++) {
		if (i < 32)
			a[i] = i * 7919 - 100000;
		b[i] = 31 * i - 500;
	}
	for (pass = 0; pass < 2; pass++) {
		EmuLaunch l;
		EmuResult r;
		kk = pass ? 0x0ff0f00f : 0;
		launch_1d(&l, 32, 16);
		add_arg(&l, EA_BUFFER, out, sizeof out);
		add_arg(&l, EA_BUFFER, a, sizeof a);
		add_arg(&l, EA_BUFFER, b, sizeof b);
		add_arg(&l, EA_VALUE, &kk, 4);
		CU_ASSERT_FATAL(run_ok(k, &l, &r));
		for (i = 0; i < 32; i++) {
			CU_ASSERT_EQUAL(word(&r, 0, 2 * i), blend3(a[i], b[i + 1], kk));
			CU_ASSERT_EQUAL(word(&r, 0, 2 * i + 1), a[i] - b[i + 1]);
		}
		emu_result_free(&r);
		emu_launch_free(&l);
	}
}

static void test_eg_dummy_write(void)
{
	Kernel *k = load_file("eg_dummy_write.il", "eg_dummy_write");
	EmuLaunch l;
	EmuResult r;
	uint32_t s[64], d[64] = {0}, kk = 1000;
	int i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 64; i++)
		s[i] = (uint32_t)(i * i);
	launch_1d(&l, 64, 32);
	add_arg(&l, EA_BUFFER, s, sizeof s);
	add_arg(&l, EA_BUFFER, d, sizeof d);
	add_arg(&l, EA_VALUE, &kk, 4);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (i = 0; i < 64; i++)
		CU_ASSERT_EQUAL((uint32_t)word(&r, 1, i), s[i] + kk);
	emu_result_free(&r);
	emu_launch_free(&l);
}

static void test_private_array(void)
{
	Kernel *k = load_file("private_array.il", "private_array");
	EmuLaunch l;
	EmuResult r;
	int32_t out[64] = {0}, idx[64];
	int i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	for (i = 0; i < 64; i++)
		idx[i] = 5 * i + 3;
	launch_1d(&l, 64, 64);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	add_arg(&l, EA_BUFFER, idx, sizeof idx);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (i = 0; i < 64; i++)
		CU_ASSERT_EQUAL(word(&r, 0, i), (idx[i] & 63) * i);
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* ---- small programs ------------------------------------------------------------ */

/* A kernel k(global int *out) whose body is the given text; the body's
 * first line is line 33 of "emu.il". */
static Kernel *body(const char *text)
{
	char *t = xasprintf(
		"il_cs_2_0\n"
		"dcl_cb cb0[15]\n"
		"dcl_literal l0, 0x00000004, 0x00000001, 0x00000002, 0x00000003\n"
		";$$$$$$$$$$\n"
		"endmain\n"
		"func 1024 ; __OpenCL_k_kernel\n"
		"dcl_raw_uav_id(12)\n"
		"mov r1022.xyz0, vTidInGrp0.xyz\n"
		"mov r1023.xyz0, vThreadGrpId0.xyz\n"
		"imad r1021.xyz0, r1023.xyzz, cb0[1].xyzz, r1022.xyzz\n"
		"iadd r1021.xyz0, r1021.xyz0, cb0[6].xyz0\n"
		"dcl_cb cb1[1]\n"
		"mov r1.x___, cb1[0].x\n"
		"call 1025 ; k\n"
		"ret\n"
		"endfunc ; __OpenCL_k_kernel\n"
		";ARGSTART:__OpenCL_k_kernel\n"
		";version:3:1:111\n"
		";device:tahiti\n"
		";uniqueid:1024\n"
		";memory:uavprivate:0\n"
		";memory:hwlocal:0\n"
		";pointer:out:i32:1:1:0:uav:12:4:RW:0:0\n"
		";function:1:1025\n"
		";uavid:11\n"
		";ARGEND:__OpenCL_k_kernel\n"
		"func 1025 ; k\n"
		"dcl_literal l10, 0, 1, 3, 10\n"
		"dcl_literal l11, 100, -100, 0, 0\n"
		"mov r2.x, r1021.x\n"
		"ishl r8.x, r2.x, l0.z\n"
		"iadd r8.x, r8.x, r1.x\n"
		"%s"
		"ret_dyn\n"
		"ret\n"
		"endfunc ; k\n"
		";ARGSTART:k\n"
		";uniqueid:1025\n"
		";ARGEND:k\n"
		"end\n", text);
	Kernel *k = load_text("emu.il", t, "k");
	free(t);
	return k;
}

static int32_t divergent_ref(int32_t i)
{
	int32_t acc = 0, k;
	for (k = 1; k <= i; k++)
		if (!(k & 1))
			acc += k;
	switch (i & 3) {
	case 0: acc += 10; /* fall through */
	case 1: acc += 1; break;
	case 2: acc *= 3; break;
	default: acc = -acc; break;
	}
	return acc < 10 ? acc + 100 : acc - 100;
}

static void test_divergent(void)
{
	Kernel *k = body("mov r3.x, l10.x\n"
	                 "mov r4.x, l10.x\n"
	                 "whileloop\n"
	                 "ige r5.x, r4.x, r2.x\n"
	                 "break_logicalnz r5.x\n"
	                 "iadd r4.x, r4.x, l10.y\n"
	                 "iand r6.x, r4.x, l10.y\n"
	                 "continue_logicalnz r6.x\n"
	                 "iadd r3.x, r3.x, r4.x\n"
	                 "endloop\n"
	                 "iand r7.x, r2.x, l10.z\n"
	                 "switch r7.x\n"
	                 "case 0\n"
	                 "iadd r3.x, r3.x, l10.w\n"
	                 "case 1\n"
	                 "iadd r3.x, r3.x, l10.y\n"
	                 "break\n"
	                 "case 2\n"
	                 "imul r3.x, r3.x, l10.z\n"
	                 "break\n"
	                 "default\n"
	                 "inegate r3.x, r3.x\n"
	                 "endswitch\n"
	                 "ilt r9.x, r3.x, l10.w\n"
	                 "if_logicalnz r9.x\n"
	                 "iadd r3.x, r3.x, l11.x\n"
	                 "else\n"
	                 "iadd r3.x, r3.x, l11.y\n"
	                 "endif\n"
	                 "uav_raw_store_id(12) mem0.x___, r8.x, r3.x\n");
	EmuLaunch l;
	EmuResult r;
	int32_t out[48] = {0};
	int i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	launch_1d(&l, 48, 16);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	for (i = 0; i < 48; i++)
		CU_ASSERT_EQUAL(word(&r, 0, i), divergent_ref(i));
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* integer edge cases: shifts mask their count, udiv/umod by zero, ftoi
 * saturation and NaN, swizzle selectors 0/1, _neg on an integer add */
static void test_int_edges(void)
{
	Kernel *k = body("dcl_literal l12, 33, 0xFFFFFFFF, 0x7F800000, 0x4F800000\n"
	                 "dcl_literal l13, 0x7FC00000, 0xCF800000, 7, 0\n"
	                 "ishl r3.x, l10.y, l12.x\n"       /* 1 << (33 & 31) = 2 */
	                 "udiv r3.y, l13.z, l13.w\n"       /* 7 / 0 */
	                 "umod r3.z, l13.z, l13.w\n"       /* 7 % 0 */
	                 "ftoi r3.w, l12.w\n"              /* 2^32 -> INT_MAX */
	                 "uav_raw_store_id(12) mem0.xyzw, r8.x, r3\n"
	                 "ftoi r4.x, l13.x\n"              /* NaN -> 0 */
	                 "ftoi r4.y, l13.y\n"              /* -2^32 -> INT_MIN */
	                 "ftou r4.z, l13.y\n"              /* negative -> 0 */
	                 "iadd r4.w, l13.z, l10.w_neg(w)\n" /* 7 - 10 (neg lists result lanes) */
	                 "iadd r8.x, r8.x, l0.w\n"
	                 "iadd r8.x, r8.x, l0.w\n"
	                 "iadd r8.x, r8.x, l0.w\n"
	                 "iadd r8.x, r8.x, l0.w\n"
	                 "iadd r8.x, r8.x, l0.w\n"
	                 "iadd r8.x, r8.x, l0.y\n"
	                 "uav_raw_store_id(12) mem0.xyzw, r8.x, r4\n"
	                 "mov r5, l13.01x0\n"
	                 "iadd r8.x, r8.x, l0.x\n"
	                 "iadd r8.x, r8.x, l0.x\n"
	                 "iadd r8.x, r8.x, l0.x\n"
	                 "iadd r8.x, r8.x, l0.x\n"
	                 "uav_raw_store_id(12) mem0.xyzw, r8.x, r5\n");
	EmuLaunch l;
	EmuResult r;
	int32_t out[12] = {0};
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	launch_1d(&l, 1, 1);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	CU_ASSERT_FATAL(run_ok(k, &l, &r));
	CU_ASSERT_EQUAL(word(&r, 0, 0), 2);
	CU_ASSERT_EQUAL(word(&r, 0, 1), -1);
	CU_ASSERT_EQUAL(word(&r, 0, 2), -1);
	CU_ASSERT_EQUAL(word(&r, 0, 3), 0x7fffffff);
	CU_ASSERT_EQUAL(word(&r, 0, 4), 0);
	CU_ASSERT_EQUAL(word(&r, 0, 5), (int32_t)0x80000000u);
	CU_ASSERT_EQUAL(word(&r, 0, 6), 0);
	CU_ASSERT_EQUAL(word(&r, 0, 7), -3);
	CU_ASSERT_EQUAL(word(&r, 0, 8), 0);
	CU_ASSERT_EQUAL(word(&r, 0, 9), 0x3f800000);
	CU_ASSERT_EQUAL(word(&r, 0, 10), 0x7fc00000);
	CU_ASSERT_EQUAL(word(&r, 0, 11), 0);
	emu_result_free(&r);
	emu_launch_free(&l);
}

static void test_refusals(void)
{
	EmuLaunch l;
	EmuResult r;
	int32_t out[4] = {0};
	Kernel *k = body("dfrexp r3.xyzw, r2.xyxy\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	launch_1d(&l, 4, 4);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	memset(&r, 0, sizeof r);
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), -1);
	CU_ASSERT_EQUAL(r.ok, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r.error);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.error, "emu.il:33: instruction 'dfrexp' is not emulated"));
	emu_result_free(&r);
	/* a cb0 slot the runtime does not fill, read at run time */
	k = body("mov r3.x, cb0[3].x\nuav_raw_store_id(12) mem0.x___, r8.x, r3.x\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), -1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(r.error);
	CU_ASSERT_PTR_NOT_NULL(strstr(r.error, "work-item 0 "));
	CU_ASSERT_PTR_NOT_NULL(strstr(r.error, "emu.il:33: 'mov': reads cb0[3].x"));
	emu_result_free(&r);
	/* a loop that never ends hits the step limit */
	k = body("whileloop\nendloop\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	l.step_limit = 1000;
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), 0);
	CU_ASSERT_EQUAL(r.ok, 0);
	CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "step limit"));
	emu_result_free(&r);
	/* a store outside every buffer */
	k = body("iadd r8.x, r8.x, l11.x\nuav_raw_store_id(12) mem0.x___, r8.x, r2.x\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), 0);
	CU_ASSERT_EQUAL(r.ok, 0);
	CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "outside every buffer bound to it"));
	emu_result_free(&r);
	emu_launch_free(&l);
	/* an image argument given a buffer */
	k = load_file("image_rw_2d.il", "image_rw_2d");
	CU_ASSERT_PTR_NOT_NULL_FATAL(k);
	img_case(IC_RW_2D, &l);
	l.args.v[0].kind = EA_BUFFER;
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), -1);
	CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "argument 'src' is an image in the metadata"));
	emu_result_free(&r);
	emu_launch_free(&l);
	/* repeat with unnormalized coordinates is undefined: refused where it is used */
	img_case(IC_RW_2D, &l);
	l.args.v[1].sampler.addressing = EMU_CL_ADDRESS_REPEAT;
	CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), -1);
	CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "repeat and mirrored repeat need normalized"));
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* the image kernels: samplers, formats, layers, queries */
static void test_images(void)
{
	int which;
	for (which = 0; which < IC_COUNT; which++) {
		char *file = xasprintf("%s.il", img_case_file(which));
		Kernel *k = load_file(file, img_case_file(which));
		EmuLaunch l;
		EmuResult r;
		CU_ASSERT_PTR_NOT_NULL_FATAL(k);
		img_case(which, &l);
		memset(&r, 0, sizeof r);
		CU_ASSERT_EQUAL(emu_amd_run(prog, k, &l, &r), 0);
		CU_ASSERT_EQUAL(img_check(which, &l, &r), 0);
		emu_result_free(&r);
		emu_launch_free(&l);
		free(file);
	}
}

/* every kernel of tests/kernels runs to its end with generic arguments
 * (buffers of 64 KiB, small by-value numbers, CL_FLOAT images covering the
 * range, nearest clamp-to-edge unnormalized samplers) */
/* a CL_FLOAT RGBA image of the argument's dimension: 256 wide, 16 high,
 * 8 deep or 8 layers, zero texels */
static void generic_image(EmuLaunch *l, const MdArg *m)
{
	static const struct { const char *dim; EmuImageType t; } dims[] = {
		{"1D", EI_1D}, {"1DA", EI_1D_ARRAY}, {"1DB", EI_1D_BUFFER}, {"2D", EI_2D},
		{"2DA", EI_2D_ARRAY}, {"3D", EI_3D},
	};
	EmuArg a;
	EmuImage *d = &a.image;
	size_t i;
	memset(&a, 0, sizeof a);
	a.kind = EA_IMAGE;
	for (i = 0; i < NELEM(dims); i++)
		if (!strcmp(dims[i].dim, m->dim))
			d->type = dims[i].t;
	d->width = 256;
	d->height = d->type == EI_2D || d->type == EI_2D_ARRAY || d->type == EI_3D ? 16 : 1;
	d->depth = d->type == EI_3D ? 8 : 1;
	d->array_size = d->type == EI_1D_ARRAY || d->type == EI_2D_ARRAY ? 8 : 0;
	d->order = EMU_CL_RGBA;
	d->data_type = EMU_CL_FLOAT;
	d->texel = 16;
	d->row_pitch = 16 * 256;
	d->slice_pitch = d->row_pitch * d->height;
	a.size = (size_t)d->slice_pitch * (d->depth > 1 ? d->depth : d->array_size ? d->array_size : 1);
	a.bytes = xcalloc(a.size, 1);
	vec_push(&l->args, a);
}

/* dimension d (0 x, 1 y) of a kernel's required group size
 * (reqd_work_group_size, else dcl_num_thread_per_group), 0 when it has none */
static int required_local(const Kernel *k, int d)
{
	size_t f, i;
	if (k->md->cws[0])
		return k->md->cws[d];
	for (f = 0; f < k->funcs.n; f++)
		for (i = 0; i < k->funcs.v[f]->code.n; i++) {
			const Inst *in = &k->funcs.v[f]->code.v[i];
			if (in->op == OP_DCL_NUM_THREAD_PER_GROUP && in->nops > d && in->ops[d].file == RF_NUMBER)
				return (int)in->ops[d].num;
		}
	return 0;
}

static void run_generic(const char *file, Kernel *k)
{
	EmuLaunch l;
	EmuResult r;
	size_t i, j;
	int two = strstr(file, "2d") != NULL, rc, req = required_local(k, 0), reqy = required_local(k, 1), nhl = 0;
	/* __local arguments share AMD's 32 KiB of LDS (1 KiB left for static
	 * __local data); buffers hold 256 words a work-item (bin_hist) */
	for (i = 0; i < k->md->args.n; i++)
		nhl += k->md->args.v[i].kind == MA_POINTER && !strcmp(k->md->args.v[i].mem, "hl");
	launch_1d(&l, two ? 16 : 256, two ? 8 : req > 0 && 256 % req == 0 ? req : 64);
	if (two)
		l.range.dim = 2, l.range.global[1] = 16, l.range.local[1] = 8;
	else if (reqy > 1) /* a required 2-D group: two groups in y */
		l.range.dim = 2, l.range.global[1] = 2 * (uint32_t)reqy, l.range.local[1] = (uint32_t)reqy;
	l.printf_slot = 1024;
	for (i = 0; i < k->md->args.n; i++) {
		const MdArg *a = &k->md->args.v[i];
		if (a->kind == MA_IMAGE) {
			generic_image(&l, a);
		} else if (a->kind == MA_SAMPLER) {
			EmuArg s;
			memset(&s, 0, sizeof s);
			s.kind = EA_SAMPLER;
			s.sampler.addressing = EMU_CL_ADDRESS_CLAMP_TO_EDGE;
			s.sampler.filter = EMU_CL_FILTER_NEAREST;
			vec_push(&l.args, s);
		} else if (a->kind == MA_POINTER && !strcmp(a->mem, "hl")) {
			add_arg(&l, EA_LOCAL, NULL, (size_t)(31744 / nhl) & ~(size_t)15);
		} else if (a->kind == MA_COUNTER) {
			uint32_t c = 7; /* the counter's buffer: its value */
			add_arg(&l, EA_BUFFER, &c, 4);
		} else if (a->kind == MA_POINTER) {
			uint32_t *b = xmalloc(262144);
			for (j = 0; j < 262144 / 4; j++)
				b[j] = (uint32_t)(j % 13);
			add_arg(&l, EA_BUFFER, b, 262144);
			free(b);
		} else {
			uint8_t v[256] = {16};
			add_arg(&l, EA_VALUE, v, a->size > 0 && a->size <= 256 ? (size_t)a->size : 4);
		}
	}
	memset(&r, 0, sizeof r);
	rc = emu_amd_run(prog, k, &l, &r);
	if (rc || !r.ok)
		fprintf(stderr, "\n%s: %s\n", file, r.error ? r.error : "?");
	CU_ASSERT(rc == 0 && r.ok);
	CU_ASSERT_EQUAL(r.buffers.n, k->md->args.n);
	emu_result_free(&r);
	emu_launch_free(&l);
}

static void test_corpus(void)
{
	char *dir = xasprintf("%s/tests/kernels", TEST_SRCDIR);
	DIR *d = opendir(dir);
	struct dirent *e;
	int files = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(d);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name), i;
		char *path, *t;
		if (n < 4 || strcmp(e->d_name + n - 3, ".il"))
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		t = read_file(path, &n);
		CU_ASSERT_PTR_NOT_NULL_FATAL(t);
		files++;
		load_text(path, t, ""); /* no kernel has this name: parses only */
		if (prog)
			for (i = 0; i < prog->kernels.n; i++) {
				CU_ASSERT_EQUAL_FATAL(md_link(prog, prog->kernels.v[i]), 0);
				run_generic(e->d_name, prog->kernels.v[i]);
			}
		else
			CU_FAIL("a test kernel does not parse");
		free(t);
		free(path);
	}
	closedir(d);
	free(dir);
	CU_ASSERT(files >= 20);
}

static int suite_init(void)
{
	return capture_start();
}

static int suite_clean(void)
{
	release();
	capture_stop();
	return 0;
}

int add_emu_amd_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"saxpy", test_saxpy},
		{"lds_reduce (barriers, loop)", test_lds_reduce},
		{"lds64 (lds_load64, lds_store64)", test_lds64},
		{"multi_kernel_data (helper call, data segment)", test_multi_kernel_data},
		{"printf_items (records, text)", test_printf_items},
		{"shared_uav (one UAV, three buffers)", test_shared_uav},
		{"eg_dummy_write (Evergreen UAV 11)", test_eg_dummy_write},
		{"private_array (private UAV)", test_private_array},
		{"divergent control flow", test_divergent},
		{"integer and conversion edge cases", test_int_edges},
		{"image kernels (samplers, formats, layers, queries)", test_images},
		{"refusals and run errors", test_refusals},
		{"every kernel of tests/kernels", test_corpus},
	};
	CU_pSuite s = CU_add_suite("emu_amd", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
