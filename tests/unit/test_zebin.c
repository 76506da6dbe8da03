/* test_zebin.c - CUnit tests for zeinfo.c, zebin.c and finalize.c.
 *
 * add_zebin_suite() registers the suite "zebin".  The zebin tests parse the
 * written files with their own little ELF reader, so they check the bytes on
 * disk rather than the writer's intentions.  Finalizer tests use small shell
 * scripts standing in for GenX_IR (timeouts, crashes, spills, rejections),
 * and the real GenX_IR (getenv("GENX_IR") or "GenX_IR") plus `ocloc validate`
 * when they are installed; otherwise those tests print a note and pass.
 * Everything is written under a private mkdtemp directory removed at the end.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "gen/gen.h"
#include "testutil.h"


static char *tdir; /* per-suite scratch directory */


/* ---- helpers ------------------------------------------------------------ */

static int suite_init(void)
{
	tdir = scratch_dir("test_zebin");
	return tdir ? 0 : -1;
}

static int suite_clean(void)
{
	remove_tree(tdir);
	free(tdir);
	tdir = NULL;
	return 0;
}

static char *tpath(const char *name)
{
	return xasprintf("%s/%s", tdir, name);
}

/* Number of entries in DIR other than . and .. */
static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static char *in_path(const char *prog)
{
	const char *path = getenv("PATH"), *p, *e;
	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0 ? xstrdup(prog) : NULL;
	for (p = path ? path : ""; *p; p = *e ? e + 1 : e) {
		char *f;
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		f = xasprintf("%.*s/%s", (int)(e - p), p, prog);
		if (access(f, X_OK) == 0)
			return f;
		free(f);
	}
	return NULL;
}

static const char *genx_ir(void)
{
	const char *g = getenv("GENX_IR");
	return g && *g ? g : "GenX_IR";
}

static int have(const char *prog, const char *what)
{
	char *p = in_path(prog);
	if (!p) {
		printf("\n  note: %s not found, skipping %s ", prog, what);
		return 0;
	}
	free(p);
	return 1;
}

static char *write_script(const char *name, const char *body)
{
	char *path = tpath(name);
	FILE *f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	chmod(path, 0755);
	return path;
}

/* True once PID has exited (a zombie left to an init that does not reap counts). */
static int process_gone(pid_t pid)
{
	struct timespec nap = {0, 50000000};
	int i;
	for (i = 0; i < 60; i++) {
		char *path = xasprintf("/proc/%d/stat", (int)pid), *stat, *rp;
		size_t n;
		if (kill(pid, 0) < 0 && errno == ESRCH) {
			free(path);
			return 1;
		}
		stat = read_file(path, &n);
		rp = stat ? strrchr(stat, ')') : NULL;
		free(path);
		if (rp && rp[1] == ' ' && rp[2] == 'Z') {
			free(stat);
			return 1;
		}
		free(stat);
		nanosleep(&nap, NULL);
	}
	return 0;
}

/* ---- a tiny ELF64 reader -------------------------------------------------- */

/* A file read back for checking. */
typedef struct TElf {
	uint8_t *d; /* contents */
	size_t n;   /* size */
} TElf;

/* One section header as read back. */
typedef struct TSec {
	const char *name;  /* from e_shstrndx */
	uint32_t type;     /* sh_type */
	uint64_t flags;    /* sh_flags */
	uint64_t off;      /* sh_offset */
	uint64_t size;     /* sh_size */
	uint32_t link;     /* sh_link */
	uint32_t info;     /* sh_info */
	uint64_t align;    /* sh_addralign */
	uint64_t entsize;  /* sh_entsize */
	const uint8_t *data; /* contents */
} TSec;

static uint64_t le(const uint8_t *p, int n)
{
	uint64_t v = 0;
	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

static int telf_load(const char *path, TElf *e)
{
	e->d = (uint8_t *)read_file(path, &e->n);
	return e->d && e->n >= 64 ? 0 : -1;
}

static unsigned telf_shnum(const TElf *e)
{
	return (unsigned)le(e->d + 60, 2);
}

static TSec telf_raw(const TElf *e, unsigned i)
{
	const uint8_t *p = e->d + le(e->d + 40, 8) + 64 * (uint64_t)i;
	TSec s = {0};
	s.type = (uint32_t)le(p + 4, 4);
	s.flags = le(p + 8, 8);
	s.off = le(p + 24, 8);
	s.size = le(p + 32, 8);
	s.link = (uint32_t)le(p + 40, 4);
	s.info = (uint32_t)le(p + 44, 4);
	s.align = le(p + 48, 8);
	s.entsize = le(p + 56, 8);
	s.data = e->d + s.off;
	s.name = (const char *)(uintptr_t)le(p, 4);
	return s;
}

static TSec telf_sec(const TElf *e, unsigned i)
{
	TSec str = telf_raw(e, (unsigned)le(e->d + 62, 2)), s = telf_raw(e, i);
	s.name = (const char *)str.data + (uintptr_t)s.name;
	return s;
}

static int telf_find(const TElf *e, const char *name, TSec *out)
{
	unsigned i;
	for (i = 0; i < telf_shnum(e); i++) {
		*out = telf_sec(e, i);
		if (strcmp(out->name, name) == 0)
			return (int)i;
	}
	return -1;
}

/* ---- fixtures ------------------------------------------------------------- */

/* a payload argument, the fields in ZeArg's order (the image and sampler
 * fields after them stay 0) */
#define ZARG(t, off, sz, idx, mode, space, acc, src, slm) \
	{.type = t, .offset = off, .size = sz, .arg_index = idx, .addrmode = mode, .addrspace = space, \
	 .access = acc, .source_offset = src, .slm_alignment = slm}

static const ZeArg vadd_args[] = {
	ZARG(ZA_GLOBAL_ID_OFFSET, 0, 12, -1, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
	ZARG(ZA_LOCAL_SIZE, 12, 12, -1, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
	ZARG(ZA_ARG_BYPOINTER, 32, 8, 0, ZM_STATELESS, ZS_GLOBAL, ZC_READONLY, -1, 0),
	ZARG(ZA_ARG_BYPOINTER, 40, 8, 1, ZM_STATELESS, ZS_GLOBAL, ZC_READONLY, -1, 0),
	ZARG(ZA_ARG_BYPOINTER, 48, 8, 2, ZM_STATELESS, ZS_GLOBAL, ZC_READWRITE, -1, 0),
	ZARG(ZA_ARG_BYVALUE, 56, 4, 3, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
	ZARG(ZA_ARG_BYVALUE, 60, 4, 4, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
};

/* vadd(global const float *a, global const float *b, global float *c, float s, int n) */
static void vadd_kernel(ZeKernel *k, const uint8_t *code, size_t size)
{
	size_t i;
	memset(k, 0, sizeof *k);
	k->name = "vadd";
	k->code = code;
	k->code_size = size;
	k->simd = 16;
	k->grf_count = 128;
	k->has_4gb_buffers = 1;
	k->local_id_size = 96;
	for (i = 0; i < NELEM(vadd_args); i++)
		vec_push(&k->args, vadd_args[i]);
}

/* Every optional execution_env key and argument attribute set. */
static void fancy_kernel(ZeKernel *k, const uint8_t *code, size_t size)
{
	static const ZeArg args[] = {
		ZARG(ZA_ARG_BYPOINTER, 0, 4, 0, ZM_SLM, ZS_LOCAL, ZC_READWRITE, -1, 16),
		ZARG(ZA_ARG_BYVALUE, 4, 4, 1, ZM_NONE, ZS_NONE, ZC_NONE, 0, 0),
		ZARG(ZA_ARG_BYVALUE, 8, 8, 1, ZM_NONE, ZS_NONE, ZC_NONE, 8, 0),
		ZARG(ZA_PRIVATE_BASE_STATELESS, 16, 8, -1, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
		ZARG(ZA_WORK_DIMENSIONS, 24, 4, -1, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
		ZARG(ZA_BUFFER_OFFSET, 28, 4, 2, ZM_NONE, ZS_NONE, ZC_NONE, -1, 0),
	};
	size_t i;
	memset(k, 0, sizeof *k);
	k->name = "fancy_2";
	k->code = code;
	k->code_size = size;
	k->simd = 8;
	k->grf_count = 256;
	k->barrier_count = 1;
	k->slm_size = 4096;
	k->has_global_atomics = 1;
	k->has_no_stateless_write = 1;
	k->required_wg[0] = 64;
	k->required_wg[1] = 2;
	k->required_wg[2] = 1;
	k->scratch_size = 1024;
	for (i = 0; i < NELEM(args); i++)
		vec_push(&k->args, args[i]);
}

static const uint8_t *pattern(size_t n)
{
	static uint8_t buf[4096];
	size_t i;
	for (i = 0; i < n && i < sizeof buf; i++)
		buf[i] = (uint8_t)(0xA5 ^ (i * 7));
	return buf;
}

/* Writes one vadd kernel with SIZE code bytes and loads the file. */
static int write_vadd(const char *name, size_t size, TElf *e)
{
	ZeKernel k, *ks[] = {&k};
	char *path = tpath(name), *err = NULL;
	int rc;
	vadd_kernel(&k, pattern(size), size);
	rc = zebin_write(path, &test_tgllp, ks, 1, &err);
	if (rc)
		printf("\n  zebin_write: %s\n", err);
	free(err);
	vec_free(&k.args);
	if (!rc)
		rc = telf_load(path, e);
	free(path);
	return rc;
}

/* ---- .ze_info -------------------------------------------------------------- */

static void test_arg_type_names(void)
{
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_LOCAL_SIZE), "local_size");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_GROUP_COUNT), "group_count");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_GLOBAL_ID_OFFSET), "global_id_offset");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_GLOBAL_SIZE), "global_size");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_ENQUEUED_LOCAL_SIZE), "enqueued_local_size");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_PRIVATE_BASE_STATELESS), "private_base_stateless");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_ARG_BYVALUE), "arg_byvalue");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_ARG_BYPOINTER), "arg_bypointer");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_BUFFER_ADDRESS), "buffer_address");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_BUFFER_OFFSET), "buffer_offset");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_PRINTF_BUFFER), "printf_buffer");
	CU_ASSERT_STRING_EQUAL(zearg_type_name(ZA_WORK_DIMENSIONS), "work_dimensions");
}

static const char vadd_yaml[] =
	"---\n"
	"version: '1.15'\n"
	"kernels:\n"
	"  - name: vadd\n"
	"    execution_env:\n"
	"      grf_count: 128\n"
	"      simd_size: 16\n"
	"      has_4gb_buffers: true\n"
	"      disable_mid_thread_preemption: true\n"
	"      subgroup_independent_forward_progress: true\n"
	"    payload_arguments:\n"
	"      - arg_type: global_id_offset\n"
	"        offset: 0\n"
	"        size: 12\n"
	"      - arg_type: local_size\n"
	"        offset: 12\n"
	"        size: 12\n"
	"      - arg_type: arg_bypointer\n"
	"        offset: 32\n"
	"        size: 8\n"
	"        arg_index: 0\n"
	"        addrmode: stateless\n"
	"        addrspace: global\n"
	"        access_type: readonly\n"
	"      - arg_type: arg_bypointer\n"
	"        offset: 40\n"
	"        size: 8\n"
	"        arg_index: 1\n"
	"        addrmode: stateless\n"
	"        addrspace: global\n"
	"        access_type: readonly\n"
	"      - arg_type: arg_bypointer\n"
	"        offset: 48\n"
	"        size: 8\n"
	"        arg_index: 2\n"
	"        addrmode: stateless\n"
	"        addrspace: global\n"
	"        access_type: readwrite\n"
	"      - arg_type: arg_byvalue\n"
	"        offset: 56\n"
	"        size: 4\n"
	"        arg_index: 3\n"
	"      - arg_type: arg_byvalue\n"
	"        offset: 60\n"
	"        size: 4\n"
	"        arg_index: 4\n"
	"    per_thread_payload_arguments:\n"
	"      - arg_type: local_id\n"
	"        offset: 0\n"
	"        size: 96\n"
	"...\n";

static void test_yaml_vadd(void)
{
	ZeKernel k, *ks[] = {&k};
	char *y;
	vadd_kernel(&k, NULL, 0);
	y = zeinfo_yaml(ks, 1);
	CU_ASSERT_STRING_EQUAL(y, vadd_yaml);
	free(y);
	vec_free(&k.args);
}

static const char fancy_yaml[] =
	"---\n"
	"version: '1.15'\n"
	"kernels:\n"
	"  - name: fancy_2\n"
	"    execution_env:\n"
	"      grf_count: 256\n"
	"      simd_size: 8\n"
	"      barrier_count: 1\n"
	"      slm_size: 4096\n"
	"      has_global_atomics: true\n"
	"      has_no_stateless_write: true\n"
	"      required_work_group_size: [ 64, 2, 1 ]\n"
	"      disable_mid_thread_preemption: true\n"
	"      subgroup_independent_forward_progress: true\n"
	"    payload_arguments:\n"
	"      - arg_type: arg_bypointer\n"
	"        offset: 0\n"
	"        size: 4\n"
	"        arg_index: 0\n"
	"        addrmode: slm\n"
	"        addrspace: local\n"
	"        access_type: readwrite\n"
	"        slm_alignment: 16\n"
	"      - arg_type: arg_byvalue\n"
	"        offset: 4\n"
	"        size: 4\n"
	"        arg_index: 1\n"
	"        source_offset: 0\n"
	"      - arg_type: arg_byvalue\n"
	"        offset: 8\n"
	"        size: 8\n"
	"        arg_index: 1\n"
	"        source_offset: 8\n"
	"      - arg_type: private_base_stateless\n"
	"        offset: 16\n"
	"        size: 8\n"
	"      - arg_type: work_dimensions\n"
	"        offset: 24\n"
	"        size: 4\n"
	"      - arg_type: buffer_offset\n"
	"        offset: 28\n"
	"        size: 4\n"
	"        arg_index: 2\n"
	"    per_thread_memory_buffers:\n"
	"      - type: scratch\n"
	"        usage: single_space\n"
	"        size: 1024\n"
	"  - name: bare\n"
	"    execution_env:\n"
	"      grf_count: 128\n"
	"      simd_size: 32\n"
	"      disable_mid_thread_preemption: true\n"
	"      subgroup_independent_forward_progress: true\n"
	"...\n";

static void test_yaml_optional_keys(void)
{
	ZeKernel f, b = {.name = "bare", .simd = 32, .grf_count = 128};
	ZeKernel *ks[] = {&f, &b};
	char *y;
	fancy_kernel(&f, NULL, 0);
	y = zeinfo_yaml(ks, 2);
	CU_ASSERT_STRING_EQUAL(y, fancy_yaml);
	CU_ASSERT_PTR_NULL(strchr(y, '{'));
	free(y);
	vec_free(&f.args);
}

/* ---- the ELF container ------------------------------------------------------ */

static void test_elf_header(void)
{
	static const uint8_t ident[8] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
	TElf e;
	CU_ASSERT_FATAL(write_vadd("hdr.bin", 100, &e) == 0);
	CU_ASSERT(memcmp(e.d, ident, sizeof ident) == 0);
	CU_ASSERT_EQUAL(le(e.d + 16, 2), 1);   /* ET_REL */
	CU_ASSERT_EQUAL(le(e.d + 18, 2), 205); /* EM_INTELGT */
	CU_ASSERT_EQUAL(le(e.d + 20, 4), 1);   /* e_version */
	CU_ASSERT_EQUAL(le(e.d + 24, 8), 0);   /* e_entry */
	CU_ASSERT_EQUAL(le(e.d + 32, 8), 0);   /* e_phoff */
	CU_ASSERT_EQUAL(le(e.d + 48, 4), 0);   /* e_flags */
	CU_ASSERT_EQUAL(le(e.d + 52, 2), 64);  /* e_ehsize */
	CU_ASSERT_EQUAL(le(e.d + 56, 2), 0);   /* e_phnum */
	CU_ASSERT_EQUAL(le(e.d + 58, 2), 64);  /* e_shentsize */
	CU_ASSERT_EQUAL(le(e.d + 60, 2), 6);   /* e_shnum */
	CU_ASSERT_EQUAL(le(e.d + 62, 2), 5);   /* e_shstrndx: last */
	CU_ASSERT_EQUAL(le(e.d + 40, 8) + 6 * 64, e.n); /* table ends the file */
	free(e.d);
}

static void test_sections(void)
{
	static const struct {
		const char *name;
		uint32_t type;
		uint64_t flags;
	} want[] = {
		{"", 0, 0}, {".text.vadd", 1, 6}, {".ze_info", 0xff000011u, 0},
		{".note.intelgt.compat", 7, 0}, {".symtab", 2, 0}, {".strtab", 3, 0},
	};
	TElf e;
	unsigned i;
	CU_ASSERT_FATAL(write_vadd("sec.bin", 100, &e) == 0);
	CU_ASSERT_FATAL(telf_shnum(&e) == NELEM(want));
	for (i = 0; i < NELEM(want); i++) {
		TSec s = telf_sec(&e, i);
		CU_ASSERT_STRING_EQUAL(s.name, want[i].name);
		CU_ASSERT_EQUAL(s.type, want[i].type);
		CU_ASSERT_EQUAL(s.flags, want[i].flags);
		CU_ASSERT(s.off + s.size <= e.n);
	}
	CU_ASSERT_EQUAL(telf_raw(&e, 0).off, 0);
	CU_ASSERT_EQUAL(telf_raw(&e, 0).size, 0);
	free(e.d);
}

static void check_text(size_t code, size_t want_size)
{
	TElf e;
	TSec s;
	size_t i;
	int zeros = 1;
	CU_ASSERT_FATAL(write_vadd("text.bin", code, &e) == 0);
	CU_ASSERT_FATAL(telf_find(&e, ".text.vadd", &s) == 1);
	CU_ASSERT_EQUAL(s.size, want_size);
	CU_ASSERT(memcmp(s.data, pattern(code), code) == 0);
	for (i = code; i < s.size; i++)
		zeros &= s.data[i] == 0;
	CU_ASSERT(zeros);
	free(e.d);
}

static void test_text_padding(void)
{
	check_text(0, 128);
	check_text(1, 64 + 128);
	check_text(63, 64 + 128);
	check_text(64, 64 + 128);
	check_text(65, 128 + 128);
	check_text(496, 512 + 128);
}

static void test_ze_info_section(void)
{
	TElf e;
	TSec s;
	CU_ASSERT_FATAL(write_vadd("zi.bin", 64, &e) == 0);
	CU_ASSERT_FATAL(telf_find(&e, ".ze_info", &s) > 0);
	CU_ASSERT_EQUAL(s.size, strlen(vadd_yaml));
	CU_ASSERT(memcmp(s.data, vadd_yaml, strlen(vadd_yaml)) == 0);
	free(e.d);
}

/* Checks one note at *P and advances past it. */
static void check_note(const uint8_t **p, uint32_t type, const void *desc, uint32_t descsz)
{
	const uint8_t *n = *p;
	CU_ASSERT_EQUAL(le(n, 4), 8);
	CU_ASSERT_EQUAL(le(n + 4, 4), descsz);
	CU_ASSERT_EQUAL(le(n + 8, 4), type);
	CU_ASSERT(memcmp(n + 12, "IntelGT", 8) == 0);
	CU_ASSERT(memcmp(n + 20, desc, descsz) == 0);
	*p = n + 20 + (descsz + 3) / 4 * 4;
}

static void test_notes(void)
{
	static const uint8_t pf[4] = {0x1d, 0, 0, 0}, core[4] = {0, 0, 0, 0}, meta[4] = {0};
	TElf e;
	TSec s;
	const uint8_t *p;
	CU_ASSERT_FATAL(write_vadd("note.bin", 64, &e) == 0);
	CU_ASSERT_FATAL(telf_find(&e, ".note.intelgt.compat", &s) > 0);
	CU_ASSERT_FATAL(s.size == 3 * 24 + 28); /* three u32 notes and the padded version string */
	p = s.data;
	check_note(&p, 1, pf, 4);
	check_note(&p, 2, core, 4);
	check_note(&p, 3, meta, 4);
	check_note(&p, 4, "1.15", 5);
	CU_ASSERT(p == s.data + s.size);
	free(e.d);
}

static void test_note_core_family(void)
{
	Platform p = test_tgllp;
	ZeKernel k, *ks[] = {&k};
	char *path = tpath("core.bin"), *err = NULL;
	TElf e;
	TSec s;
	p.product_family = 0;
	p.core_family = 18;
	vadd_kernel(&k, pattern(8), 8);
	CU_ASSERT_FATAL(zebin_write(path, &p, ks, 1, &err) == 0);
	CU_ASSERT_FATAL(telf_load(path, &e) == 0);
	CU_ASSERT_FATAL(telf_find(&e, ".note.intelgt.compat", &s) > 0);
	CU_ASSERT_EQUAL(le(s.data + 20, 4), 0);
	CU_ASSERT_EQUAL(le(s.data + 24 + 20, 4), 18);
	free(e.d);
	free(path);
	vec_free(&k.args);
}

static void check_symbol(const TElf *e, const TSec *symtab, const TSec *strtab, unsigned i,
			 const char *name, unsigned shndx, uint64_t size)
{
	const uint8_t *s = symtab->data + 24 * (size_t)i;
	CU_ASSERT_STRING_EQUAL((const char *)strtab->data + le(s, 4), name);
	CU_ASSERT_EQUAL(s[4], 0x02); /* STB_LOCAL, STT_FUNC */
	CU_ASSERT_EQUAL(s[5], 0);
	CU_ASSERT_EQUAL(le(s + 6, 2), shndx);
	CU_ASSERT_EQUAL(le(s + 8, 8), 0);
	CU_ASSERT_EQUAL(le(s + 16, 8), size);
	CU_ASSERT(telf_sec(e, shndx).type == 1);
}

static void test_symtab(void)
{
	static const uint8_t zero[24];
	ZeKernel a, b, *ks[] = {&a, &b};
	char *path = tpath("sym.bin"), *err = NULL;
	TElf e;
	TSec sym, str, text;
	int isym, istr;
	vadd_kernel(&a, pattern(100), 100);
	fancy_kernel(&b, pattern(200), 200);
	CU_ASSERT_FATAL(zebin_write(path, &test_tgllp, ks, 2, &err) == 0);
	CU_ASSERT_FATAL(telf_load(path, &e) == 0);
	isym = telf_find(&e, ".symtab", &sym);
	istr = telf_find(&e, ".strtab", &str);
	CU_ASSERT_FATAL(isym > 0 && istr > 0);
	CU_ASSERT_EQUAL(sym.link, (uint32_t)istr);
	CU_ASSERT_EQUAL(sym.info, 3);
	CU_ASSERT_EQUAL(sym.entsize, 24);
	CU_ASSERT_FATAL(sym.size == 3 * 24);
	CU_ASSERT(memcmp(sym.data, zero, 24) == 0);
	CU_ASSERT_EQUAL(telf_find(&e, ".text.vadd", &text), 1);
	CU_ASSERT_EQUAL(telf_find(&e, ".text.fancy_2", &text), 2);
	check_symbol(&e, &sym, &str, 1, "vadd", 1, 100);
	check_symbol(&e, &sym, &str, 2, "fancy_2", 2, 200);
	free(e.d);
	free(path);
	vec_free(&a.args);
	vec_free(&b.args);
}

/* ---- writing the file ------------------------------------------------------- */

static void test_missing_directory(void)
{
	ZeKernel k, *ks[] = {&k};
	char *dir = tpath("no-such-dir"), *path = xasprintf("%s/x.bin", dir), *err = NULL;
	struct stat st;
	vadd_kernel(&k, pattern(64), 64);
	CU_ASSERT(zebin_write(path, &test_tgllp, ks, 1, &err) != 0);
	CU_ASSERT_PTR_NOT_NULL(err);
	CU_ASSERT(stat(path, &st) < 0 && errno == ENOENT);
	CU_ASSERT(stat(dir, &st) < 0);
	free(err);
	free(dir);
	free(path);
	vec_free(&k.args);
}

static void test_replace_leaves_no_temp(void)
{
	ZeKernel k, *ks[] = {&k};
	char *dir = tpath("atomic"), *path = xasprintf("%s/out.bin", dir), *err = NULL;
	FILE *f;
	TElf e;
	CU_ASSERT_FATAL(mkdir(dir, 0755) == 0);
	f = fopen(path, "w");
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs("old contents", f);
	fclose(f);
	vadd_kernel(&k, pattern(64), 64);
	CU_ASSERT_FATAL(zebin_write(path, &test_tgllp, ks, 1, &err) == 0);
	CU_ASSERT_EQUAL(dir_entries(dir), 1);
	CU_ASSERT_FATAL(telf_load(path, &e) == 0);
	CU_ASSERT(memcmp(e.d, "\177ELF", 4) == 0);
	free(e.d);
	free(dir);
	free(path);
	vec_free(&k.args);
}

static void test_failed_rename_cleans_up(void)
{
	ZeKernel k, *ks[] = {&k};
	char *dir = tpath("blocked"), *path = xasprintf("%s/out.bin", dir), *err = NULL;
	struct stat st;
	CU_ASSERT_FATAL(mkdir(dir, 0755) == 0);
	CU_ASSERT_FATAL(mkdir(path, 0755) == 0);
	vadd_kernel(&k, pattern(64), 64);
	CU_ASSERT(zebin_write(path, &test_tgllp, ks, 1, &err) != 0);
	CU_ASSERT_PTR_NOT_NULL(err);
	CU_ASSERT_EQUAL(dir_entries(dir), 1);
	CU_ASSERT(stat(path, &st) == 0 && S_ISDIR(st.st_mode));
	free(err);
	free(dir);
	free(path);
	vec_free(&k.args);
}

static void test_bad_kernels_rejected(void)
{
	ZeKernel a, b, *ks[] = {&a, &b};
	char *dir = tpath("bad"), *path = xasprintf("%s/out.bin", dir), *err = NULL;
	CU_ASSERT_FATAL(mkdir(dir, 0755) == 0);
	vadd_kernel(&a, pattern(64), 64);
	vadd_kernel(&b, pattern(64), 64);
	CU_ASSERT(zebin_write(path, &test_tgllp, ks, 2, &err) != 0);
	CU_ASSERT(err && strstr(err, "vadd"));
	free(err);
	err = NULL;
	b.name = "two words";
	CU_ASSERT(zebin_write(path, &test_tgllp, ks, 2, &err) != 0);
	CU_ASSERT(err && strstr(err, "two words"));
	CU_ASSERT_EQUAL(dir_entries(dir), 0);
	free(err);
	err = NULL;
	/* a 4-byte payload piece off its dword: the runtime would patch it
	 * where the kernel does not read */
	b.name = "vadd2";
	CU_ASSERT_FATAL(b.args.n > 0);
	b.args.v[b.args.n - 1].offset += 1;
	CU_ASSERT(zebin_write(path, &test_tgllp, ks, 2, &err) != 0);
	CU_ASSERT(err && strstr(err, "is not 4-byte aligned"));
	CU_ASSERT_EQUAL(dir_entries(dir), 0);
	free(err);
	free(dir);
	free(path);
	vec_free(&a.args);
	vec_free(&b.args);
}

static void test_deterministic(void)
{
	ZeKernel a, b, *ks[] = {&a, &b};
	char *p1 = tpath("det1.bin"), *p2 = tpath("det2.bin"), *err = NULL;
	TElf e1, e2;
	vadd_kernel(&a, pattern(300), 300);
	fancy_kernel(&b, pattern(77), 77);
	CU_ASSERT_FATAL(zebin_write(p1, &test_tgllp, ks, 2, &err) == 0);
	CU_ASSERT_FATAL(zebin_write(p2, &test_tgllp, ks, 2, &err) == 0);
	CU_ASSERT_FATAL(telf_load(p1, &e1) == 0 && telf_load(p2, &e2) == 0);
	CU_ASSERT_EQUAL(e1.n, e2.n);
	CU_ASSERT(e1.n == e2.n && memcmp(e1.d, e2.d, e1.n) == 0);
	free(e1.d);
	free(e2.d);
	free(p1);
	free(p2);
	vec_free(&a.args);
	vec_free(&b.args);
}

/* ---- finalize() with stand-in scripts -------------------------------------- */

/* Runs finalize() with TMPDIR pointing at an empty private directory and
 * checks that the directory is empty again afterwards. */
static int run_finalize(const char *prog, const char *visa, int timeout, GenCode *g,
			char **why, char **log)
{
	char *tmp = tpath("fin-tmp"), *old = getenv("TMPDIR") ? xstrdup(getenv("TMPDIR")) : NULL;
	int rc;
	mkdir(tmp, 0700);
	setenv("TMPDIR", tmp, 1);
	rc = finalize(prog, &test_tgllp, visa, "vadd", timeout, g, why, log);
	if (old)
		setenv("TMPDIR", old, 1);
	else
		unsetenv("TMPDIR");
	CU_ASSERT_EQUAL(dir_entries(tmp), 0);
	free(old);
	free(tmp);
	return rc;
}

static void test_finalize_cannot_run(void)
{
	char *prog = tpath("no-such-genx"), *why, *log;
	GenCode g;
	CU_ASSERT(run_finalize(prog, "x", 10, &g, &why, &log) != 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT(strncmp(why, "cannot run GenX_IR: ", 20) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, strerror(ENOENT)));
	CU_ASSERT_PTR_NULL(g.code);
	free(why);
	free(log);
	free(prog);
}

static void test_finalize_timeout(void)
{
	char *pidf = tpath("bg.pid"), *body = xasprintf("sleep 30 &\necho $! > '%s'\nwait", pidf);
	char *prog = write_script("slow.sh", body), *why, *log, *pid_text;
	GenCode g;
	size_t n;
	time_t t0 = time(NULL);
	CU_ASSERT(run_finalize(prog, "x", 1, &g, &why, &log) != 0);
	CU_ASSERT(time(NULL) - t0 < 10);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_STRING_EQUAL(why, "finalizer timed out after 1 s");
	pid_text = read_file(pidf, &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(pid_text);
	CU_ASSERT(process_gone((pid_t)atoi(pid_text)));
	free(pid_text);
	free(why);
	free(log);
	free(prog);
	free(body);
	free(pidf);
}

static void test_finalize_crash(void)
{
	char *prog = write_script("crash.sh", "echo dying\nkill -SEGV $$"), *why, *log;
	GenCode g;
	CU_ASSERT(run_finalize(prog, "x", 10, &g, &why, &log) != 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_STRING_EQUAL(why, "finalizer crashed (signal 11)");
	CU_ASSERT(log && strstr(log, "dying"));
	free(why);
	free(log);
	free(prog);
}

/* Stand-in that records its arguments and input, writes a spilling result
 * and exits 1 the way GenX_IR does when it spills.  The asm header is the
 * authority for the spill size (the 999 on stdout must not win). */
static void test_finalize_spill_stub(void)
{
	char *args = tpath("stub.args"), *seen = tpath("stub.visaasm");
	char *body = xasprintf("echo \"$@\" > '%s'\ncp \"$1\" '%s'\nprintf 'CODE' > \"$7.dat\"\n"
			       "printf '//.kernel vadd\\n//.thread_config numGRF=256, numAcc=8\\n"
			       "//.spill size 320\\n' > \"$7.asm\"\necho 'Spill memory used = 999 bytes'\n"
			       "exit 1", args, seen);
	char *prog = write_script("stub.sh", body), *why, *log, *text, *want;
	GenCode g;
	size_t n;
	CU_ASSERT_FATAL(run_finalize(prog, ".kernel \"vadd\"\n", 10, &g, &why, &log) == 0);
	CU_ASSERT_PTR_NULL(why);
	CU_ASSERT(g.size == 4 && memcmp(g.code, "CODE", 4) == 0);
	CU_ASSERT_EQUAL(g.spill_bytes, 320);
	CU_ASSERT_EQUAL(g.grf_count, 256);
	CU_ASSERT(g.asm_text && strstr(g.asm_text, "//.kernel vadd"));
	text = read_file(seen, &n);
	CU_ASSERT(text && strcmp(text, ".kernel \"vadd\"\n") == 0);
	free(text);
	text = read_file(args, &n);
	CU_ASSERT_PTR_NOT_NULL_FATAL(text);
	want = xasprintf("vadd.visaasm -platform TGLLP -output -binary -asmOutput ");
	CU_ASSERT(strncmp(text, want, strlen(want)) == 0);
	CU_ASSERT(strstr(text, "/vadd\n") != NULL);
	free(want);
	free(text);
	gencode_free(&g);
	CU_ASSERT_PTR_NULL(g.code);
	free(log);
	free(prog);
	free(body);
	free(args);
	free(seen);
}

static void test_finalize_errors_file(void)
{
	char *prog = write_script("rej.sh",
				  "printf 'junk' > \"$7.dat\"\n"
				  "printf 'Error in CISA routine with name: vadd\\n"
				  "                  Error Message: bad operand type\\n' > \"$7.errors.txt\"\n"
				  "echo 'Found a total of 1 errors in vISA input.'\nexit 1");
	char *why, *log;
	GenCode g;
	CU_ASSERT(run_finalize(prog, "x", 10, &g, &why, &log) != 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_STRING_EQUAL(why, "finalizer rejected the vISA: bad operand type");
	CU_ASSERT(log && strstr(log, "Found a total of 1 errors"));
	CU_ASSERT_PTR_NULL(g.code);
	free(why);
	free(log);
	free(prog);
}

static void test_finalize_no_output(void)
{
	char *prog = write_script("quiet.sh", "exit 0"), *why, *log;
	GenCode g;
	CU_ASSERT(run_finalize(prog, "x", 10, &g, &why, &log) != 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT_STRING_EQUAL(why, "finalizer wrote no code");
	free(why);
	free(log);
	free(prog);
}

/* ---- the real GenX_IR and ocloc -------------------------------------------- */

/* c[i] = a[i] * s + b[i] for i < n: SIMD16, stateless, TGLLP payload layout
 * (local ids r1-r3, cross-thread data from byte 128 = ze_info offset 0). */
static const char vadd_visa[] =
	".version 4.1\n"
	".kernel \"vadd\"\n"
	".decl LIDX v_type=G type=uw num_elts=16 align=GRF\n"
	".decl LIDY v_type=G type=uw num_elts=16 align=GRF\n"
	".decl LIDZ v_type=G type=uw num_elts=16 align=GRF\n"
	".decl GOFF v_type=G type=ud num_elts=3 align=GRF\n"
	".decl LSZ v_type=G type=ud num_elts=3 align=dword\n"
	".decl PA v_type=G type=ud num_elts=2 align=qword\n"
	".decl PB v_type=G type=ud num_elts=2 align=qword\n"
	".decl PC v_type=G type=ud num_elts=2 align=qword\n"
	".decl S v_type=G type=f num_elts=1 align=dword\n"
	".decl N v_type=G type=d num_elts=1 align=dword\n"
	".input LIDX offset=32 size=32\n"
	".input LIDY offset=64 size=32\n"
	".input LIDZ offset=96 size=32\n"
	".input GOFF offset=128 size=12\n"
	".input LSZ offset=140 size=12\n"
	".input PA offset=160 size=8\n"
	".input PB offset=168 size=8\n"
	".input PC offset=176 size=8\n"
	".input S offset=184 size=4\n"
	".input N offset=188 size=4\n"
	".decl GRP v_type=G type=ud num_elts=1 align=dword\n"
	".decl GID v_type=G type=ud num_elts=16 align=GRF\n"
	".decl OFF v_type=G type=ud num_elts=16 align=GRF\n"
	".decl LO v_type=G type=ud num_elts=16 align=GRF\n"
	".decl HI v_type=G type=ud num_elts=16 align=GRF\n"
	".decl CY v_type=G type=ud num_elts=16 align=GRF\n"
	".decl ADDR v_type=G type=uq num_elts=16 align=GRF\n"
	".decl ADDR32 v_type=G type=ud num_elts=32 align=GRF alias=<ADDR, 0>\n"
	".decl VA v_type=G type=f num_elts=16 align=GRF\n"
	".decl VB v_type=G type=f num_elts=16 align=GRF\n"
	".decl P1 v_type=P num_elts=16\n"
	".kernel_attr Target=\"3d\"\n"
	".kernel_attr SimdSize=16\n"
	".function \"_main\"\n"
	"_main:\n"
	"    or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud\n"
	"    mul (M1_NM, 1) GRP(0,0)<1> %group_id_x(0,0)<0;1,0> LSZ(0,0)<0;1,0>\n"
	"    add (M1, 16) GID(0,0)<1> LIDX(0,0)<1;1,0> GRP(0,0)<0;1,0>\n"
	"    add (M1, 16) GID(0,0)<1> GID(0,0)<1;1,0> GOFF(0,0)<0;1,0>\n"
	"    cmp.lt (M1, 16) P1 GID(0,0)<1;1,0> N(0,0)<0;1,0>\n"
	"    (!P1) goto (M1, 16) DONE\n"
	"    shl (M1, 16) OFF(0,0)<1> GID(0,0)<1;1,0> 0x2:ud\n"
	"    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PA(0,0)<0;1,0>\n"
	"    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PA(0,1)<0;1,0>\n"
	"    mov (M1, 16) ADDR32(0,0)<2> LO(0,0)<1;1,0>\n"
	"    mov (M1, 16) ADDR32(0,1)<2> HI(0,0)<1;1,0>\n"
	"    svm_gather.4.1 (M1, 16) ADDR.0 VA.0\n"
	"    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PB(0,0)<0;1,0>\n"
	"    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PB(0,1)<0;1,0>\n"
	"    mov (M1, 16) ADDR32(0,0)<2> LO(0,0)<1;1,0>\n"
	"    mov (M1, 16) ADDR32(0,1)<2> HI(0,0)<1;1,0>\n"
	"    svm_gather.4.1 (M1, 16) ADDR.0 VB.0\n"
	"    mad (M1, 16) VA(0,0)<1> VA(0,0)<1;1,0> S(0,0)<0;1,0> VB(0,0)<1;1,0>\n"
	"    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PC(0,0)<0;1,0>\n"
	"    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PC(0,1)<0;1,0>\n"
	"    mov (M1, 16) ADDR32(0,0)<2> LO(0,0)<1;1,0>\n"
	"    mov (M1, 16) ADDR32(0,1)<2> HI(0,0)<1;1,0>\n"
	"    svm_scatter.4.1 (M1, 16) ADDR.0 VA.0\n"
	"DONE:\n"
	"    ret (M1, 1)\n";

/* The vadd header plus NLIVE loaded vectors that are all live at once:
 * more than 128 GRFs of pressure, so GenX_IR must spill. */
static char *spilling_visa(int nlive)
{
	const char *split = strstr(vadd_visa, ".kernel_attr Target");
	Buf b = {0};
	int i;
	buf_add(&b, vadd_visa, (size_t)(split - vadd_visa));
	for (i = 0; i < nlive; i++)
		buf_printf(&b, ".decl W%d v_type=G type=f num_elts=16 align=GRF\n", i);
	buf_puts(&b, ".kernel_attr Target=\"3d\"\n.kernel_attr SimdSize=16\n"
		     ".function \"_main\"\n_main:\n"
		     "    shl (M1, 16) OFF(0,0)<1> LIDX(0,0)<1;1,0> 0x2:ud\n"
		     "    addc (M1, 16) LO(0,0)<1> CY(0,0)<1> OFF(0,0)<1;1,0> PA(0,0)<0;1,0>\n"
		     "    add (M1, 16) HI(0,0)<1> CY(0,0)<1;1,0> PA(0,1)<0;1,0>\n"
		     "    mov (M1, 16) ADDR32(0,0)<2> LO(0,0)<1;1,0>\n"
		     "    mov (M1, 16) ADDR32(0,1)<2> HI(0,0)<1;1,0>\n");
	for (i = 0; i < nlive; i++)
		buf_printf(&b, "    svm_gather.4.1 (M1, 16) ADDR.0 W%d.0\n"
			   "    add (M1, 16) ADDR32(0,0)<2> ADDR32(0,0)<2;1,0> 0x40:ud\n", i);
	buf_puts(&b, "    mov (M1, 16) VA(0,0)<1> W0(0,0)<1;1,0>\n");
	for (i = 1; i < nlive; i++)
		buf_printf(&b, "    mad (M1, 16) VA(0,0)<1> VA(0,0)<1;1,0> W%d(0,0)<1;1,0> W%d(0,0)<1;1,0>\n",
			   i, nlive - i);
	buf_puts(&b, "    svm_scatter.4.1 (M1, 16) ADDR.0 VA.0\n    ret (M1, 1)\n");
	return b.s;
}

static void test_genx_ir_rejects(void)
{
	char *bad, *why, *log, *at;
	GenCode g;
	if (!have(genx_ir(), "the GenX_IR rejection test"))
		return;
	bad = xstrdup(vadd_visa);
	at = strstr(bad, "svm_scatter.4.1 (M1, 16) ADDR.0 VA.0");
	CU_ASSERT_PTR_NOT_NULL_FATAL(at);
	memcpy(strstr(at, "VA.0"), "VQ.0", 4);
	CU_ASSERT(run_finalize(genx_ir(), bad, 60, &g, &why, &log) != 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT(strncmp(why, "finalizer rejected the vISA: ", 29) == 0);
	CU_ASSERT_PTR_NOT_NULL(strstr(why, "VQ"));
	CU_ASSERT_PTR_NOT_NULL(log);
	free(why);
	free(log);
	free(bad);
}

static void test_genx_ir_spills(void)
{
	char *visa, *why, *log;
	GenCode g;
	if (!have(genx_ir(), "the GenX_IR spill test"))
		return;
	visa = spilling_visa(80);
	CU_ASSERT_FATAL(run_finalize(genx_ir(), visa, 120, &g, &why, &log) == 0);
	CU_ASSERT(g.size > 0 && g.size % 8 == 0);
	CU_ASSERT(g.spill_bytes > 0);
	CU_ASSERT_EQUAL(g.grf_count, 128);
	gencode_free(&g);
	free(visa);
}

static int run_ocloc_validate(const char *path, Buf *out)
{
	char *cmd = xasprintf("ocloc validate -file '%s' 2>&1", path), line[512];
	FILE *p = popen(cmd, "r");
	int st;
	free(cmd);
	if (!p)
		return -1;
	while (fgets(line, sizeof line, p))
		buf_puts(out, line);
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_ocloc_validates_real_code(void)
{
	char *why, *log, *path = tpath("real.bin"), *err = NULL;
	GenCode g;
	ZeKernel k, *ks[] = {&k};
	Buf out = {0};
	if (!have(genx_ir(), "the ocloc validation test") || !have("ocloc", "the ocloc validation test"))
		goto done;
	CU_ASSERT_FATAL(run_finalize(genx_ir(), vadd_visa, 60, &g, &why, &log) == 0);
	CU_ASSERT_EQUAL(g.spill_bytes, 0);
	vadd_kernel(&k, g.code, g.size);
	CU_ASSERT_FATAL(zebin_write(path, &test_tgllp, ks, 1, &err) == 0);
	CU_ASSERT_EQUAL(run_ocloc_validate(path, &out), 0);
	CU_ASSERT(out.s && strstr(out.s, "Binary is VALID"));
	CU_ASSERT(out.s && strstr(out.s, "Cross-thread data size 64"));
	CU_ASSERT(out.s && strstr(out.s, "Per-thread data size 96"));
	if (!out.s || !strstr(out.s, "Binary is VALID"))
		printf("\n%s", out.s ? out.s : "(no ocloc output)\n");
	vec_free(&k.args);
	gencode_free(&g);
	buf_free(&out);
done:
	free(path);
}

static void test_ocloc_accepts_all_keys(void)
{
	ZeKernel a, b, *ks[] = {&a, &b};
	char *path = tpath("keys.bin"), *err = NULL;
	Buf out = {0};
	if (!have("ocloc", "the ocloc ze_info keys test"))
		goto done;
	vadd_kernel(&a, pattern(96), 96);
	fancy_kernel(&b, pattern(96), 96);
	CU_ASSERT_FATAL(zebin_write(path, &test_tgllp, ks, 2, &err) == 0);
	CU_ASSERT_EQUAL(run_ocloc_validate(path, &out), 0);
	CU_ASSERT(out.s && strstr(out.s, "Binary is VALID"));
	CU_ASSERT(out.s && !strstr(out.s, "Unknown entry"));
	CU_ASSERT(out.s && strstr(out.s, "Binary contains 2 kernels"));
	vec_free(&a.args);
	vec_free(&b.args);
	buf_free(&out);
done:
	free(path);
}

int add_zebin_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"arg type names", test_arg_type_names},
		{"ze_info of vadd", test_yaml_vadd},
		{"ze_info optional keys", test_yaml_optional_keys},
		{"ELF header", test_elf_header},
		{"section table", test_sections},
		{".text padding", test_text_padding},
		{".ze_info section", test_ze_info_section},
		{"IntelGT notes", test_notes},
		{"IntelGT core family note", test_note_core_family},
		{"symbol table", test_symtab},
		{"missing directory", test_missing_directory},
		{"replace leaves no temporary", test_replace_leaves_no_temp},
		{"failed rename cleans up", test_failed_rename_cleans_up},
		{"bad kernels rejected", test_bad_kernels_rejected},
		{"deterministic output", test_deterministic},
		{"finalize: cannot run", test_finalize_cannot_run},
		{"finalize: timeout", test_finalize_timeout},
		{"finalize: crash", test_finalize_crash},
		{"finalize: spill is success", test_finalize_spill_stub},
		{"finalize: errors file", test_finalize_errors_file},
		{"finalize: no output", test_finalize_no_output},
		{"GenX_IR rejects bad vISA", test_genx_ir_rejects},
		{"GenX_IR spills", test_genx_ir_spills},
		{"ocloc validates real code", test_ocloc_validates_real_code},
		{"ocloc accepts every key", test_ocloc_accepts_all_keys},
	};
	CU_pSuite s = CU_add_suite("zebin", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
