/* main.c - the translate command: options, then per input program the
 * pipeline
 *
 *   read -> il_parse -> md_read -> per kernel: md_link -> translate_kernel
 *        -> vk_inline -> vk_scalar_copies -> vk_dce -> vk_text -> finalize (GenX_IR) -> zebin_write
 *
 * A failure stays with its kernel: the other kernels and files go on, and a
 * program with any failed kernel gets no zebin (never a partial one).
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "batch.h"
#include "report.h"
#include "manifest.h"
#include "stats.h"
#include "tables.h"
#include "gen/gen.h"
#include "ilparse/il.h"
#include "metadata/metadata.h"
#include "translate/translate.h"
#include "emu/emu.h"
#include "visa/visa.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "dev"
#endif

enum { EMIT_ZEBIN = 1, EMIT_VISAASM = 2, EMIT_ASM = 4, EMIT_IL = 8, EMIT_ABI = 16, EMIT_ISA = 32,
       EMIT_ISAFULL = 64 };
enum { EMIT_TRANSLATED = EMIT_ZEBIN | EMIT_VISAASM | EMIT_ASM | EMIT_ABI | EMIT_ISA | EMIT_ISAFULL };

typedef struct Options {
	const char *device;   /* -device */
	const char *outdir;   /* -o, NULL = next to the input */
	int simd;             /* -simd, 0 = platform default */
	int emit;             /* EMIT_* bits */
	int timeout;          /* seconds per finalizer run */
	const char *genx_ir;  /* finalizer program */
	const char *datadir;  /* data/ tables */
	const char *dump;     /* -d letters: P = parsed module */
	int emit_given;       /* --emit was on the command line */
	int stats;            /* --stats */
	int isa;              /* --isa */
	int printf_slot;      /* --printf-slot, dwords per work-item (0 = default) */
	int mutate;           /* --mutate: a deliberate bug (MUT_*), for testing --conform */
	int no_fp64_emu;      /* --no-fp64-emulation */
	int messages;         /* --messages: MSG_DEFAULT, MSG_LSC, MSG_LEGACY */
	int cal_buffers;      /* --cal-outputs buffer: il_ps render targets as buffers */
	const char *cal_abi;  /* --cal-abi FILE: derived arguments' order */
	int conform;          /* --conform */
	int no_finalize;      /* --no-finalize: stop at the vISA text (make bench) */
	int outdir_given;     /* -o was given (else --conform works in a temporary folder) */
	int jobs;             /* -j: inputs translated at once (0 = one per core) */
	int quiet;            /* --quiet: no progress or summary (and --conform: only disagreements) */
	const char *report;   /* --report FILE */
	ReportFormat report_format; /* --report-format */
	int merge;            /* --merge-reports OUT IN... */
	int force;            /* --force: redo inputs the manifest says are up to date */
	int shard, shards;    /* --shard I/N: only inputs I, I+N, I+2N, ... (shards 0 = all) */
	ManifestRun *mr;      /* resumable outputs (manifest.h), NULL when not translating */
	ConformOptions co;    /* its options */
} Options;

static void usage(FILE *f)
{
	fputs("usage: translate [options] INPUT...\n"
	      "       translate --merge-reports OUT [--report-format F] REPORT.xml...\n"
	      "Translate AMD IL programs (il_cs_2_0, AMD OpenCL compiler output) into\n"
	      "Intel GPU binaries (zebin) for the Level Zero and OpenCL runtimes.\n"
	      "INPUT is a .il file, a directory of them, @FILE (a list of inputs, one per\n"
	      "line) or - (that list on stdin); each program gives <stem>_<device>.bin\n"
	      "holding all of its kernels.\n"
	      "\n"
	      "  -device NAME      target device (default tgllp); -device list shows them\n"
	      "  -o DIR            output folder (default: next to each input)\n"
	      "  -j N              translate N inputs at once, each in its own process (default:\n"
	      "                    one per core; a crash fails only its input, and what is\n"
	      "                    printed keeps input order); --conform and -d run one at a time.\n"
	      "                    A batch of 2 or more inputs shows progress on stderr (a line\n"
	      "                    redrawn on a terminal, else one line per input) and a summary\n"
	      "  --force           translate every input again, even when the output folder's\n"
	      "                    manifest (.translate-manifest) says its files are up to date\n"
	      "                    (same text, options, finalizer and translator; files no older)\n"
	      "  --shard I/N       only the inputs I, I+N, I+2N, ... (0 <= I < N) of the expanded\n"
	      "                    list: one slice of a Slurm job array (docs/BATCH.md)\n"
	      "  -simd 8|16|32     SIMD width of every kernel (default 16, on pvc 32, and a kernel\n"
	      "                    that spills there narrower when that spills less; a width\n"
	      "                    the device lacks is refused, e.g. SIMD8 on pvc)\n"
	      "  --emit LIST       comma list of zebin, visaasm, asm, isa, isafull, il, abi\n"
	      "                    (default zebin); isa writes DIR/<kernel>.isa, the binary vISA\n"
	      "                    object byte-identical to what GenX_IR writes for the .visaasm\n"
	      "                    (its Gen binary embedded, trailing operands lost as GenX_IR\n"
	      "                    1.0.12504 loses them); isafull writes <kernel>.isafull.isa with\n"
	      "                    every operand, which GenX_IR reads back;\n"
	      "                    il writes DIR/<stem>.il, the canonical rendering of the input;\n"
	      "                    abi writes DIR/<kernel>.abi.xml and .abi.txt, where every AMD\n"
	      "                    value lives on the Level Zero side\n"
	      "  --stats           print which opcodes, modifiers, declarations and metadata\n"
	      "                    tokens the inputs use, with counts (translates nothing)\n"
	      "  --isa             print docs/ISA.md: every mnemonic, whether it is lowered,\n"
	      "                    and whether the inputs (the conformance corpus) use it\n"
	      "  -d LETTERS        dump stages to stdout and stop, writing nothing: P parsed\n"
	      "                    module (with an explicit --emit, also write those files)\n"
	      "  --timeout SEC     limit for one finalizer run (default 120)\n"
	      "  --no-finalize     stop each kernel at its vISA text: no finalizer run, no\n"
	      "                    zebin; --emit may name only visaasm (the default then) and\n"
	      "                    il (measures the front end alone, docs/BENCHMARKS.md)\n"
	      "  --no-fp64-emulation  refuse double-precision instructions on devices without\n"
	      "                    fp64 hardware (default: software doubles from 32-bit integer ops)\n"
	      "  --cal-outputs image|buffer  where a CAL il_ps program's render targets o0..o7\n"
	      "                    go: write-only 2-D image arguments (default; the typed\n"
	      "                    write converts to the image's format) or buffer arguments,\n"
	      "                    16 bytes a pixel, row-major over the domain\n"
	      "  --cal-abi FILE    the argument order of a CAL program without metadata: each\n"
	      "                    <argument name=\"..\" index=\"..\"/> of FILE (an ABI map, as\n"
	      "                    --emit abi writes) puts that argument at that index\n"
	      "  --messages lsc|legacy  memory message family (default: the device's, LSC on\n"
	      "                    pvc, the legacy dataport elsewhere); lsc also on dg2 and mtl\n"
	      "  --mutate BUG      testing aid: translate with a deliberate bug (flip-compare:\n"
	      "                    every 'less than' becomes 'greater or equal'; cb1-offset:\n"
	      "                    arguments read one dword off; drop-fence-lds: no SLM fence\n"
	      "                    before a barrier; drop-barrier: no barrier) to show --conform\n"
	      "                    catches it\n"
	      "  --conform         run every kernel on both emulated runtimes (AMD's on the IL,\n"
	      "                    Level Zero's on our vISA and zebin) with generated arguments\n"
	      "                    and compare every output byte and printf record; exit 0\n"
	      "                    only when all agree; with -o DIR, per kernel dumps and\n"
	      "                    DIR/<kernel>/manifest.xml\n"
	      "  --seed N          seed of --conform's argument generator and of its random\n"
	      "                    interleaving of work-items (default 0)\n"
	      "  --shapes N        --conform: N random launch shapes per kernel besides the\n"
	      "                    default one (local sizes, groups, 1-3 D offsets; default 0)\n"
	      "  --in-order        --conform: work-items in id order, no random interleaving\n"
	      "  --no-launch-variants  --conform: compare on the generated launch even where the\n"
	      "                    AMD side cannot run it (no other launch tried)\n"
	      "  --report FILE     write what happened to every input and kernel: status,\n"
	      "                    diagnostics (file:line:col), device, SIMD width, GRFs, spill\n"
	      "                    bytes, Gen instructions, finalizer version, times\n"
	      "  --report-format xml|junit|json  --report's format (default xml, valid against\n"
	      "                    data/report.xsd; junit: a testsuite per input, a testcase\n"
	      "                    per kernel)\n"
	      "  --merge-reports OUT  merge XML reports (of separate runs over disjoint inputs,\n"
	      "                    e.g. GNU parallel or Slurm workers) into OUT, sorted by path\n"
	      "  --junit FILE      --conform results as JUnit XML\n"
	      "  --quiet           only diagnostics: no progress lines, no summary; with\n"
	      "                    --conform also only disagreements\n"
	      "  --offset N        --conform: global work offset in x (default 0)\n"
	      "  --no-pocl         --conform: do not run the OpenCL C twins on pocl (the third\n"
	      "                    runtime, run by default when translate was built with OpenCL)\n"
	      "  --inputs DIR      --conform: each kernel's launch (NDRange, argument bytes)\n"
	      "                    from DIR/<kernel>/manifest.xml, the format -o DIR writes\n"
	      "  --printf-slot N   dwords of one work-item's printf slot, AMD's cb0[8].z\n"
	      "                    (default 1024, as AMD's runtime; 4 bytes each of private memory)\n"
	      "  --version         print the version, and the finalizer's (path, package,\n"
	      "                    build-id, SHA-256)\n"
	      "  --help            this text\n"
	      "\n"
	      "Environment: GENX_IR (finalizer program), TRANSLATE_DATADIR (tables),\n"
	      "TRANSLATE_XML_LIBRARY (libxml2, opened when XML is read or written);\n"
	      "--conform's OpenCL C twins: TRANSLATE_CLANG (default clang), CC (default cc);\n"
	      "on pocl: TRANSLATE_POCL_TIMEOUT (seconds, default 300), TRANSLATE_OPENCL_PLATFORM\n"
	      "(default \"Portable Computing Language\"), and pocl's own (POCL_CACHE_DIR, ...).\n", f);
}

static int parse_emit(const char *s, int *out)
{
	char *copy = xstrdup(s), *tok, *save = NULL;
	int bad = 0;
	*out = 0;
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (!strcmp(tok, "zebin"))
			*out |= EMIT_ZEBIN;
		else if (!strcmp(tok, "visaasm"))
			*out |= EMIT_VISAASM;
		else if (!strcmp(tok, "asm"))
			*out |= EMIT_ASM;
		else if (!strcmp(tok, "il"))
			*out |= EMIT_IL;
		else if (!strcmp(tok, "abi"))
			*out |= EMIT_ABI;
		else if (!strcmp(tok, "isa"))
			*out |= EMIT_ISA;
		else if (!strcmp(tok, "isafull"))
			*out |= EMIT_ISAFULL;
		else {
			diag_plain("--emit: unknown output kind '%s' (zebin, visaasm, asm, isa, isafull, il, abi)", tok);
			bad = 1;
		}
	}
	free(copy);
	return bad || !*out ? -1 : 0;
}

/* A decimal option value in [lo, hi]; 0 ok, else a diagnostic. */
static int int_option(const char *name, const char *arg, long lo, long hi, int *out)
{
	char *end;
	long v = strtol(arg, &end, 10);
	if (!*arg || *end || v < lo || v > hi) {
		diag_plain("%s must be %ld to %ld, not '%s'", name, lo, hi, arg);
		return -1;
	}
	*out = (int)v;
	return 0;
}

static const char *find_datadir(void)
{
	static const char *const cand[] = {TRANSLATE_PKGDATADIR, TRANSLATE_SRCDATADIR};
	const char *e = getenv("TRANSLATE_DATADIR");
	size_t i;
	struct stat st;
	if (e && *e)
		return e;
	for (i = 0; i < NELEM(cand); i++) {
		char *p = xasprintf("%s/platforms.xml", cand[i]);
		int ok = stat(p, &st) == 0;
		free(p);
		if (ok)
			return cand[i];
	}
	return TRANSLATE_SRCDATADIR;
}

/* ---- staged outputs ---------------------------------------------------------
 * A program's files appear together or not at all.  Each is written to a
 * hidden temporary name in its own folder (".<name>.<host>.<pid>.tmp", which
 * a later run removes when SIGKILL left it: manifest_clean_stale) and renamed
 * into place by stage_commit once the whole program has translated;
 * stage_abort removes them when it fails.  SIGINT, SIGTERM and SIGHUP remove
 * the pending temporaries before the process dies, so no partial file of
 * any kind is left behind. */
#define STAGE_MAX 1024
static char *stage_tmp[STAGE_MAX], *stage_final[STAGE_MAX];
static volatile sig_atomic_t stage_n;
static StrVec stage_done; /* base names stage_commit put in place, for the manifest */

static volatile sig_atomic_t stage_stop; /* the signal that asked us to stop */
static void stage_abort(void);

static void stage_signal(int sig)
{
	sig_atomic_t i;
	for (i = 0; i < stage_n; i++)
		unlink(stage_tmp[i]); /* async-signal-safe */
	stage_stop = sig;
	if (finalize_interrupt())
		return; /* finalize() returns, removes its folder; translate_file stops */
	signal(sig, SIG_DFL);
	raise(sig);
}

/* After a signal that came while the finalizer ran: die of it now. */
static void stage_check_stop(void)
{
	int sig = (int)stage_stop;
	if (!sig)
		return;
	stage_abort();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void stage_init(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
	size_t i;
	for (i = 0; i < NELEM(sigs); i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = stage_signal;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

/* The temporary name to write instead of path, registered for commit. */
static const char *stage(const char *path)
{
	const char *b = path_base(path);
	char *tmp;
	sig_atomic_t n = stage_n, i;
	/* written again (a kernel translated at a second width): the same
	 * staged file, replaced */
	for (i = 0; i < n; i++)
		if (!strcmp(stage_final[i], path))
			return stage_tmp[i];
	tmp = xasprintf("%.*s.%s.%s.%ld.tmp", (int)(b - path), path, b, manifest_host(), (long)getpid());
	if (n == STAGE_MAX) {
		diag_plain("more than %d output files for one program", STAGE_MAX);
		free(tmp);
		return NULL;
	}
	stage_tmp[n] = tmp;
	stage_final[n] = xstrdup(path);
	stage_n = n + 1; /* published last: the handler sees whole entries */
	return tmp;
}

static int stage_commit(void)
{
	int bad = 0;
	while (stage_n > 0) {
		sig_atomic_t n = stage_n - 1;
		if (!bad && rename(stage_tmp[n], stage_final[n]) != 0) {
			diag_plain("cannot write %s: %s", stage_final[n], strerror(errno));
			bad = 1;
		}
		if (bad)
			unlink(stage_tmp[n]);
		else
			vec_push(&stage_done, xstrdup(path_base(stage_final[n])));
		stage_n = n;
		free(stage_tmp[n]);
		free(stage_final[n]);
	}
	return bad;
}

static void stage_abort(void)
{
	while (stage_n > 0) {
		sig_atomic_t n = stage_n - 1;
		unlink(stage_tmp[n]);
		stage_n = n;
		free(stage_tmp[n]);
		free(stage_final[n]);
	}
}

/* Writes n bytes for path, staged (see above). */
static int write_bytes(const char *path, const void *data, size_t n)
{
	const char *tmp = stage(path);
	FILE *f = tmp ? fopen(tmp, "wb") : NULL;
	if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0) {
		diag_plain("cannot write %s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int write_text(const char *path, const char *text)
{
	return write_bytes(path, text, strlen(text));
}

/* The folder of input's outputs: -o, else the input's own. */
static char *out_dir(const Options *o, const char *input)
{
	const char *b = path_base(input);
	if (o->outdir)
		return xstrdup(o->outdir);
	return b == input ? xstrdup(".") : xstrndup(input, (size_t)(b - input - 1));
}

static char *out_path(const Options *o, const char *input, const char *name, const char *ext)
{
	char *dir = out_dir(o, input), *p;
	p = xasprintf("%s/%s%s", dir, name, ext);
	free(dir);
	return p;
}

/* --emit abi: <kernel>.abi.xml and <kernel>.abi.txt, with the finalizer's numbers */
static void write_abi_map(const Options *o, const char *input, const Kernel *k, const AbiPlan *plan,
                          const ZeKernel *ze, const Platform *pl)
{
	char *x = abi_map_xml(plan, ze, pl->name), *t = abi_map_text(plan, ze, pl->name);
	char *ks = kernel_out_stem(input, k->name);
	char *px = out_path(o, input, ks, ".abi.xml"), *pt = out_path(o, input, ks, ".abi.txt");
	write_text(px, x);
	write_text(pt, t);
	free(x);
	free(t);
	free(px);
	free(pt);
	free(ks);
}

/* A faddr of the vISA: its symbol and the label that starts its region
 * (the last label before it, NULL at the entry). */
typedef struct Faddr {
	const char *symbol, *region;
} Faddr;
typedef VEC(Faddr) FaddrVec;

static void faddr_symbols(const VKernel *vk, FaddrVec *out, StrVec *labels)
{
	size_t i;
	const VFunc *f = vk->funcs.v[0];
	const char *region = NULL;
	for (i = 0; i < f->code.n; i++) {
		const VInst *in = &f->code.v[i];
		if (in->label) {
			region = intern(in->label); /* the kernel's strings go with vk_free */
			vec_push(labels, (char *)region);
		} else if (!strcmp(in->op, "faddr")) {
			Faddr a = {intern(in->ops[0].label), region};
			vec_push(out, a);
		}
	}
}

/* The region of a site in the finalizer's listing: the last of our labels
 * ("NAME:" at a line start, or "// NAME:" where the finalizer merged the
 * label's block into the one before, as on SKL) before the line at `at`. */
static const char *site_region(const char *asm_text, size_t at, const StrVec *labels)
{
	size_t p = at, i;
	while (p > 0) {
		size_t b = p - 1, e;
		while (b > 0 && asm_text[b - 1] != '\n')
			b--;
		p = b;
		if (!strncmp(asm_text + b, "// ", 3))
			b += 3;
		for (e = b; asm_text[e] && asm_text[e] != ':' && asm_text[e] != '\n' && asm_text[e] != ' '; e++)
			;
		if (asm_text[e] == ':' && e > b)
			for (i = 0; i < labels->n; i++)
				if (strlen(labels->v[i]) == e - b && !memcmp(labels->v[i], asm_text + b, e - b))
					return labels->v[i];
	}
	return NULL;
}

/* Relocations for the finalizer's faddr sites.  Each faddr sits in its own
 * region of the vISA (the prologue, or after the exit label for printf's
 * strings) and the finalizer keeps its movs inside that block, so a site's
 * region in the listing names its symbol; a kernel whose faddrs all name
 * one symbol needs no regions. */
static int faddr_relocs(const FaddrVec *fa, const StrVec *labels, const GenCode *gc, ZeKernel *ze)
{
	size_t r, i;
	int one = 1;
	for (i = 1; i < fa->n; i++)
		one &= strcmp(fa->v[i].symbol, fa->v[0].symbol) == 0;
	if (!fa->n)
		return 0; /* placeholder-like dwords are the kernel's own constants */
	if (gc->faddr_lo.n != gc->faddr_hi.n)
		return -1;
	for (r = 0; r < gc->faddr_lo.n + gc->faddr_hi.n + gc->faddr_64.n; r++) {
		int hi = r >= gc->faddr_lo.n, q = r >= gc->faddr_lo.n + gc->faddr_hi.n;
		size_t k = q ? r - gc->faddr_lo.n - gc->faddr_hi.n : hi ? r - gc->faddr_lo.n : r;
		const char *sym = fa->v[0].symbol;
		uint64_t off = q ? gc->faddr_64.v[k] : hi ? gc->faddr_hi.v[k] : gc->faddr_lo.v[k];
		size_t at = q ? gc->faddr_64_at.v[k] : hi ? gc->faddr_hi_at.v[k] : gc->faddr_lo_at.v[k];
		if (!one) {
			const char *reg = gc->asm_text ? site_region(gc->asm_text, at, labels) : NULL;
			sym = NULL;
			for (i = 0; i < fa->n; i++)
				if (fa->v[i].region == reg) {
					if (sym && strcmp(sym, fa->v[i].symbol))
						return -1;
					sym = fa->v[i].symbol;
				}
			if (!sym)
				return -1;
		}
		{
			ZeReloc z = {off, q ? ZR_ADDR : hi ? ZR_ADDR_32_HI : ZR_ADDR_32, sym};
			vec_push(&ze->relocs, z);
		}
	}
	return 0;
}

/* --emit isa / isafull: the binary vISA object with the finalizer's Gen code. */
static int write_isa(const Options *o, const char *input, const Kernel *k, const VKernel *vk,
                     const Platform *pl, const GenCode *gc)
{
	static const struct { int emit; VisaBinLayout layout; const char *ext; } kinds[] = {
		{EMIT_ISA, VB_GENX_IR, ".isa"}, {EMIT_ISAFULL, VB_FULL, ".isafull.isa"},
	};
	size_t i;
	int bad = 0;
	for (i = 0; i < 2; i++) {
		VisaBinOptions vo = {kinds[i].layout, visa_platform_code(pl->genx), gc->code, gc->size};
		Buf b = {0};
		char *why = NULL, *p;
		if (!(o->emit & kinds[i].emit))
			continue;
		if (vk_isa(vk, &vo, &b, &why)) {
			diag_error(k->md->loc, "kernel '%s': %s", k->name, why);
			free(why);
			bad = 1;
		} else {
			char *ks = kernel_out_stem(input, k->name);
			p = out_path(o, input, ks, kinds[i].ext);
			bad |= write_bytes(p, b.s, b.n) != 0;
			free(p);
			free(ks);
		}
		buf_free(&b);
	}
	return bad;
}

/* One kernel at one SIMD width: link, lower, finalize.  Fills ze (and its
 * code) on success. */
static int translate_at(const Options *o, int simd, const Platform *pl, const Cb0Table *cb0, Program *prog,
                        Kernel *k, const char *input, ZeKernel *ze, GenCode *gc, const long long *seg_off,
                        const PfTable *pf, char **visa_keep)
{
	TranslateOptions to = {pl, simd, cb0, seg_off, pf, o->printf_slot, o->mutate, o->no_fp64_emu,
	                       o->messages};
	VKernel *vk = NULL;
	AbiPlan plan;
	FaddrVec syms = {0};
	StrVec labels = {0};
	char *text, *why = NULL, *log = NULL;
	int rc, isa_bad;
	if (md_link(prog, k) || translate_kernel(prog, k, &to, &vk, ze, &plan))
		return -1;
	vk_inline(vk);
	vk_scalar_copies(vk);
	vk_dce(vk);
	vk_prune_decls(vk);
	text = vk_text(vk);
	faddr_symbols(vk, &syms, &labels);
	if (o->emit & EMIT_VISAASM) {
		char *ks = kernel_out_stem(input, k->name), *p = out_path(o, input, ks, ".visaasm");
		write_text(p, text);
		free(p);
		free(ks);
	}
	if (o->no_finalize) {
		free(text);
		vk_free(vk);
		abi_plan_free(&plan);
		vec_free(&syms);
		vec_free(&labels);
		return 0;
	}
	rc = finalize(o->genx_ir, pl, text, k->name, o->timeout, gc, &why, &log);
	/* the binary vISA object embeds the finalizer's code; diagnosed there */
	isa_bad = !rc && (o->emit & (EMIT_ISA | EMIT_ISAFULL)) && write_isa(o, input, k, vk, pl, gc);
	vk_free(vk);
	if (visa_keep)
		*visa_keep = text; /* --conform runs it */
	else
		free(text);
	if (rc) {
		diag_error(k->md->loc, "kernel '%s': %s", k->name, why ? why : "finalizer failed");
		if (log && *log && !diag_muted())
			fprintf(stderr, "%s%s", log, log[strlen(log) - 1] == '\n' ? "" : "\n");
		if (!diag_muted())
			report_kernel_log(log);
		free(why);
		free(log);
		abi_plan_free(&plan);
		vec_free(&syms);
		vec_free(&labels);
		return -1;
	}
	free(log);
	if (isa_bad) {
		abi_plan_free(&plan);
		vec_free(&syms);
		vec_free(&labels);
		return -1;
	}
	if (o->emit & EMIT_ASM && gc->asm_text) {
		char *ks = kernel_out_stem(input, k->name), *p = out_path(o, input, ks, ".asm");
		write_text(p, gc->asm_text);
		free(p);
		free(ks);
	}
	ze->code = gc->code;
	ze->code_size = gc->size;
	rc = faddr_relocs(&syms, &labels, gc, ze);
	if (rc)
		diag_error(k->md->loc, "kernel '%s': the finalizer's %zu symbol-address sites cannot be "
		           "matched to the kernel's %zu faddr instructions", k->name,
		           gc->faddr_lo.n + gc->faddr_hi.n + gc->faddr_64.n, syms.n);
	vec_free(&syms);
	vec_free(&labels);
	if (rc) {
		abi_plan_free(&plan);
		return -1;
	}
	if (gc->grf_count > 0)
		ze->grf_count = gc->grf_count;
	ze->skip_per_thread = pl->thread_prolog ? gc->prolog_bytes : 0;
	ze->scratch_size += gc->spill_bytes; /* private memory below, spills above */
	ze->heap_window = plan.mem_pointers;
	if (o->emit & EMIT_ABI)
		write_abi_map(o, input, k, &plan, ze, pl);
	abi_plan_free(&plan);
	return 0;
}

/* what translate_at filled, freed for another attempt */
static void attempt_free(ZeKernel *ze, GenCode *gc, char **visa_keep)
{
	vec_free(&ze->args);
	vec_free(&ze->relocs);
	vec_free(&ze->arg_info);
	memset(ze, 0, sizeof *ze);
	gencode_free(gc);
	memset(gc, 0, sizeof *gc);
	if (visa_keep) {
		free(*visa_keep);
		*visa_keep = NULL;
	}
}

/* the next narrower SIMD width the device runs, 0 if none */
static int narrower_simd(const Platform *pl, int simd)
{
	for (simd /= 2; simd >= 8; simd /= 2)
		if (platform_simd_ok(pl, simd))
			return simd;
	return 0;
}

/* One kernel.  At the width -simd names, or without -simd at the device's
 * default width, then, while the finalizer spills, at the next narrower
 * width the device runs (IGC's choice too: a spill costs a scratch round
 * trip per access, a narrower dispatch only issue slots); the narrower
 * code is kept when it spills less. */
static int translate_one(const Options *o, const Platform *pl, const Cb0Table *cb0, Program *prog,
                         Kernel *k, const char *input, ZeKernel *ze, GenCode *gc, const long long *seg_off,
                         const PfTable *pf, char **visa_keep)
{
	int simd = o->simd ? o->simd : pl->default_simd, next, spill, nrc;
	int rc = translate_at(o, simd, pl, cb0, prog, k, input, ze, gc, seg_off, pf, visa_keep);
	while (!rc && !o->simd && gc->spill_bytes && (next = narrower_simd(pl, simd))) {
		spill = gc->spill_bytes;
		attempt_free(ze, gc, visa_keep);
		diag_mute(1); /* the lowering's warnings were said once */
		nrc = translate_at(o, next, pl, cb0, prog, k, input, ze, gc, seg_off, pf, visa_keep);
		diag_mute(0);
		if (!nrc && gc->spill_bytes < spill) {
			diag_note(k->md->loc, "kernel '%s' spills %d bytes per thread at SIMD%d: SIMD%d (%d bytes)",
			          k->name, spill, simd, next, gc->spill_bytes);
			simd = next;
			continue;
		}
		/* no better (or it failed there): the wider code again, its files
		 * rewritten too */
		attempt_free(ze, gc, visa_keep);
		diag_mute(1);
		rc = translate_at(o, simd, pl, cb0, prog, k, input, ze, gc, seg_off, pf, visa_keep);
		diag_mute(0);
		if (rc)
			diag_error(k->md->loc, "kernel '%s': translated again at SIMD%d (after trying SIMD%d), it failed",
			           k->name, simd, next);
		else if (nrc)
			diag_note(k->md->loc, "kernel '%s' spills %d bytes per thread at SIMD%d; SIMD%d could not be "
			          "translated: SIMD%d kept", k->name, spill, simd, next, simd);
		break;
	}
	if (!rc && gc->spill_bytes)
		diag_warning(k->md->loc, "kernel '%s' spills %d bytes per thread to scratch at SIMD%d",
		             k->name, gc->spill_bytes, simd);
	return rc;
}

/* --emit il: the program as canonical IL text, or for an AMD binary input
 * the IL decoded from it (the text diagnostics point into); never over the
 * input itself. */
static int emit_il(const Options *o, const char *input, Program *prog, const char *decoded)
{
	char *stem = path_stem(input), *p = out_path(o, input, stem, ".il");
	Buf b = {0};
	struct stat a, c;
	int rc = 0;
	if (stat(p, &a) == 0 && stat(input, &c) == 0 && a.st_dev == c.st_dev && a.st_ino == c.st_ino) {
		diag_plain("--emit il would overwrite the input %s; choose another folder with -o", input);
		rc = 1;
	} else {
		if (decoded)
			buf_puts(&b, decoded);
		else
			md_print_program(&b, prog);
		rc = write_text(p, b.s ? b.s : "") != 0;
	}
	buf_free(&b);
	free(p);
	free(stem);
	return rc;
}

/* --conform: the zebin just written, run on both emulated runtimes. */
static int conform_file(const Options *o, Program *prog, const char *input, const char *zebin,
                        char *const *visas, ZeKernel *const *zes)
{
	size_t n = 0, i;
	int *window;
	char *bytes = read_file(zebin, &n), *err = NULL;
	ZeImage img;
	int bad;
	if (!bytes || zeimage_read((const uint8_t *)bytes, n, &img, &err)) {
		diag_plain("cannot read back %s: %s", zebin, err ? err : strerror(errno));
		free(err);
		free(bytes);
		return 1;
	}
	free(bytes);
	window = xcalloc(prog->kernels.n + 1, sizeof *window);
	for (i = 0; i < prog->kernels.n; i++)
		window[i] = zes[i]->heap_window;
	bad = conform_program(&o->co, prog, input, &img, visas, window);
	free(window);
	zeimage_free(&img);
	if (!o->outdir_given)
		remove(zebin);
	return bad;
}

static int translate_program(const Options *o, const Platform *pl, const Cb0Table *cb0, const char *input);

/* One input: its files appear together when every kernel translated, and
 * none of them otherwise (stage_commit / stage_abort). */
static int translate_file(const Options *o, const Platform *pl, const Cb0Table *cb0, const char *input,
                          FILE *report)
{
	char sha[65]; /* the text as read, before translate_program reads it */
	int hashed = o->mr && sha256_file(input, sha) == 0;
	size_t i;
	int failed;
	report_input_begin(input);
	failed = translate_program(o, pl, cb0, input);
	stage_check_stop();
	if (failed)
		stage_abort();
	else
		failed = stage_commit();
	if (o->mr) {
		char *dir = out_dir(o, input);
		failed += manifest_record(o->mr, dir, input, hashed ? sha : NULL, failed ? NULL : &stage_done);
		free(dir);
	}
	for (i = 0; i < stage_done.n; i++)
		free(stage_done.v[i]);
	vec_free(&stage_done);
	report_input_end(failed, report);
	return failed;
}

/* an input's program output path and its position in the batch */
typedef struct OutPath {
	char *path;
	size_t index;
} OutPath;

static int cmp_outpath(const void *a, const void *b)
{
	const OutPath *x = a, *y = b;
	int c = strcmp(x->path, y->path);
	return c ? c : x->index < y->index ? -1 : x->index > y->index;
}

/* -j: the inputs of a batch in child processes (batch.c). */
typedef struct BatchCtx {
	const Options *o;
	const Platform *pl;
	const Cb0Table *cb0;
	char **inputs;
	char **owner; /* the earlier input whose outputs inputs[i]'s would replace, or NULL */
	unsigned char *skip; /* inputs[i] is up to date (the folder's manifest) */
} BatchCtx;

static int claim(const char *key, const char *input, const char *what);

/* Input i of the batch, in this process: refused when its owner (claimed
 * here first, as the sequential run would have) has its outputs, reported
 * as skipped when up to date, else translated. */
static int run_input(BatchCtx *b, size_t i, FILE *report)
{
	if (b->owner[i]) {
		char *stem = path_stem(b->owner[i]), *p = out_path(b->o, b->owner[i], stem, "");
		char *key = xasprintf("S:%s", p);
		claim(key, b->owner[i], "its program outputs");
		free(key), free(p), free(stem);
	}
	if (b->skip[i]) {
		report_input_begin(b->inputs[i]);
		report_input_skipped();
		report_input_end(0, report);
		return 0;
	}
	return translate_file(b->o, b->pl, b->cb0, b->inputs[i], report);
}

static int batch_one(void *ctx, size_t i, FILE *report)
{
	stage_init();
	return run_input(ctx, i, report);
}

/* Outputs of one run: every input's stem and every kernel's output name,
 * with the input that writes them.  A second input that would write the
 * same files (two inputs of one stem into one folder, or a kernel name
 * that <stem>.<kernel> makes equal to another's) is refused before anything
 * of it is written, so no input's output silently replaces another's. */
static StrVec claimed, claimed_by;
static size_t *claim_slot, claim_cap; /* hash of claimed: index + 1, 0 = empty */

static size_t claim_hash(const char *s)
{
	size_t h = 5381;
	while (*s)
		h = h * 33 ^ (unsigned char)*s++;
	return h;
}

/* The slot of key, or the empty slot where it would go.  A hash, not a scan
 * of every claim: a batch of 10,000 inputs spent a third of its front-end
 * time here (docs/BENCHMARKS.md). */
static size_t *claim_find(const char *key)
{
	size_t h = claim_hash(key) & (claim_cap - 1);
	while (claim_slot[h] && strcmp(claimed.v[claim_slot[h] - 1], key))
		h = (h + 1) & (claim_cap - 1);
	return &claim_slot[h];
}

static int claim(const char *key, const char *input, const char *what)
{
	size_t *slot, i;
	if (2 * (claimed.n + 1) > claim_cap) {
		free(claim_slot);
		claim_cap = claim_cap ? 2 * claim_cap : 64;
		claim_slot = xcalloc(claim_cap, sizeof *claim_slot);
		for (i = 0; i < claimed.n; i++)
			*claim_find(claimed.v[i]) = i + 1;
	}
	slot = claim_find(key);
	if (*slot) {
		i = *slot - 1;
		if (!strcmp(claimed_by.v[i], input))
			return 0;
		diag_plain("%s: %s (%s*) would replace the output of %s; give the inputs different names "
		           "or separate -o folders", input, what, key + 2, claimed_by.v[i]);
		return -1;
	}
	vec_push(&claimed, xstrdup(key));
	vec_push(&claimed_by, xstrdup(input));
	*slot = claimed.n;
	return 0;
}

static int claim_outputs(const Options *o, const char *input, const Program *prog)
{
	char *stem = path_stem(input), *p = out_path(o, input, stem, ""), *key = xasprintf("S:%s", p);
	size_t i;
	int bad = claim(key, input, "its program outputs");
	free(key), free(p), free(stem);
	for (i = 0; i < prog->kernels.n && !bad; i++) {
		char *ks = kernel_out_stem(input, prog->kernels.v[i]->name), *what;
		p = o->conform && o->outdir ? xasprintf("%s/%s", o->outdir, ks) : out_path(o, input, ks, "");
		key = xasprintf("K:%s", p);
		what = xasprintf("kernel '%s'", prog->kernels.v[i]->name);
		bad = claim(key, input, what);
		free(what), free(key), free(p), free(ks);
	}
	return bad;
}

static void claims_free(void)
{
	size_t i;
	for (i = 0; i < claimed.n; i++)
		free(claimed.v[i]), free(claimed_by.v[i]);
	vec_free(&claimed);
	vec_free(&claimed_by);
	free(claim_slot);
	claim_slot = NULL;
	claim_cap = 0;
}

/* One input program; returns the number of failures. */
static int translate_program(const Options *o, const Platform *pl, const Cb0Table *cb0, const char *input)
{
	size_t len, i;
	char *text = read_file(input, &len);
	Module *m;
	Program *prog = NULL;
	ZeKernel **zes;
	GenCode *gcs;
	ZeData data[2];
	size_t ndata = 0;
	PfTable pf;
	uint8_t *blob = NULL;
	size_t blob_size;
	char **visas;
	long long *seg_off;
	int failed = 0;
	const char *decoded = NULL; /* the IL text of an AMD binary input */
	if (!text) {
		diag_plain("cannot read %s: %s", input, strerror(errno));
		return 1;
	}
	if (il_is_amd_binary(text, len)) {
		/* an AMD OpenCL program binary: its IL tokens as text, which the
		 * rest reads as if it were the input (diagnostics name lines of
		 * it; --emit il writes it) */
		char *il = il_amd_binary(input, (const uint8_t *)text, len, &len);
		free(text);
		if (!il)
			return 1;
		text = il;
		decoded = text;
	}
	m = il_parse(input, text, len);
	if (m && (prog = md_read(m)) && o->cal_buffers)
		md_cal_output_buffers(prog);
	if (prog && o->cal_abi && cal_abi_apply(prog, o->cal_abi)) {
		md_free(prog);
		prog = NULL;
	}
	if (!m || !prog) {
		il_free(m);
		free(text);
		return 1;
	}
	if (o->dump && strchr(o->dump, 'P')) {
		Buf b = {0};
		il_dump(&b, m);
		fputs(b.s, stdout);
		buf_free(&b);
	}
	if (claim_outputs(o, input, prog)) {
		failed = prog->kernels.n ? (int)prog->kernels.n : 1;
		md_free(prog);
		il_free(m);
		free(text);
		return failed;
	}
	if (o->emit & EMIT_IL)
		failed += emit_il(o, input, prog, decoded);
	if (!(o->emit & EMIT_TRANSLATED)) {
		md_free(prog);
		il_free(m);
		free(text);
		return failed;
	}
	if (prog->kernels.n == 0) {
		Loc l = {m->file, m->header_loc.line, m->header_loc.col};
		diag_error(l, "no kernel in this program (no ';ARGSTART:__OpenCL_<name>_kernel' block, "
		           "and not an il_cs or il_ps shader with code of its own)");
		md_free(prog);
		il_free(m);
		free(text);
		return 1;
	}
	if (abi_check_segments(prog)) {
		failed = (int)prog->kernels.n;
		md_free(prog);
		il_free(m);
		free(text);
		return failed;
	}
	zes = xcalloc(prog->kernels.n, sizeof *zes);
	gcs = xcalloc(prog->kernels.n, sizeof *gcs);
	seg_off = xcalloc(prog->segs.n + 1, sizeof *seg_off);
	blob_size = abi_data_blob(prog, &blob, seg_off);
	if (blob_size)
		data[ndata++] = (ZeData){".data.const", ABI_DATA_SYMBOL, blob, blob_size};
	if (printf_table(prog, &pf))
		failed = (int)prog->kernels.n; /* a malformed ;printf_fmt: diagnosed */
	else if (pf.f.n)
		data[ndata++] = (ZeData){".data.const.string", PF_STRINGS_SYMBOL,
		                         (const uint8_t *)pf.strings.s, pf.strings.n};
	for (i = 0; i < prog->kernels.n && !failed; i++)
		zes[i] = xcalloc(1, sizeof **zes);
	visas = o->conform ? xcalloc(prog->kernels.n + 1, sizeof *visas) : NULL;
	for (i = 0; i < prog->kernels.n; i++) {
		int bad;
		report_kernel_begin(prog->kernels.v[i]->name);
		if (!zes[i]) {
			report_kernel_end(2, 0, 0, 0, 0);
			continue;
		}
		bad = translate_one(o, pl, cb0, prog, prog->kernels.v[i], input, zes[i], &gcs[i],
		                    blob_size ? seg_off : NULL, pf.f.n ? &pf : NULL, visas ? &visas[i] : NULL);
		report_kernel_end(bad != 0, zes[i]->simd, gcs[i].grf_count, gcs[i].spill_bytes, gcs[i].inst_count);
		failed += bad != 0;
	}
	if (!failed && (o->emit & EMIT_ZEBIN) && !o->no_finalize) {
		char *stem = path_stem(input), *name = xasprintf("%s_%s", stem, pl->name);
		char *p = out_path(o, input, name, ".bin"), *err = NULL;
		const char *tmp = stage(p);
		if (!tmp || zebin_write_data(tmp, pl, (ZeKernel *const *)zes, prog->kernels.n, data, ndata, &err)) {
			diag_plain("%s", err ? err : "cannot write the zebin");
			free(err);
			failed++;
		} else if (stage_commit()) {
			failed++; /* the program's files are in place before --conform reads them */
		} else if (o->conform) {
			failed += conform_file(o, prog, input, p, visas, zes);
		}
		free(p);
		free(name);
		free(stem);
	} else if (o->conform) {
		for (i = 0; i < prog->kernels.n; i++)
			conform_untranslated(&o->co, input, prog->kernels.v[i]->name);
	}
	for (i = 0; visas && i < prog->kernels.n; i++)
		free(visas[i]);
	free(visas);
	for (i = 0; i < prog->kernels.n; i++) {
		if (zes[i]) {
			vec_free(&zes[i]->args);
			vec_free(&zes[i]->relocs);
			vec_free(&zes[i]->arg_info);
			free(zes[i]);
		}
		gencode_free(&gcs[i]);
	}
	printf_table_free(&pf);
	free(zes);
	free(gcs);
	free(seg_off);
	free(blob);
	md_free(prog);
	il_free(m);
	free(text);
	return failed;
}

static int cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Expands directories to their .il files, sorted, so batches are deterministic. */
static void expand(const char *path, StrVec *out)
{
	struct stat st;
	DIR *d;
	struct dirent *e;
	size_t first = out->n;
	if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
		vec_push(out, xstrdup(path));
		return;
	}
	if (!(d = opendir(path))) {
		vec_push(out, xstrdup(path));
		return;
	}
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		if (n > 3 && !strcmp(e->d_name + n - 3, ".il"))
			vec_push(out, xasprintf("%s/%s", path, e->d_name));
	}
	closedir(d);
	qsort(out->v + first, out->n - first, sizeof *out->v, cmpstr);
}

/* @FILE or - (stdin): one input path per line (a directory is expanded;
 * blank lines and lines starting with # are skipped).  0 ok. */
static int read_list(const char *file, StrVec *out)
{
	FILE *f = file ? fopen(file, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	if (!f) {
		diag_plain("cannot read the input list %s: %s", file, strerror(errno));
		return -1;
	}
	while ((n = getline(&line, &cap, f)) >= 0) {
		while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = 0;
		if (n > 0 && line[0] != '#')
			expand(line, out);
	}
	free(line);
	if (file)
		fclose(f);
	return 0;
}

/* The options that shape the output, for the manifest (manifest.h). */
static char *options_text(const Options *o, const Platform *pl)
{
	static const char *const kinds[] = {"zebin", "visaasm", "asm", "il", "abi", "isa", "isafull"};
	Buf b = {0};
	size_t i;
	const char *sep = "";
	buf_printf(&b, "device=%s simd=%d emit=", pl->name, o->simd ? o->simd : pl->default_simd);
	for (i = 0; i < NELEM(kinds); i++)
		if (o->emit & (1 << i)) {
			buf_printf(&b, "%s%s", sep, kinds[i]);
			sep = ",";
		}
	buf_printf(&b, " messages=%s fp64-emulation=%s printf-slot=%d mutate=%d finalize=%s",
	           o->messages == MSG_LSC ? "lsc" : o->messages == MSG_LEGACY ? "legacy" : "device",
	           o->no_fp64_emu ? "off" : "on", o->printf_slot, o->mutate, o->no_finalize ? "off" : "on");
	if (o->cal_buffers) /* absent by default: the key of existing manifests stays */
		buf_printf(&b, " cal-outputs=buffer");
	if (o->cal_abi) { /* the map's bytes, so an edited map redoes the inputs */
		char hex[65];
		buf_printf(&b, " cal-abi=%s", sha256_file(o->cal_abi, hex) ? "unreadable" : hex);
	}
	return b.s;
}

/* at exit, the process-lifetime tables: no memory is left for valgrind to
 * report (tests/run-sanitizers.sh runs it with --errors-for-leak-kinds=all) */
/* data/platforms.xml and cb0.xml: the compiled-in copy when the installed
 * files are byte for byte the ones built in (tables.h; libxml2 then never
 * loads), else the files themselves.  *sha: the tables' SHA-256 when the
 * copy was used, else NULL.  0 ok, else diagnosed. */
static int load_tables(const char *datadir, Cb0Table *cb0, const char **sha)
{
	const BuiltinTables *b = &builtin_tables;
	char *pp = xasprintf("%s/platforms.xml", datadir), *cp = xasprintf("%s/cb0.xml", datadir);
	size_t pn = 0, cn = 0;
	char *pt = read_file(pp, &pn), *ct = pt ? read_file(cp, &cn) : NULL;
	int same = pt && ct && pn == b->platforms_len && cn == b->cb0_len && !memcmp(pt, b->platforms_xml, pn) &&
	           !memcmp(ct, b->cb0_xml, cn);
	free(pp), free(cp), free(pt), free(ct);
	*sha = NULL;
	if (!same)
		return platforms_load(datadir) || cb0_load(datadir, cb0) ? -1 : 0;
	platforms_set(b->platforms, b->nplatforms);
	*cb0 = *b->cb0;
	*sha = b->sha256;
	return 0;
}

static void release_tables(void)
{
	platforms_free();
	diag_release();
	intern_release();
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{"device", required_argument, NULL, 'D'},
		{"simd", required_argument, NULL, 's'},
		{"emit", required_argument, NULL, 'e'},
		{"timeout", required_argument, NULL, 't'},
		{"printf-slot", required_argument, NULL, 'P'},
		{"mutate", required_argument, NULL, 'M'},
		{"no-fp64-emulation", no_argument, NULL, 'F'},
		{"messages", required_argument, NULL, 'm'},
		{"cal-outputs", required_argument, NULL, 'U'},
		{"cal-abi", required_argument, NULL, 'K'},
		{"conform", no_argument, NULL, 'C'},
		{"seed", required_argument, NULL, 'R'},
		{"junit", required_argument, NULL, 'J'},
		{"quiet", no_argument, NULL, 'q'},
		{"report", required_argument, NULL, 'W'},
		{"report-format", required_argument, NULL, 'T'},
		{"merge-reports", required_argument, NULL, 'G'},
		{"no-pocl", no_argument, NULL, 'N'},
		{"offset", required_argument, NULL, 'O'},
		{"shapes", required_argument, NULL, 'H'},
		{"in-order", no_argument, NULL, 'n'},
		{"no-launch-variants", no_argument, NULL, 'L'},
		{"inputs", required_argument, NULL, 'I'},
		{"stats", no_argument, NULL, 'S'},
		{"no-finalize", no_argument, NULL, 'Z'},
		{"isa", no_argument, NULL, 'A'},
		{"force", no_argument, NULL, 'f'},
		{"shard", required_argument, NULL, 'X'},
		{"version", no_argument, NULL, 'V'},
		{"help", no_argument, NULL, 'h'},
		{0, 0, 0, 0},
	};
	Options o = {.device = "tgllp", .emit = EMIT_ZEBIN, .timeout = 120};
	const Platform *pl;
	Cb0Table cb0;
	const char *tables_sha = NULL;
	ManifestRun mr;
	StrVec inputs = {0};
	int c, failed = 0, jobs;
	size_t i;
	o.genx_ir = getenv("GENX_IR") && *getenv("GENX_IR") ? getenv("GENX_IR") : GENX_IR_PATH;
	while ((c = getopt_long_only(argc, argv, "o:hd:j:", longopts, NULL)) != -1) {
		switch (c) {
		case 'S': o.stats = 1; break;
		case 'A': o.isa = 1; break;
		case 'C': o.conform = 1; break;
		case 'Z': o.no_finalize = 1; break;
		case 'F': o.no_fp64_emu = 1; break;
		case 'K': o.cal_abi = optarg; break;
		case 'U':
			if (!strcmp(optarg, "image") || !strcmp(optarg, "buffer")) {
				o.cal_buffers = !strcmp(optarg, "buffer");
				break;
			}
			diag_plain("--cal-outputs must be image or buffer, not '%s'", optarg);
			return 2;
		case 'm':
			if (!strcmp(optarg, "lsc"))
				o.messages = MSG_LSC;
			else if (!strcmp(optarg, "legacy"))
				o.messages = MSG_LEGACY;
			else {
				diag_plain("--messages must be lsc or legacy, not '%s'", optarg);
				return 2;
			}
			break;
		case 'J': o.co.junit = optarg; break;
		case 'q': o.co.quiet = o.quiet = 1; break;
		case 'W': o.report = optarg; break;
		case 'G': o.report = optarg, o.merge = 1; break;
		case 'T':
			if (report_format_parse(optarg, &o.report_format)) {
				diag_plain("--report-format must be xml, junit or json, not '%s'", optarg);
				return 2;
			}
			break;
		case 'N': o.co.no_pocl = 1; break;
		case 'I': o.co.inputs = optarg; break;
		case 'O':
			if (int_option("--offset", optarg, 0, 1024, &o.co.offset))
				return 2;
			break;
		case 'H':
			if (int_option("--shapes", optarg, 0, 1000, &o.co.shapes))
				return 2;
			break;
		case 'n': o.co.in_order = 1; break;
		case 'L': o.co.no_variants = 1; break;
		case 'R': {
			char *end;
			o.co.seed = strtoull(optarg, &end, 0);
			if (*end) {
				diag_plain("--seed must be a number, not '%s'", optarg);
				return 2;
			}
			break;
		}
		case 'D': o.device = optarg; break;
		case 'o': o.outdir = optarg, o.outdir_given = 1; break;
		case 'd':
			if (optarg[strspn(optarg, "P")]) {
				diag_plain("-d: unknown stage letters in '%s' (P)", optarg);
				return 2;
			}
			o.dump = optarg;
			break;
		case 's':
			o.simd = atoi(optarg);
			if (o.simd != 8 && o.simd != 16 && o.simd != 32) {
				diag_plain("-simd must be 8, 16 or 32, not '%s'", optarg);
				return 2;
			}
			break;
		case 'j': {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 1024) {
				diag_plain("-j must be a number of jobs from 1 to 1024, not '%s'", optarg);
				return 2;
			}
			o.jobs = (int)v;
			break;
		}
		case 'e':
			if (parse_emit(optarg, &o.emit))
				return 2;
			o.emit_given = 1;
			break;
		case 't':
			o.timeout = atoi(optarg);
			break;
		case 'M':
			if (!strcmp(optarg, "flip-compare"))
				o.mutate = MUT_FLIP_COMPARE;
			else if (!strcmp(optarg, "cb1-offset"))
				o.mutate = MUT_CB1_OFFSET;
			else if (!strcmp(optarg, "drop-fence-lds"))
				o.mutate = MUT_DROP_FENCE_LDS;
			else if (!strcmp(optarg, "drop-barrier"))
				o.mutate = MUT_DROP_BARRIER;
			else {
				diag_plain("--mutate: unknown mutation '%s' (flip-compare, cb1-offset, drop-fence-lds, "
				           "drop-barrier)", optarg);
				return 2;
			}
			break;
		case 'P':
			if (int_option("--printf-slot", optarg, 16, 65536, &o.printf_slot))
				return 2;
			break;
		case 'f': o.force = 1; break;
		case 'X': {
			long a, n;
			char *e1, *e2;
			a = strtol(optarg, &e1, 10);
			n = *e1 == '/' ? strtol(e1 + 1, &e2, 10) : 0;
			if (e1 == optarg || *e1 != '/' || *e2 || n < 1 || n > 1000000 || a < 0 || a >= n) {
				diag_plain("--shard must be I/N with 0 <= I < N <= 1000000, not '%s'", optarg);
				return 2;
			}
			o.shard = (int)a, o.shards = (int)n;
			break;
		}
		case 'V': {
			char *f = finalizer_describe(o.genx_ir);
			printf("translate %s\n%s\n", PACKAGE_VERSION, f);
			free(f);
			return 0;
		}
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	o.datadir = find_datadir();
	atexit(release_tables);
	if (o.merge) { /* translate --merge-reports OUT IN... */
		char *schema = xasprintf("%s/report.xsd", o.datadir);
		if (optind >= argc) {
			usage(stderr);
			free(schema);
			return 2;
		}
		c = report_merge(o.report, o.report_format, schema, argv + optind, argc - optind);
		free(schema);
		report_free();
		return c ? 1 : 0;
	}
	if (load_tables(o.datadir, &cb0, &tables_sha))
		return 2;
	if (!strcmp(o.device, "list")) {
		platforms_list(stdout);
		return 0;
	}
	if (!(pl = platform_find(o.device))) {
		diag_plain("unknown device '%s'; known devices:", o.device);
		platforms_list(stderr);
		return 2;
	}
	if (!pl->supported) {
		diag_plain("device '%s' (%s) is listed but translation for it is not implemented yet%s%s",
		           pl->name, pl->description, pl->missing ? ": " : "", pl->missing ? pl->missing : "");
		return 2;
	}
	if ((o.messages == MSG_LSC && !pl->lsc) || (o.messages == MSG_LEGACY && !pl->legacy_dataport)) {
		Buf d = {0};
		size_t k;
		const Platform *q;
		for (k = 0; (q = platform_at(k)); k++)
			if (q->supported && (o.messages == MSG_LSC ? q->lsc : q->legacy_dataport))
				buf_printf(&d, "%s%s", d.n ? ", " : "", q->name);
		diag_plain("--messages %s: device '%s' (%s) has no %s messages (devices that have them: %s)",
		           o.messages == MSG_LSC ? "lsc" : "legacy", pl->name, pl->description,
		           o.messages == MSG_LSC ? "LSC" : "legacy dataport", d.s ? d.s : "none");
		buf_free(&d);
		return 2;
	}
	if (o.simd && !platform_simd_ok(pl, o.simd)) {
		char *w = platform_simd_list(pl);
		diag_plain("device '%s' (%s) does not run SIMD%d kernels (its widths: %s)", pl->name,
		           pl->description, o.simd, w);
		free(w);
		return 2;
	}
	if (optind >= argc) {
		usage(stderr);
		return 2;
	}
	if (o.no_finalize) {
		if (o.conform) {
			diag_plain("--no-finalize and --conform exclude each other (--conform runs the zebin)");
			return 2;
		}
		if (!o.emit_given)
			o.emit = EMIT_VISAASM;
		if (o.emit & ~(EMIT_VISAASM | EMIT_IL)) {
			diag_plain("--no-finalize: --emit may name only visaasm and il (the other outputs "
			           "come from the finalizer)");
			return 2;
		}
	}
	if (o.dump && !o.emit_given && !o.conform)
		o.emit = 0; /* -d alone dumps and writes nothing, not even the -o folder */
	if (o.outdir && o.emit && mkdir(o.outdir, 0777) != 0 && errno != EEXIST) {
		diag_plain("cannot create %s: %s", o.outdir, strerror(errno));
		return 2;
	}
	for (; optind < argc; optind++)
		if (argv[optind][0] == '@' || !strcmp(argv[optind], "-")) {
			if (read_list(argv[optind][0] == '@' ? argv[optind] + 1 : NULL, &inputs))
				return 2;
		} else {
			expand(argv[optind], &inputs);
		}
	if (o.isa) {
		unsigned char used[OP_COUNT] = {0};
		Buf b = {0}, devs = {0}, sdevs = {0};
		size_t d;
		const Platform *q;
		failed = stats_opcodes((const char *const *)inputs.v, inputs.n, used);
		for (d = 0; (q = platform_at(d)); d++)
			if (q->supported) {
				buf_printf(&devs, "%s%s", devs.s ? " " : "", q->name);
				if (q->sampler)
					buf_printf(&sdevs, "%s%s", sdevs.s ? " " : "", q->name);
			}
		isa_table(&b, used, devs.s ? devs.s : "-", sdevs.s ? sdevs.s : "-");
		buf_free(&sdevs);
		fputs(b.s, stdout);
		free(b.s);
		free(devs.s);
		for (i = 0; i < inputs.n; i++)
			free(inputs.v[i]);
		vec_free(&inputs);
		return failed ? 1 : 0;
	}
	if (o.stats) {
		failed = stats_report(stdout, (const char *const *)inputs.v, inputs.n);
		for (i = 0; i < inputs.n; i++)
			free(inputs.v[i]);
		vec_free(&inputs);
		return failed ? 1 : 0;
	}
	if (o.conform && !o.outdir) {
		static char tmp[] = "/tmp/translate-conform-XXXXXX";
		if (!mkdtemp(tmp)) {
			diag_plain("cannot create a temporary folder: %s", strerror(errno));
			return 2;
		}
		o.outdir = tmp;
	}
	if (o.conform) {
		o.emit |= EMIT_ZEBIN;
		o.co.device = pl->name;
		o.co.datadir = o.datadir;
		o.co.simd = o.simd ? o.simd : pl->default_simd;
		o.co.printf_slot = o.printf_slot;
		o.co.grf_bytes = pl->grf_bytes;
		o.co.thread_prolog = pl->thread_prolog;
		o.co.inline_data = pl->inline_data;
		o.co.outdir = o.outdir_given ? o.outdir : NULL;
	}
	stage_init();
	jobs = o.jobs ? o.jobs : batch_cores();
	if (o.report) {
		char *v = report_finalizer_version(o.genx_ir);
		report_init(pl->name, o.genx_ir, v, 1);
		free(v); /* report_init keeps a copy */
	} else {
		report_init(pl->name, o.genx_ir, NULL, 0);
	}
	if (!o.conform && !o.dump) {
		manifest_run_init(&mr, options_text(&o, pl), o.genx_ir, o.datadir, tables_sha, PACKAGE_VERSION);
		mr.force = o.force;
		o.mr = &mr;
	}
	{
		/* Before any input runs: for each input the earlier one whose
		 * outputs it would replace (two inputs of one stem into one
		 * folder; it is refused in its turn, as claim_outputs does, in
		 * every shard and for every -j), --shard's slice, the stale
		 * temporaries of its folders and the inputs already up to date
		 * (reported as skipped) */
		BatchCtx b = {&o, pl, &cb0, NULL, NULL, NULL};
		StrVec run = {0}, dirs = {0};
		char **owner = xcalloc(inputs.n + 1, sizeof(char *));
		OutPath *op = xcalloc(inputs.n + 1, sizeof *op);
		size_t skipped = 0, g, k;
		/* inputs sorted by output path (then position): in each group of
		 * one path the first input owns it, and every later input that is
		 * not that same file is refused (n log n for a large batch) */
		for (i = 0; i < inputs.n; i++) {
			char *stem = path_stem(inputs.v[i]);
			op[i].path = out_path(&o, inputs.v[i], stem, "");
			op[i].index = i;
			free(stem);
		}
		if (inputs.n)
			qsort(op, inputs.n, sizeof *op, cmp_outpath);
		for (g = 0; g < inputs.n; g = k) {
			const char *first = inputs.v[op[g].index];
			for (k = g + 1; k < inputs.n && !strcmp(op[k].path, op[g].path); k++)
				if (strcmp(inputs.v[op[k].index], first))
					owner[op[k].index] = (char *)first;
		}
		for (i = 0; i < inputs.n; i++)
			free(op[i].path);
		free(op);
		b.owner = xcalloc(inputs.n + 1, sizeof(char *));
		for (i = 0; i < inputs.n; i++)
			if (!o.shards || (long)(i % (size_t)o.shards) == o.shard) {
				b.owner[run.n] = owner[i];
				vec_push(&run, inputs.v[i]);
			}
		b.inputs = run.v;
		b.skip = xcalloc(run.n + 1, 1);
		for (i = 0; o.mr && i < run.n; i++)
			vec_push(&dirs, out_dir(&o, run.v[i]));
		if (dirs.n)
			qsort(dirs.v, dirs.n, sizeof *dirs.v, cmpstr);
		for (i = 0; i < dirs.n; i++)
			if (i == 0 || strcmp(dirs.v[i], dirs.v[i - 1]))
				manifest_clean_stale(dirs.v[i]);
		for (i = 0; o.mr && i < run.n; i++)
			if (!b.owner[i]) {
				char *dir = out_dir(&o, run.v[i]);
				if (manifest_up_to_date(o.mr, dir, run.v[i]))
					b.skip[i] = 1, skipped++;
				free(dir);
			}
		if (skipped)
			fprintf(stderr, "translate: %zu input%s up to date, skipped (--force redoes %s)\n", skipped,
			        skipped == 1 ? "" : "s", skipped == 1 ? "it" : "them");
		/* a batch of two or more: the progress line on a terminal, else a
		 * plain line per input, and the summary (--quiet: neither) */
		progress_start(run.n, o.quiet || run.n < 2 || o.conform || o.dump ? 0 : isatty(2) ? 2 : 1);
		if (jobs > 1 && run.n > 1 && !o.conform && !o.dump) {
			failed += (int)batch_run(run.n, jobs, batch_one, &b, (const char *const *)run.v);
		} else {
			for (i = 0; i < run.n; i++) {
				int f;
				progress_show(i, run.v[i]);
				f = run_input(&b, i, NULL);
				progress_hide();
				progress_done(run.v[i], report_last_status());
				failed += f;
			}
		}
		/* the journals the inputs appended to, each rewritten once, sorted */
		for (i = 0; i < dirs.n; i++)
			if ((i == 0 || strcmp(dirs.v[i], dirs.v[i - 1])) && manifest_compact(dirs.v[i]))
				failed++;
		for (i = 0; i < dirs.n; i++)
			free(dirs.v[i]);
		vec_free(&dirs);
		free(b.owner);
		free(b.skip);
		free(owner);
		vec_free(&run);
		for (i = 0; i < inputs.n; i++)
			free(inputs.v[i]);
		if (o.mr)
			manifest_run_free(o.mr);
	}
	vec_free(&inputs);
	claims_free();
	if (o.conform) {
		if (conform_finish(&o.co))
			failed++;
		if (!o.outdir_given)
			rmdir(o.outdir);
	}
	progress_summary();
	if (o.report && report_write(o.report, o.report_format, progress_seconds()))
		failed++;
	report_free();
	return failed ? 1 : 0;
}
