/* test_emu_ze.c - CUnit tests for the Level Zero side of the emulator
 * (src/emu/zeread.c, visa_parse.c, visa_exec.c, zeprintf.c, ze.c).
 *
 * add_emu_ze_suite() registers the suite "emu_ze".  Hand-written vISA
 * kernels run with zebins built in memory by zebin_write_data (written to a
 * private mkdtemp directory and read back with zeimage_read); the end-to-end
 * tests run the real translator ($TRANSLATE, as run-all.sh sets it) on
 * tests/kernels/saxpy.il at SIMD8, 16 and 32 and check y = a*x + y, and on
 * the image kernels with the launches and expectations of imgcases.c.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "emu/zeint.h"
#include "testutil.h"

static char *tdir;


/* ---- helpers ------------------------------------------------------------ */

static int suite_init(void)
{
	tdir = scratch_dir("test_emu_ze");
	return tdir ? 0 : -1;
}

static int suite_clean(void)
{
	remove_tree(tdir);
	free(tdir);
	tdir = NULL;
	return 0;
}

static void add_arg(EmuLaunch *l, EmuArgKind k, const void *bytes, size_t n)
{
	EmuArg a;
	memset(&a, 0, sizeof a);
	a.kind = k;
	a.size = n;
	a.bytes = xcalloc(n ? n : 1, 1);
	if (bytes)
		memcpy(a.bytes, bytes, n);
	vec_push(&l->args, a);
}

static void range1(EmuLaunch *l, uint32_t global, uint32_t local)
{
	memset(l, 0, sizeof *l);
	l->range.dim = 1;
	l->range.global[0] = global;
	l->range.local[0] = local;
	l->range.global[1] = l->range.global[2] = l->range.local[1] = l->range.local[2] = 1;
}

static ZeArg zarg(ZeArgType t, int off, int size, int index)
{
	ZeArg a;
	memset(&a, 0, sizeof a);
	a.type = t;
	a.offset = off;
	a.size = size;
	a.arg_index = index;
	a.source_offset = -1;
	if (t == ZA_ARG_BYPOINTER) {
		a.addrmode = ZM_STATELESS;
		a.addrspace = ZS_GLOBAL;
		a.access = ZC_READWRITE;
	}
	return a;
}

/* A kernel named "k" at SIMD simd whose payload arguments are args. */
static void kernel(ZeKernel *k, int simd, const ZeArg *args, size_t n)
{
	size_t i;
	memset(k, 0, sizeof *k);
	k->name = "k";
	k->simd = simd;
	k->grf_count = 128;
	k->local_id_size = 3 * (simd == 32 ? 64 : 32);
	for (i = 0; i < n; i++)
		vec_push(&k->args, args[i]);
}

/* zebin_write_data -> file -> zeimage_read */
static int image(ZeKernel *k, const ZeData *data, size_t nd, ZeImage *z, char **err)
{
	char *path = xasprintf("%s/k.bin", tdir), *file;
	ZeKernel *ks[1];
	size_t n;
	int rc;
	ks[0] = k;
	CU_ASSERT_EQUAL_FATAL(zebin_write_data(path, &test_tgllp, ks, 1, data, nd, err), 0);
	file = read_file(path, &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	rc = zeimage_read((const uint8_t *)file, n, z, err);
	free(file);
	free(path);
	return rc;
}

/* runs text as kernel k; returns emu_ze_run's value */
static int run(const char *text, ZeKernel *k, const ZeData *data, size_t nd, const EmuLaunch *l,
               EmuResult *r)
{
	ZeImage z;
	char *err = NULL;
	int rc;
	if (image(k, data, nd, &z, &err)) {
		printf("\n  zebin: %s\n", err);
		free(err);
		CU_FAIL("zeimage_read");
		memset(r, 0, sizeof *r);
		return -1;
	}
	rc = emu_ze_run(text, &z, "k", l, r);
	if (r->error && rc == 0 && !getenv("QUIET"))
		printf("\n  run: %s\n", r->error);
	zeimage_free(&z);
	vec_free(&k->args);
	return rc;
}

static uint32_t u32_at(const Buf *b, size_t i)
{
	uint32_t v;
	memcpy(&v, b->s + 4 * i, 4);
	return v;
}

/* SIMD8 header: lid x as uw at 32, a buffer pointer at cross-thread 0 */
#define HEAD8 \
	".version 4.1\n.kernel \"k\"\n" \
	".decl LID v_type=G type=uw num_elts=8 align=GRF\n" \
	".decl PTR v_type=G type=ud num_elts=2 align=qword\n" \
	".decl X v_type=G type=d num_elts=8 align=GRF\n" \
	".decl ACC v_type=G type=d num_elts=8 align=GRF\n" \
	".decl J v_type=G type=d num_elts=8 align=GRF\n" \
	".decl OFF v_type=G type=ud num_elts=8 align=GRF\n" \
	".decl LO v_type=G type=ud num_elts=8 align=GRF\n" \
	".decl CY v_type=G type=ud num_elts=8 align=GRF\n" \
	".decl HI v_type=G type=ud num_elts=8 align=GRF\n" \
	".decl ADDR v_type=G type=uq num_elts=8 align=GRF\n" \
	".decl ADDR_ud v_type=G type=ud num_elts=16 align=GRF alias=<ADDR, 0>\n" \
	".decl P1 v_type=P num_elts=8\n" \
	".decl P2 v_type=P num_elts=8\n" \
	".input LID offset=32 size=16\n" \
	".input PTR offset=128 size=8\n" \
	".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=8\n" \
	".function \"_main\"\n_main:\n" \
	"    mov (M1, 8) X(0,0)<1> LID(0,0)<1;1,0>\n"

/* stores ACC at PTR + 4 * X with the translator's 64-bit carry pattern */
#define STORE8 \
	"    shl (M1, 8) OFF(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n" \
	"    addc (M1, 8) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PTR(0,0)<0;1,0>\n" \
	"    add (M1, 8) HI(0,0)<1> CY(0,0)<1;1,0> PTR(0,1)<0;1,0>\n" \
	"    mov (M1, 8) ADDR_ud(0,0)<2> LO(0,0)<1;1,0>\n" \
	"    mov (M1, 8) ADDR_ud(0,1)<2> HI(0,0)<1;1,0>\n" \
	"    svm_scatter4scaled.R (M1, 8) 0x0:uq ADDR.0 ACC.0\n"

static int run8(const char *text, uint32_t *out, size_t nout, EmuResult *r, int scratch, int slm)
{
	ZeKernel k;
	ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
	EmuLaunch l;
	int rc;
	kernel(&k, 8, &a, 1);
	k.scratch_size = scratch;
	k.slm_size = slm;
	k.barrier_count = slm > 0;
	range1(&l, 8, 8);
	add_arg(&l, EA_BUFFER, out, 4 * nout);
	rc = run(text, &k, NULL, 0, &l, r);
	emu_launch_free(&l);
	return rc;
}

/* ADDR = PTR + OFF with the 64-bit carry */
#define ADDR_OFF8 \
	"    addc (M1, 8) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PTR(0,0)<0;1,0>\n" \
	"    add (M1, 8) HI(0,0)<1> CY(0,0)<1;1,0> PTR(0,1)<0;1,0>\n" \
	"    mov (M1, 8) ADDR_ud(0,0)<2> LO(0,0)<1;1,0>\n" \
	"    mov (M1, 8) ADDR_ud(0,1)<2> HI(0,0)<1;1,0>\n"
#define ADDR_SHL8(SH) "    shl (M1, 8) OFF(0,0)<1> X(0,0)<1;1,0> " SH ":ud\n" ADDR_OFF8

/* ---- tests ----------------------------------------------------------------- */

/* A 64-byte-GRF XeHP-class device (pvc's layout): r0 and each local-id
 * channel one 64-byte GRF, cross-thread data at 256, operand rows of 64
 * bytes (X2(1,0) is byte 64, read back raw at X2.64), PerThreadInputSize;
 * the same zebin is refused on a device whose walker loads the payload or
 * that delivers inline data. */
static void test_grf64_payload(void)
{
	static const char text[] =
		".version 4.1\n.kernel \"k\"\n"
		".decl LID v_type=G type=uw num_elts=16 align=GRF\n"
		".decl PTR v_type=G type=ud num_elts=2 align=qword\n"
		".decl X v_type=G type=d num_elts=16 align=GRF\n"
		".decl X2 v_type=G type=d num_elts=32 align=GRF\n"
		".decl OFF v_type=G type=ud num_elts=16 align=GRF\n"
		".decl LO v_type=G type=ud num_elts=16 align=GRF\n"
		".decl CY v_type=G type=ud num_elts=16 align=GRF\n"
		".decl HI v_type=G type=ud num_elts=16 align=GRF\n"
		".decl ADDR v_type=G type=uq num_elts=16 align=GRF\n"
		".decl ADDR_ud v_type=G type=ud num_elts=32 align=GRF alias=<ADDR, 0>\n"
		".input LID offset=64 size=32\n"
		".input PTR offset=256 size=8\n"
		".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=16\n"
		".kernel_attr PerThreadInputSize=192\n"
		".function \"_main\"\n_main:\n"
		"    mov (M1, 16) X(0,0)<1> LID(0,0)<1;1,0>\n"
		"    add (M1, 16) X2(1,0)<1> X(0,0)<1;1,0> 0x64:d\n"
		"    shl (M1, 16) OFF(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PTR(0,0)<0;1,0>\n"
		"    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PTR(0,1)<0;1,0>\n"
		"    mov (M1, 16) ADDR_ud(0,0)<2> LO(0,0)<1;1,0>\n"
		"    mov (M1, 16) ADDR_ud(0,1)<2> HI(0,0)<1;1,0>\n"
		"    svm_scatter4scaled.R (M1, 16) 0x0:uq ADDR.0 X2.64\n"
		"    ret (M1, 1)\n";
	int dev;
	for (dev = 0; dev < 3; dev++) {
		uint32_t out[16] = {0};
		ZeKernel k;
		ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
		EmuLaunch l;
		EmuResult r;
		int i, rc;
		kernel(&k, 16, &a, 1);
		k.local_id_size = 3 * 64;
		range1(&l, 16, 16);
		l.grf_bytes = 64;
		l.thread_prolog = dev != 1;  /* 1: a walker that loads the payload */
		l.inline_data = dev == 2;    /* 2: inline data the zebin does not expect */
		add_arg(&l, EA_BUFFER, out, sizeof out);
		rc = run(text, &k, NULL, 0, &l, &r);
		if (dev == 0) {
			CU_ASSERT_EQUAL(rc, 0);
			CU_ASSERT_TRUE(r.ok);
			if (r.ok)
				for (i = 0; i < 16; i++)
					CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i), (uint32_t)(100 + i));
		} else {
			CU_ASSERT_EQUAL(rc, -1);
			CU_ASSERT_PTR_NOT_NULL(r.error);
			CU_ASSERT(r.error && strstr(r.error, dev == 1 ? "PerThreadInputSize on a device" :
			                            "inline_data_payload_size 0, the device delivers 32"));
		}
		emu_result_free(&r);
		emu_launch_free(&l);
	}
}

/* if/else and a loop with continue and break, all divergent */
static void test_goto_join(void)
{
	static const char text[] = HEAD8
		"    cmp.lt (M1, 8) P1 X(0,0)<1;1,0> 0x4:d\n"
		"    (!P1) goto (M1, 8) ELSE\n"
		"    mov (M1, 8) ACC(0,0)<1> 0x64:d\n"
		"    goto (M1, 8) ENDIF\n"
		"ELSE:\n"
		"    mov (M1, 8) ACC(0,0)<1> 0xc8:d\n"
		"ENDIF:\n"
		"    mov (M1, 8) J(0,0)<1> 0x0:d\n"
		"LOOP:\n"
		"    cmp.eq (M1, 8) P1 J(0,0)<1;1,0> X(0,0)<1;1,0>\n"
		"    (P1) goto (M1, 8) CONT\n"
		"    cmp.gt (M1, 8) P2 J(0,0)<1;1,0> 0x5:d\n"
		"    (P2) goto (M1, 8) BREAK\n"
		"    add (M1, 8) ACC(0,0)<1> ACC(0,0)<1;1,0> J(0,0)<1;1,0>\n"
		"CONT:\n"
		"    add (M1, 8) J(0,0)<1> J(0,0)<1;1,0> 0x1:d\n"
		"    cmp.lt (M1, 8) P1 J(0,0)<1;1,0> 0x8:d\n"
		"    (P1) goto (M1, 8) LOOP\n"
		"BREAK:\n"
		STORE8
		"    ret (M1, 1)\n";
	uint32_t out[8] = {0};
	EmuResult r;
	int i;
	CU_ASSERT_EQUAL(run8(text, out, 8, &r, 0, 0), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 8; i++)
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i),
			                (uint32_t)((i < 4 ? 100 : 200) + 15 - (i <= 5 ? i : 0)));
	emu_result_free(&r);
}

/* a subroutine entered by some lanes, diverging inside */
static void test_call_ret(void)
{
	static const char text[] = HEAD8
		"    mov (M1, 8) ACC(0,0)<1> 0x1:d\n"
		"    cmp.lt (M1, 8) P1 X(0,0)<1;1,0> 0x3:d\n"
		"    (!P1) goto (M1, 8) SKIP\n"
		"    call (M1, 8) SUB\n"
		"SKIP:\n"
		STORE8
		"    ret (M1, 1)\n"
		".function \"SUB\"\n"
		"SUB:\n"
		"    add (M1, 8) ACC(0,0)<1> ACC(0,0)<1;1,0> 0x10:d\n"
		"    cmp.eq (M1, 8) P2 X(0,0)<1;1,0> 0x1:d\n"
		"    (P2) goto (M1, 8) SUBEND\n"
		"    add (M1, 8) ACC(0,0)<1> ACC(0,0)<1;1,0> 0x100:d\n"
		"SUBEND:\n"
		"    ret (M1, 8)\n";
	static const uint32_t want[8] = {0x111, 0x11, 0x111, 1, 1, 1, 1, 1};
	uint32_t out[8] = {0};
	EmuResult r;
	int i;
	CU_ASSERT_EQUAL(run8(text, out, 8, &r, 0, 0), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 8; i++)
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i), want[i]);
	emu_result_free(&r);
}

/* SIMD16 lanes store 256 bytes apart into a 4 KiB buffer that straddles a
 * 4 GiB boundary: without the carry the upper lanes miss the buffer */
static void test_address_carry(void)
{
	static const char text[] =
		".version 4.1\n.kernel \"k\"\n"
		".decl LID v_type=G type=uw num_elts=16 align=GRF\n"
		".decl PTR v_type=G type=ud num_elts=2 align=qword\n"
		".decl V v_type=G type=ud num_elts=16 align=GRF\n"
		".decl OFF v_type=G type=ud num_elts=16 align=GRF\n"
		".decl LO v_type=G type=ud num_elts=16 align=GRF\n"
		".decl CY v_type=G type=ud num_elts=16 align=GRF\n"
		".decl HI v_type=G type=ud num_elts=16 align=GRF\n"
		".decl ADDR v_type=G type=uq num_elts=16 align=GRF\n"
		".decl ADDR_ud v_type=G type=ud num_elts=32 align=GRF alias=<ADDR, 0>\n"
		".input LID offset=32 size=32\n"
		".input PTR offset=128 size=8\n"
		".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=16\n"
		".function \"_main\"\n_main:\n"
		"    mov (M1, 16) V(0,0)<1> LID(0,0)<1;1,0>\n"
		"    shl (M1, 16) OFF(0,0)<1> V(0,0)<1;1,0> 0x8:ud\n"
		"    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PTR(0,0)<0;1,0>\n"
		"    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PTR(0,1)<0;1,0>\n"
		"    mov (M1, 16) ADDR_ud(0,0)<2> LO(0,0)<1;1,0>\n"
		"    mov (M1, 16) ADDR_ud(0,1)<2> HI(0,0)<1;1,0>\n"
		"    svm_scatter4scaled.R (M1, 8) 0x0:uq ADDR.0 V.0\n"
		"    svm_scatter4scaled.R (M3, 8) 0x0:uq ADDR.64 V.32\n"
		"    ret (M1, 1)\n";
	static const char no_carry[] = "    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PTR(0,1)<0;1,0>\n";
	char *bad = xstrdup(text), *at = strstr(bad, no_carry);
	ZeKernel k;
	ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
	EmuLaunch l;
	EmuResult r;
	int i;
	kernel(&k, 16, &a, 1);
	range1(&l, 16, 16);
	add_arg(&l, EA_BUFFER, NULL, 4096);
	CU_ASSERT_EQUAL(run(text, &k, NULL, 0, &l, &r), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 16; i++)
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i * 64), (uint32_t)i);
	emu_result_free(&r);
	/* the same without the carry: an out-of-bounds store naming the lane */
	memcpy(at, "    mov (M1, 16) HI(0,0)<1> PTR(0,1)<0;1,0>", strlen("    mov (M1, 16) HI(0,0)<1> PTR(0,1)<0;1,0>"));
	memset(at + strlen("    mov (M1, 16) HI(0,0)<1> PTR(0,1)<0;1,0>"), ' ',
	       strlen(no_carry) - 1 - strlen("    mov (M1, 16) HI(0,0)<1> PTR(0,1)<0;1,0>"));
	kernel(&k, 16, &a, 1);
	setenv("QUIET", "1", 1);
	CU_ASSERT_EQUAL(run(bad, &k, NULL, 0, &l, &r), 0);
	unsetenv("QUIET");
	CU_ASSERT_FALSE(r.ok);
	CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "store of 4 bytes at 0x") ? r.error : NULL);
	CU_ASSERT_PTR_NOT_NULL(r.error ? strstr(r.error, "outside every buffer") : NULL);
	emu_result_free(&r);
	emu_launch_free(&l);
	free(bad);
}

/* 4 threads of SIMD8: SLM stores, an SLM atomic counter, a barrier, loads */
static void test_slm_barrier(void)
{
	static const char text[] = HEAD8
		".decl SA v_type=G type=ud num_elts=8 align=GRF\n"
		".decl ONE v_type=G type=ud num_elts=8 align=GRF\n"
		".decl CNT v_type=G type=ud num_elts=8 align=GRF\n"
		"    mul (M1, 8) ACC(0,0)<1> X(0,0)<1;1,0> 0x3:d\n"
		"    shl (M1, 8) SA(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    scatter4_scaled.R (M1, 8) %slm 0x0:ud SA.0 ACC.0\n"
		"    mov (M1, 8) ONE(0,0)<1> 0x80:ud\n"
		"    mov (M1, 8) CNT(0,0)<1> 0x0:ud\n"
		/* SLM starts as garbage: the counter is cleared before a barrier */
		"    scatter4_scaled.R (M1, 8) %slm 0x0:ud ONE.0 CNT.0\n"
		"    fence_local.E\n"
		"    barrier\n"
		"    mov (M1, 8) CNT(0,0)<1> 0x1:ud\n"
		"    dword_atomic.add (M1, 8) %slm ONE.0 CNT.0 %null.0 %null.0\n"
		"    fence_local.E\n"
		"    barrier\n"
		"    add (M1, 8) J(0,0)<1> X(0,0)<1;1,0> 0x8:d\n"
		"    and (M1, 8) J(0,0)<1> J(0,0)<1;1,0> 0x1f:d\n"
		"    shl (M1, 8) SA(0,0)<1> J(0,0)<1;1,0> 0x2:ud\n"
		"    gather4_scaled.R (M1, 8) %slm 0x0:ud SA.0 ACC.0\n"
		STORE8
		"    gather4_scaled.R (M1, 8) %slm 0x0:ud ONE.0 ACC.0\n"
		"    add (M1, 8) X(0,0)<1> X(0,0)<1;1,0> 0x20:d\n"
		STORE8
		"    ret (M1, 1)\n";
	uint32_t out[64] = {0};
	ZeKernel k;
	ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
	EmuLaunch l;
	EmuResult r;
	int i;
	/* lid.x of each lane comes from the payload: threads 0..3 get 0..31 */
	kernel(&k, 8, &a, 1);
	k.slm_size = 256;
	k.barrier_count = 1;
	range1(&l, 32, 32);
	add_arg(&l, EA_BUFFER, out, sizeof out);
	CU_ASSERT_EQUAL(run(text, &k, NULL, 0, &l, &r), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 32; i++) {
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i), (uint32_t)((i + 8) % 32 * 3));
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i + 32), 32u);
		}
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* LSC messages (vISA LSC_UNTYPED semantics), one SIMD8 thread: a d32x2
 * vector (component blocks one GRF apart), an immediate address offset,
 * a transposed d32x4t, a predicated store, d8c32 zero-extending loads, a
 * d16c32 store, iadd returning old values in lane order, icas (src1
 * compared, src2 stored), SLM, and ss() scratch at r0.5 >> 4; another
 * thread's scratch surface is an error.  The expected buffer is computed
 * here from the initial bytes, element by element. */
static void test_lsc(void)
{
	static const char text[] = HEAD8
		".decl D v_type=G type=ud num_elts=16 align=GRF\n"
		".decl B v_type=G type=ud num_elts=8 align=GRF\n"
		".decl R v_type=G type=ud num_elts=8 align=GRF\n"
		".decl V v_type=G type=ud num_elts=8 align=GRF\n"
		".decl C v_type=G type=ud num_elts=8 align=GRF\n"
		".decl T v_type=G type=ud num_elts=8 align=GRF\n"
		".decl SS v_type=G type=ud num_elts=1 align=dword\n"
		".decl SO v_type=G type=ud num_elts=8 align=GRF\n"
		ADDR_SHL8("0x2")
		"    lsc_load.ugm (M1, 8) D:d32x2 flat[ADDR]:a64\n"
		"    lsc_store.ugm (M1, 8) flat[ADDR+0x40]:a64 D.32:d32\n"
		"    lsc_load.ugm (M1_NM, 1) T:d32x4t flat[ADDR]:a64\n"
		"    lsc_store.ugm (M1_NM, 1) flat[ADDR+0xe0]:a64 T:d32x4t\n"
		"    cmp.lt (M1, 8) P1 X(0,0)<1;1,0> 0x4:d\n"
		"    (P1) lsc_store.ugm (M1, 8) flat[ADDR+0x100]:a64 X:d32\n"
		ADDR_SHL8("0x0")
		"    lsc_load.ugm (M1, 8) B:d8c32 flat[ADDR]:a64\n"
		ADDR_SHL8("0x1")
		"    mul (M1, 8) V(0,0)<1> X(0,0)<1;1,0> 0x1111:ud\n"
		"    or (M1, 8) V(0,0)<1> V(0,0)<1;1,0> 0xabcd0000:ud\n"
		"    lsc_store.ugm (M1, 8) flat[ADDR+0x80]:a64 V:d16c32\n"
		"    mov (M1, 8) OFF(0,0)<1> 0xa0:ud\n"
		ADDR_OFF8
		"    add (M1, 8) V(0,0)<1> X(0,0)<1;1,0> 0x1:ud\n"
		"    lsc_atomic_iadd.ugm (M1, 8) R:d32 flat[ADDR]:a64 V %null\n"
		"    add (M1, 8) V(0,0)<1> X(0,0)<1;1,0> 0x64:ud\n"
		"    mov (M1, 8) C(0,0)<1> 0x77:ud\n"
		"    lsc_atomic_icas.ugm (M1, 8) %null:d32 flat[ADDR+0x4]:a64 C V\n"
		ADDR_SHL8("0x2")
		"    lsc_store.ugm (M1, 8) flat[ADDR+0xc0]:a64 R:d32\n"
		"    lsc_store.ugm (M1, 8) flat[ADDR+0x60]:a64 B:d32\n"
		"    shl (M1, 8) SO(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    mul (M1, 8) V(0,0)<1> X(0,0)<1;1,0> 0x5:ud\n"
		"    lsc_store.slm (M1, 8) flat[SO]:a32 V:d32\n"
		"    lsc_fence.slm.none.group\n"
		"    add (M1, 8) J(0,0)<1> (-)X(0,0)<1;1,0> 0x7:d\n"
		"    shl (M1, 8) SO(0,0)<1> J(0,0)<1;1,0> 0x2:ud\n"
		"    lsc_load.slm (M1, 8) V:d32 flat[SO]:a32\n"
		"    lsc_store.ugm (M1, 8) flat[ADDR+0x120]:a64 V:d32\n"
		"    shr (M1_NM, 1) SS(0,0)<1> %r0(0,5)<0;1,0> 0x4:ud\n"
		"    shl (M1, 8) SO(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    mul (M1, 8) V(0,0)<1> X(0,0)<1;1,0> 0x9:ud\n"
		"    lsc_store.ugm.wb.wb (M1, 8) ss(SS)[SO]:a32 V:d32\n"
		"    mov (M1, 8) V(0,0)<1> 0x0:ud\n"
		"    lsc_load.ugm (M1, 8) V:d32 ss(SS)[SO]:a32\n"
		"    lsc_fence.ugm.invalidate.gpu\n"
		"    lsc_store.ugm (M1, 8) flat[ADDR+0x140]:a64 V:d32\n"
		"    ret (M1, 1)\n";
	uint32_t init[96], exp[96];
	uint16_t sh[8];
	char *other = xstrdup(text), *at = strstr(other, "0x4:ud\n    shl");
	EmuResult r;
	int i, n;
	for (i = 0; i < 96; i++)
		init[i] = (0x03020100u + 0x04040404u * (uint32_t)i) ^ 0x80808080u; /* byte k: k ^ 0x80 */
	init[41] = 0x77;
	memcpy(exp, init, sizeof exp);
	for (n = 0; n < 8; n++) {
		exp[16 + n] = init[n + 1];                           /* block 1 of d32x2 */
		exp[24 + n] = (uint32_t)(n ^ 0x80);                   /* byte n, zero-extended */
		sh[n] = (uint16_t)(0x1111 * n);                       /* low half of V */
		exp[48 + n] = init[40] + (uint32_t)(n * (n + 1) / 2); /* old values, lanes in order */
		exp[72 + n] = (uint32_t)(5 * (7 - n));
		exp[80 + n] = (uint32_t)(9 * n);
	}
	memcpy((uint8_t *)exp + 128, sh, sizeof sh);
	exp[40] = init[40] + 36;
	exp[41] = 100;                                            /* lane 0's swap; others see 100 */
	for (i = 0; i < 4; i++) {
		exp[56 + i] = init[i];                                /* transposed: lane 0's 4 dwords */
		exp[64 + i] = (uint32_t)i;                            /* predicated: lanes 0..3 */
	}
	CU_ASSERT_EQUAL(run8(text, init, 96, &r, 256, 64), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 96; i++)
			if (u32_at(&r.buffers.v[0], (size_t)i) != exp[i]) {
				printf("\n  dword %d: 0x%08x, expected 0x%08x", i, u32_at(&r.buffers.v[0], (size_t)i), exp[i]);
				CU_FAIL("LSC result");
			}
	emu_result_free(&r);
	/* r0.5 >> 3: not the surface-state offset of this thread's scratch */
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	memcpy(at, "0x3:ud", 6);
	setenv("QUIET", "1", 1);
	CU_ASSERT_EQUAL(run8(other, init, 96, &r, 256, 64), 0);
	unsetenv("QUIET");
	CU_ASSERT_FALSE(r.ok);
	CU_ASSERT_PTR_NOT_NULL(r.error ? strstr(r.error, "is not this thread's scratch surface") : NULL);
	emu_result_free(&r);
	free(other);
}

/* private memory at r0.5's scratch offset; without the offset: an error */
static void test_scratch(void)
{
	static const char text[] = HEAD8
		".decl BASE v_type=G type=ud num_elts=1 align=dword\n"
		".decl SO v_type=G type=ud num_elts=8 align=GRF\n"
		"    and (M1_NM, 1) BASE(0,0)<1> %r0(0,5)<0;1,0> 0xfffffc00:ud\n"
		"    shl (M1, 8) SO(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    add (M1, 8) SO(0,0)<1> SO(0,0)<1;1,0> BASE(0,0)<0;1,0>\n"
		"    mul (M1, 8) ACC(0,0)<1> X(0,0)<1;1,0> 0x7:d\n"
		"    scatter4_scaled.R (M1, 8) %scratch 0x0:ud SO.0 ACC.0\n"
		"    mov (M1, 8) ACC(0,0)<1> 0x0:d\n"
		"    gather4_scaled.R (M1, 8) %scratch 0x0:ud SO.0 ACC.0\n"
		STORE8
		"    ret (M1, 1)\n";
	char *unbased = xstrdup(text), *at = strstr(unbased, "BASE(0,0)<0;1,0>");
	uint32_t out[8] = {0};
	EmuResult r;
	int i;
	CU_ASSERT_EQUAL(run8(text, out, 8, &r, 256, 0), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 8; i++)
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i), (uint32_t)(7 * i));
	emu_result_free(&r);
	memcpy(at, "0x0:ud          ", strlen("BASE(0,0)<0;1,0>"));
	setenv("QUIET", "1", 1);
	CU_ASSERT_EQUAL(run8(unbased, out, 8, &r, 256, 0), 0);
	unsetenv("QUIET");
	CU_ASSERT_FALSE(r.ok);
	CU_ASSERT_PTR_NOT_NULL(r.error ? strstr(r.error, "outside the thread's area") : NULL);
	emu_result_free(&r);
	free(unbased);
}

static void put(uint8_t *b, size_t *at, uint64_t v, int n)
{
	int i;
	for (i = 0; i < n; i++)
		b[(*at)++] = (uint8_t)(v >> 8 * i);
}

/* NEO's PrintFormatter over IGC's three record shapes (16, 56, 80 bytes) */
static void test_printf_decode(void)
{
	static const char strings[] = "x=%d\n\0%c %hd %ld %f %p\n\0%v4hlf %v3hld %v2hhu %s\n\0hello";
	const uint64_t host = 0x7f0000001000ull;
	uint8_t b[256];
	size_t at = 4, start, i;
	float f = 1.5f, v4[4] = {1, 2, 3, 4};
	uint32_t fb;
	EmuResult r;
	char *err = NULL;
	memset(b, 0, sizeof b);
	memset(&r, 0, sizeof r);
	start = at; /* x=%d */
	put(b, &at, host, 8), put(b, &at, 3, 4), put(b, &at, 42, 4);
	CU_ASSERT_EQUAL(at - start, 16);
	start = at;
	put(b, &at, host + 6, 8);
	put(b, &at, 3, 4), put(b, &at, 'A', 4);
	put(b, &at, 3, 4), put(b, &at, (uint32_t)-5, 4);
	put(b, &at, 6, 4), put(b, &at, 1234567890123ull, 8);
	memcpy(&fb, &f, 4);
	put(b, &at, 4, 4), put(b, &at, fb, 4);
	put(b, &at, 7, 4), put(b, &at, 0x1000, 8);
	CU_ASSERT_EQUAL(at - start, 56);
	start = at;
	put(b, &at, host + 24, 8);
	put(b, &at, 13, 4), put(b, &at, 4, 4);
	for (i = 0; i < 4; i++) {
		memcpy(&fb, &v4[i], 4);
		put(b, &at, fb, 4);
	}
	put(b, &at, 11, 4), put(b, &at, 3, 4), put(b, &at, 7, 4), put(b, &at, 8, 4), put(b, &at, 9, 4);
	put(b, &at, 9, 4), put(b, &at, 2, 4), put(b, &at, 200, 1), put(b, &at, 3, 1), at += 6;
	put(b, &at, 5, 4), put(b, &at, host + 49, 8);
	CU_ASSERT_EQUAL(at - start, 80);
	b[0] = (uint8_t)at;
	CU_ASSERT_EQUAL(ze_printf_decode(b, sizeof b, host, (const uint8_t *)strings, sizeof strings, &r, &err), 0);
	CU_ASSERT_EQUAL(r.printf_items.n, 3);
	CU_ASSERT_STRING_EQUAL(r.printf_text.s ? r.printf_text.s : "",
	                       "x=42\nA -5 1234567890123 1.500000 0x1000\n"
	                       "1.000000,2.000000,3.000000,4.000000 7,8,9 200,3 hello\n");
	if (r.printf_items.n == 3)
		CU_ASSERT_STRING_EQUAL(r.printf_items.v[0].s, "x=42\n");
	emu_result_free(&r);
	/* a format address outside the strings (NULL included) is an error */
	memset(b + 4, 0, 8);
	CU_ASSERT_EQUAL(ze_printf_decode(b, sizeof b, host, (const uint8_t *)strings, sizeof strings, &r, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(err ? strstr(err, "format address 0x0") : NULL);
	free(err);
	emu_result_free(&r);
}

/* hand-written syntax ("(M1,8)"), :v immediates, conversions, .sat, bits of
 * floats, bfrev; four channels per lane through one RGBA scatter */
static void test_alu(void)
{
	static const char text[] =
		".version 4.1\n.kernel \"k\"\n"
		".decl LID v_type=G type=uw num_elts=8 align=GRF\n"
		".decl PTR v_type=G type=uq num_elts=1 align=qword\n"
		".decl F v_type=G type=f num_elts=8 align=GRF\n"
		".decl D v_type=G type=d num_elts=8 align=GRF\n"
		".decl OUT v_type=G type=ud num_elts=32 align=GRF\n"
		".decl OUT_ub v_type=G type=ub num_elts=128 align=GRF alias=<OUT, 0>\n"
		".decl OUT_d v_type=G type=d num_elts=32 align=GRF alias=<OUT, 0>\n"
		".decl A v_type=G type=uq num_elts=8 align=GRF\n"
		".decl L v_type=G type=uq num_elts=8 align=GRF\n"
		".input LID offset=32 size=16\n"
		".input PTR offset=128 size=8\n"
		".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=8\n"
		".function \"_main\"\n_main:\n"
		"    mov (M1,8) F(0,0)<1> LID(0,0)<1;1,0>\n"
		"    and (M1,8) OUT(0,0)<1> F(0,0)<1;1,0> 0x7f800000:ud\n"
		"    mul (M1,8) F(0,0)<1> F(0,0)<1;1,0> -1.5:f\n"
		"    mov (M1,8) OUT_d(1,0)<1> F(0,0)<1;1,0>\n"
		"    mov (M1,8) D(0,0)<1> 0x76543210:v\n"
		"    bfrev (M1,8) OUT(2,0)<1> D(0,0)<1;1,0>\n"
		"    mov (M1,8) OUT(3,0)<1> 0x0:ud\n"
		"    mul (M1,8) D(0,0)<1> D(0,0)<1;1,0> 0x64:d\n"
		"    add (M1,8) D(0,0)<1> D(0,0)<1;1,0> (-)0xc8:d\n"
		"    mov.sat (M1,8) OUT_ub(3,0)<4> D(0,0)<1;1,0>\n"
		"    mov (M1,8) L(0,0)<1> LID(0,0)<1;1,0>\n"
		"    shl (M1,8) L(0,0)<1> L(0,0)<1;1,0> 0x4:ud\n"
		"    add (M1,8) A(0,0)<1> L(0,0)<1;1,0> PTR(0,0)<0;1,0>\n"
		"    svm_scatter4scaled.RGBA (M1,8) 0x0:uq A.0 OUT.0\n"
		"    ret (M1,1)\n";
	static const uint32_t expo[8] = {0, 0x3f800000, 0x40000000, 0x40000000, 0x40800000, 0x40800000,
	                                 0x40800000, 0x40800000};
	static const int32_t conv[8] = {0, -1, -3, -4, -6, -7, -9, -10};
	static const uint32_t sat[8] = {0, 0, 0, 100, 200, 255, 255, 255};
	static const uint32_t rev[8] = {0, 0x80000000u, 0x40000000u, 0xc0000000u, 0x20000000u, 0xa0000000u,
	                                0x60000000u, 0xe0000000u};
	uint32_t out[32] = {0};
	EmuResult r;
	int i;
	CU_ASSERT_EQUAL(run8(text, out, 32, &r, 0, 0), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 8; i++) {
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], 4 * (size_t)i), expo[i]);
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], 4 * (size_t)i + 1), (uint32_t)conv[i]);
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], 4 * (size_t)i + 2), rev[i]);
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], 4 * (size_t)i + 3), sat[i]);
		}
	emu_result_free(&r);
}

/* refused vISA: each error names the line and what it is */
static void test_refusals(void)
{
	static const struct { const char *line, *why; } cases[] = {
		{"    sample_lz.RGBA (M1, 8) 0x0:uw S T ACC.0 X.0", "line 23: sample_lz.RGBA: operand 2 must be a sampler (S) variable"},
		{"    scatter4_typed.RGBA (M1, 16) ACC.0 X.0 X.0 X.0 X.0 X.0", "line 23: scatter4_typed.RGBA: operand 1 must be a surface (T) variable"},
		{"    addr_add (M1_NM, 1) A0(0)<1> &X J(0,0)<0;1,0>", "line 23: instruction 'addr_add' is not supported"},
		{"    mov (M1, 8) ACC(0,0)<1> r[A0(0),0]<0;1,0>:d", "line 23: indirect operand"},
		{"    mov (M1, 8) NOPE(0,0)<1> X(0,0)<1;1,0>", "line 23: undeclared variable 'NOPE'"},
		{"    goto (M1, 8) NOWHERE", "undefined label 'NOWHERE'"},
		{"    mov (M1, 8) ACC(0,0)<1> %tsc(0,0)<0;1,0>", "line 23: predefined variable %tsc is not supported"},
		{"    mad (M1, 8) ACC(0,0)<1> X(0,0)<1;1,0>", "line 23: mad takes 4 operands, not 2"},
		{"    lsc_load.ugm (M1, 8) ACC:d32 bti(0x1)[OFF]:a32", "line 23: lsc_load.ugm: address model 'bti(0x1)' is not supported"},
		{"    lsc_atomic_fadd.ugm (M1, 8) ACC:d32 flat[ADDR]:a64 X %null", "line 23: instruction 'lsc_atomic_fadd.ugm' is not supported (integer LSC atomics only)"},
		{"    lsc_load.ugm (M1, 8) ACC:d8 flat[ADDR]:a64", "line 23: lsc_load.ugm: packed non-transposed d8/d16 data"},
		{"    lsc_load.ugm (M1, 8) ACC:d32 flat[OFF]:a32", "line 23: lsc_load.ugm: flat ugm addresses must be a64"},
		{"    lsc_atomic_iadd.slm (M1, 8) ACC:d32 flat[OFF]:a32 %null %null", "line 23: lsc_atomic_iadd.slm takes 1 source; the others are %null"},
		{"    lsc_load.slm.uc.uc (M1, 8) ACC:d32 flat[OFF]:a32", "line 23: lsc_load.slm.uc.uc: SLM messages take the default cache controls"},
		{"    lsc_load.ugm (M1, 8) ACC:d32x4t flat[ADDR]:a64", "line 23: lsc_load.ugm: transposed data takes execution size 1"},
		{"    lsc_load.ugm (M1, 8) ACC.4:d32 flat[ADDR]:a64", "line 23: LSC payload ACC.4 starts 4 bytes into a register"},
	};
	size_t i;
	for (i = 0; i < NELEM(cases); i++) {
		char *text = xasprintf(HEAD8 "%s\n    ret (M1, 1)\n", cases[i].line);
		uint32_t out[8] = {0};
		EmuResult r;
		CU_ASSERT_EQUAL(run8(text, out, 8, &r, 0, 0), -1);
		CU_ASSERT_FALSE(r.ok);
		if (!r.error || !strstr(r.error, cases[i].why)) {
			printf("\n  case %zu: got '%s'\n", i, r.error ? r.error : "(none)");
			CU_FAIL("refusal message");
		}
		emu_result_free(&r);
		free(text);
	}
}

/* an endless loop stops at the step limit with an error */
static void test_step_limit(void)
{
	static const char text[] = HEAD8 "L:\n    goto (M1, 8) L\n    ret (M1, 1)\n";
	ZeKernel k;
	ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
	EmuLaunch l;
	EmuResult r;
	kernel(&k, 8, &a, 1);
	range1(&l, 8, 8);
	l.step_limit = 1000;
	add_arg(&l, EA_BUFFER, NULL, 32);
	setenv("QUIET", "1", 1);
	CU_ASSERT_EQUAL(run(text, &k, NULL, 0, &l, &r), 0);
	unsetenv("QUIET");
	CU_ASSERT_FALSE(r.ok);
	CU_ASSERT_PTR_NOT_NULL(r.error ? strstr(r.error, "more than 1000 instructions") : NULL);
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* zeimage_read: what the writer wrote comes back; unknown keys are errors */
static void test_zeimage(void)
{
	ZeKernel k;
	ZeArg args[3];
	ZeData data[2];
	ZeReloc rel[2];
	ZeImage z;
	char *err = NULL, *path, *file;
	const ZeKernel *got;
	size_t n;
	uint8_t code[64] = {0};
	args[0] = zarg(ZA_GLOBAL_SIZE, 0, 12, -1);
	args[1] = zarg(ZA_ARG_BYPOINTER, 16, 8, 0);
	args[2] = zarg(ZA_ARG_BYVALUE, 24, 4, 1);
	args[2].source_offset = 4;
	kernel(&k, 16, args, 3);
	k.code = code;
	k.code_size = sizeof code;
	k.slm_size = 512;
	k.barrier_count = 1;
	k.scratch_size = 2048;
	k.required_wg[0] = 16, k.required_wg[1] = 2, k.required_wg[2] = 1;
	rel[0].offset = 8, rel[0].type = ZR_ADDR_32, rel[0].symbol = "amd_data_segments";
	rel[1].offset = 24, rel[1].type = ZR_ADDR_32_HI, rel[1].symbol = "amd_data_segments";
	vec_push(&k.relocs, rel[0]);
	vec_push(&k.relocs, rel[1]);
	data[0].section = ".data.const", data[0].symbol = "amd_data_segments";
	data[0].bytes = (const uint8_t *)"0123456789abcdef", data[0].size = 16;
	data[1].section = ".data.const.string", data[1].symbol = "amd_printf_strings";
	data[1].bytes = (const uint8_t *)"x=%d\n", data[1].size = 6;
	CU_ASSERT_EQUAL_FATAL(image(&k, data, 2, &z, &err), 0);
	got = zeimage_kernel(&z, "k");
	CU_ASSERT_PTR_NOT_NULL_FATAL(got);
	CU_ASSERT_EQUAL(got->simd, 16);
	CU_ASSERT_EQUAL(got->grf_count, 128);
	CU_ASSERT_EQUAL(got->slm_size, 512);
	CU_ASSERT_EQUAL(got->barrier_count, 1);
	CU_ASSERT_EQUAL(got->scratch_size, 2048);
	CU_ASSERT_EQUAL(got->local_id_size, 96);
	CU_ASSERT_EQUAL(got->required_wg[1], 2);
	CU_ASSERT_EQUAL(got->code_size, 64);
	CU_ASSERT_EQUAL_FATAL(got->args.n, 3);
	CU_ASSERT_EQUAL(got->args.v[1].type, ZA_ARG_BYPOINTER);
	CU_ASSERT_EQUAL(got->args.v[1].addrmode, ZM_STATELESS);
	CU_ASSERT_EQUAL(got->args.v[2].source_offset, 4);
	CU_ASSERT_EQUAL(got->args.v[0].arg_index, -1);
	CU_ASSERT_EQUAL_FATAL(got->relocs.n, 2);
	CU_ASSERT_STRING_EQUAL(got->relocs.v[1].symbol, "amd_data_segments");
	CU_ASSERT_EQUAL(got->relocs.v[1].type, ZR_ADDR_32_HI);
	CU_ASSERT_EQUAL_FATAL(z.data.n, 2);
	CU_ASSERT_STRING_EQUAL(z.data.v[1].symbol, "amd_printf_strings");
	CU_ASSERT_EQUAL(z.data.v[1].size, 6);
	zeimage_free(&z);
	/* an unknown key: patch the file */
	path = xasprintf("%s/k.bin", tdir);
	file = read_file(path, &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(file);
	{
		size_t j;
		for (j = 0; j + 9 <= n && memcmp(file + j, "grf_count", 9); j++)
			;
		CU_ASSERT_FATAL(j + 9 <= n);
		memcpy(file + j, "grf_cxunt", 9);
	}
	CU_ASSERT_EQUAL(zeimage_read((const uint8_t *)file, n, &z, &err), -1);
	CU_ASSERT_PTR_NOT_NULL(err ? strstr(err, "unknown key 'grf_cxunt' in execution_env") : NULL);
	free(err);
	free(file);
	/* not an ELF */
	err = NULL;
	CU_ASSERT_EQUAL(zeimage_read((const uint8_t *)"nope", 4, &z, &err), -1);
	free(err);
	free(path);
	vec_free(&k.args);
	vec_free(&k.relocs);
}

/* faddr of a data symbol: the .data.const copy is readable at that address */
static void test_data_faddr(void)
{
	static const char text[] = HEAD8
		".decl DS v_type=G type=uq num_elts=1 align=qword\n"
		".decl DS_ud v_type=G type=ud num_elts=2 align=qword alias=<DS, 0>\n"
		"    faddr amd_data_segments DS(0,0)<1>\n"
		"    shl (M1, 8) OFF(0,0)<1> X(0,0)<1;1,0> 0x2:ud\n"
		"    addc (M1, 8) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> DS_ud(0,0)<0;1,0>\n"
		"    add (M1, 8) HI(0,0)<1> CY(0,0)<1;1,0> DS_ud(0,1)<0;1,0>\n"
		"    mov (M1, 8) ADDR_ud(0,0)<2> LO(0,0)<1;1,0>\n"
		"    mov (M1, 8) ADDR_ud(0,1)<2> HI(0,0)<1;1,0>\n"
		"    svm_gather4scaled.R (M1, 8) 0x0:uq ADDR.0 ACC.0\n"
		STORE8
		"    ret (M1, 1)\n";
	static const uint32_t table[8] = {11, 22, 33, 44, 55, 66, 77, 88};
	ZeKernel k;
	ZeArg a = zarg(ZA_ARG_BYPOINTER, 0, 8, 0);
	ZeData d;
	EmuLaunch l;
	EmuResult r;
	int i;
	kernel(&k, 8, &a, 1);
	d.section = ".data.const", d.symbol = "amd_data_segments";
	d.bytes = (const uint8_t *)table, d.size = sizeof table;
	range1(&l, 8, 8);
	add_arg(&l, EA_BUFFER, NULL, 32);
	CU_ASSERT_EQUAL(run(text, &k, &d, 1, &l, &r), 0);
	CU_ASSERT_TRUE(r.ok);
	if (r.ok)
		for (i = 0; i < 8; i++)
			CU_ASSERT_EQUAL(u32_at(&r.buffers.v[0], (size_t)i), table[i]);
	emu_result_free(&r);
	emu_launch_free(&l);
}

/* saxpy.il through the real translator at SIMD8/16/32 */
static void test_saxpy_end_to_end(void)
{
	const char *tr = getenv("TRANSLATE");
	int simd;
	if (!tr || !*tr) {
		printf("\n  note: $TRANSLATE not set, skipping the end-to-end run ");
		return;
	}
	for (simd = 8; simd <= 32; simd *= 2) {
		char *dir = xasprintf("%s/saxpy%d", tdir, simd);
		char *cmd = xasprintf("'%s' -simd %d --emit zebin,visaasm -o '%s' '%s/tests/kernels/saxpy.il' >/dev/null 2>&1",
		                      tr, simd, dir, TEST_SRCDIR);
		char *bin = xasprintf("%s/saxpy_tgllp.bin", dir), *vis = xasprintf("%s/saxpy.visaasm", dir);
		char *file, *text, *err = NULL;
		size_t n, tn;
		float x[128], y[128], a = 3.0f;
		int32_t cnt = 100, i;
		ZeImage z;
		EmuLaunch l;
		EmuResult r;
		mkdir(dir, 0777);
		CU_ASSERT_EQUAL_FATAL(system(cmd), 0);
		file = read_file(bin, &n);
		text = read_file(vis, &tn);
		CU_ASSERT_PTR_NOT_NULL_FATAL(file);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		CU_ASSERT_EQUAL_FATAL(zeimage_read((const uint8_t *)file, n, &z, &err), 0);
		for (i = 0; i < 128; i++)
			x[i] = (float)i, y[i] = 2.0f * (float)i;
		range1(&l, 128, 32);
		add_arg(&l, EA_BUFFER, x, sizeof x);
		add_arg(&l, EA_BUFFER, y, sizeof y);
		add_arg(&l, EA_VALUE, &a, 4);
		add_arg(&l, EA_VALUE, &cnt, 4);
		CU_ASSERT_EQUAL(emu_ze_run(text, &z, "saxpy", &l, &r), 0);
		CU_ASSERT_TRUE(r.ok);
		if (!r.ok)
			printf("\n  SIMD%d: %s\n", simd, r.error ? r.error : "");
		if (r.ok && r.buffers.n == 4) {
			const float *o = (const float *)r.buffers.v[1].s;
			CU_ASSERT_EQUAL(r.buffers.v[1].n, sizeof y);
			CU_ASSERT_EQUAL(memcmp(r.buffers.v[0].s, x, sizeof x), 0);
			for (i = 0; i < 128; i++)
				CU_ASSERT_EQUAL(o[i], i < cnt ? a * x[i] + y[i] : y[i]);
			CU_ASSERT_EQUAL(r.buffers.v[2].n, 0);
		}
		emu_result_free(&r);
		emu_launch_free(&l);
		zeimage_free(&z);
		free(file);
		free(text);
		free(bin);
		free(vis);
		free(cmd);
		free(dir);
	}
}

/* translates tests/kernels/<name>.il at simd into tdir; the zebin image
 * and the vISA text, 0 ok (-1: the translator failed) */
static int translate_image_kernel(const char *tr, const char *name, int simd, ZeImage *z, char **text)
{
	char *dir = xasprintf("%s/%s%d", tdir, name, simd), *err = NULL, *file;
	char *cmd = xasprintf("'%s' -simd %d --emit zebin,visaasm -o '%s' '%s/tests/kernels/%s.il' >/dev/null 2>&1",
	                      tr, simd, dir, TEST_SRCDIR, name);
	char *bin = xasprintf("%s/%s_tgllp.bin", dir, name), *vis = xasprintf("%s/%s.visaasm", dir, name);
	size_t n, tn;
	int rc = -1;
	mkdir(dir, 0777);
	if (system(cmd) == 0 && (file = read_file(bin, &n))) {
		*text = read_file(vis, &tn);
		rc = *text && zeimage_read((const uint8_t *)file, n, z, &err) == 0 ? 0 : -1;
		free(file);
	}
	free(err);
	free(cmd);
	free(bin);
	free(vis);
	free(dir);
	return rc;
}

/* the image kernels through the real translator at SIMD8/16/32: surface and
 * sampler states, image payload, sample_lz / load_lz / scatter4_typed */
static void test_images_end_to_end(void)
{
	const char *tr = getenv("TRANSLATE");
	int simd, which;
	if (!tr || !*tr) {
		printf("\n  note: $TRANSLATE not set, skipping the end-to-end run ");
		return;
	}
	for (simd = 8; simd <= 32; simd *= 2)
		for (which = 0; which < IC_COUNT; which++) {
			ZeImage z;
			char *text = NULL;
			EmuLaunch l;
			EmuResult r;
			CU_ASSERT_EQUAL_FATAL(translate_image_kernel(tr, img_case_file(which), simd, &z, &text), 0);
			img_case(which, &l);
			CU_ASSERT_EQUAL(emu_ze_run(text, &z, img_case_file(which), &l, &r), 0);
			if (img_check(which, &l, &r)) {
				printf("\n  (%s at SIMD%d)", img_case_file(which), simd);
				CU_FAIL("image results");
			}
			emu_result_free(&r);
			/* a sampler index no argument or inline sampler defines */
			if (which == IC_RW_2D) {
				char *p = strstr(text, "movs (M1_NM, 1) IMG_S(0) 0x0:ud");
				CU_ASSERT_PTR_NOT_NULL_FATAL(p);
				for (; p; p = strstr(p, "movs (M1_NM, 1) IMG_S(0) 0x0:ud"))
					p[strlen("movs (M1_NM, 1) IMG_S(0) 0x")] = '7';
				CU_ASSERT_EQUAL(emu_ze_run(text, &z, img_case_file(which), &l, &r), 0);
				CU_ASSERT_FALSE(r.ok);
				CU_ASSERT_PTR_NOT_NULL(r.error && strstr(r.error, "sampler index 7 has no sampler state"));
				emu_result_free(&r);
			}
			emu_launch_free(&l);
			zeimage_free(&z);
			free(text);
		}
}

int add_emu_ze_suite(void)
{
	CU_pSuite s = CU_add_suite("emu_ze", suite_init, suite_clean);
	if (!s || !CU_add_test(s, "goto/join: if/else, continue, break", test_goto_join) ||
	    !CU_add_test(s, "call/ret with a partial mask", test_call_ret) ||
	    !CU_add_test(s, "64-bit address carry across 4 GiB", test_address_carry) ||
	    !CU_add_test(s, "SLM, SLM atomics and barrier over 4 threads", test_slm_barrier) ||
	    !CU_add_test(s, "scratch at r0.5's offset", test_scratch) ||
	    !CU_add_test(s, "LSC load/store/atomic/fence, ugm slm ss()", test_lsc) ||
	    !CU_add_test(s, "ALU, conversions, .sat, :v, hand-written syntax", test_alu) ||
	    !CU_add_test(s, "printf buffer decoding (16/56/80-byte records)", test_printf_decode) ||
	    !CU_add_test(s, "refused vISA names the line", test_refusals) ||
	    !CU_add_test(s, "step limit", test_step_limit) ||
	    !CU_add_test(s, "64-byte GRFs and the XeHP payload", test_grf64_payload) ||
	    !CU_add_test(s, "zeimage_read round trip and rejections", test_zeimage) ||
	    !CU_add_test(s, "faddr and .data.const", test_data_faddr) ||
	    !CU_add_test(s, "saxpy.il end to end at SIMD8/16/32", test_saxpy_end_to_end) ||
	    !CU_add_test(s, "image kernels end to end at SIMD8/16/32", test_images_end_to_end))
		return -1;
	return 0;
}
