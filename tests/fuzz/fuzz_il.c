/* fuzz_il.c - one fuzz input through every front-end stage and the lowering:
 * scanner, grammar, structure check, metadata reader, canonical printer (and a
 * re-parse of its output, which must succeed: printing is lossless), call
 * closure and translation to vISA text (no finalizer).  Any crash, sanitizer
 * report or failed invariant is a bug; diagnostics are expected and ignored.
 *
 * The entry point is libFuzzer's; driver.c provides a main() for gcc builds
 * and AFL++'s libAFLDriver one for `make fuzz-afl`.  TRANSLATE_FUZZ_STAGE
 * stops after a stage so each can be fuzzed on its own: "parse" (scanner,
 * grammar, structure check, model dump), "metadata" (and the metadata
 * reader, printer round trip, data segment, printf table and call closure) or "translate"
 * (everything, the default).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"
#include "ilparse/il.h"
#include "metadata/metadata.h"
#include "translate/translate.h"
#include "visa/visa.h"

#ifndef TRANSLATE_SRCDATADIR
#error "TRANSLATE_SRCDATADIR must name the data folder"
#endif

static Cb0Table cb0;
static const Platform *plat;
static enum { STAGE_PARSE, STAGE_METADATA, STAGE_TRANSLATE } stage = STAGE_TRANSLATE;

static void setup(void)
{
	static int done;
	const char *d = getenv("TRANSLATE_DATADIR"), *st = getenv("TRANSLATE_FUZZ_STAGE");
	if (done)
		return;
	done = 1;
	if (st && !strcmp(st, "parse"))
		stage = STAGE_PARSE;
	else if (st && !strcmp(st, "metadata"))
		stage = STAGE_METADATA;
	else if (st && *st && strcmp(st, "translate")) {
		fprintf(stderr, "fuzz: TRANSLATE_FUZZ_STAGE is parse, metadata or translate, not %s\n", st);
		abort();
	}
	diag_set_stream(fopen("/dev/null", "w"));
	diag_set_quiet_source(1);
	if (platforms_load(d && *d ? d : TRANSLATE_SRCDATADIR) ||
	    cb0_load(d && *d ? d : TRANSLATE_SRCDATADIR, &cb0) || !(plat = platform_find("tgllp"))) {
		fputs("fuzz: cannot load the data tables\n", stderr);
		abort();
	}
}

/* print(parse(x)) must parse to the same model as x */
static void reparse_printed(const Program *p)
{
	Buf b = {0}, d1 = {0}, d2 = {0};
	Module *m2;
	md_print_program(&b, p);
	m2 = il_parse("printed.il", b.s ? b.s : "", b.n);
	if (!m2) {
		fprintf(stderr, "fuzz: the printed program does not parse:\n%s\n", b.s ? b.s : "");
		abort();
	}
	il_dump(&d1, p->m);
	il_dump(&d2, m2);
	if (d1.n != d2.n || memcmp(d1.s, d2.s, d1.n) != 0) {
		fprintf(stderr, "fuzz: printing changed the program:\n--- parsed\n%s--- printed and parsed\n%s",
		        d1.s, d2.s);
		abort();
	}
	il_free(m2);
	buf_free(&b);
	buf_free(&d1);
	buf_free(&d2);
}

static int one_input(const unsigned char *data, size_t size);

/* An input starting like an ELF is an AMD program binary (amdbin.c): its
 * decoded IL goes through the stages, as translate does with it. */
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
	char *il;
	size_t n;
	int rc;
	setup();
	if (!il_is_amd_binary((const char *)data, size))
		return one_input(data, size);
	if (!(il = il_amd_binary("fuzz.bin", data, size, &n)))
		return 0;
	rc = one_input((const unsigned char *)il, n);
	free(il);
	return rc;
}

static int one_input(const unsigned char *data, size_t size)
{
	Module *m;
	Program *p;
	size_t i;
	m = il_parse("fuzz.il", (const char *)data, size);
	if (!m)
		return 0;
	if (stage == STAGE_PARSE) {
		Buf d = {0};
		il_dump(&d, m);
		buf_free(&d);
		il_free(m);
		return 0;
	}
	p = md_read(m);
	if (p) {
		long long *seg_off = xcalloc(p->segs.n + 1, sizeof *seg_off);
		uint8_t *blob = NULL;
		size_t blob_size = abi_data_blob(p, &blob, seg_off);
		PfTable pf;
		int pf_ok = printf_table(p, &pf) == 0 && pf.f.n;
		reparse_printed(p);
		for (i = 0; i < p->kernels.n; i++) {
			/* odd kernels take the LSC message path (lower_lsc.c) */
			TranslateOptions o = {plat, 16, &cb0, blob_size ? seg_off : NULL, pf_ok ? &pf : NULL, 0,
			                      MUT_NONE, 0, i & 1 ? MSG_LSC : MSG_DEFAULT};
			VKernel *vk = NULL;
			ZeKernel ze;
			AbiPlan plan;
			memset(&ze, 0, sizeof ze);
			if (md_link(p, p->kernels.v[i]) == 0 && stage == STAGE_TRANSLATE &&
			    translate_kernel(p, p->kernels.v[i], &o, &vk, &ze, &plan) == 0) {
				char *t, *x, *a;
				int l;
				vk_inline(vk);
				vk_scalar_copies(vk);
				vk_dce(vk);
				vk_prune_decls(vk);
				t = vk_text(vk);
				x = abi_map_xml(&plan, &ze, "tgllp");
				a = abi_map_text(&plan, &ze, "tgllp");
				for (l = 0; l < 2; l++) { /* the binary writer, both layouts */
					VisaBinOptions bo = {l ? VB_FULL : VB_GENX_IR, 12, NULL, 0};
					Buf b = {0};
					char *why = NULL;
					vk_isa(vk, &bo, &b, &why);
					free(why);
					buf_free(&b);
				}
				free(t);
				free(x);
				free(a);
				vk_free(vk);
				abi_plan_free(&plan);
			}
			vec_free(&ze.args);
			vec_free(&ze.arg_info);
		}
		free(seg_off);
		free(blob);
		printf_table_free(&pf);
		md_free(p);
	}
	il_free(m);
	return 0;
}
