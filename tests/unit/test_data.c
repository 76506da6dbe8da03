/* test_data.c - CUnit tests for data/platforms.xml and data/cb0.xml: schema
 * validity, rejection of broken documents, and the facts platforms_load()
 * and cb0_load() read from them, checked against AMD's cb0 ABI.
 *
 * add_data_suite() registers the suite "data".  The files are found through
 * TEST_SRCDIR (the source tree, set by Makefile.am); scratch copies go to a
 * private mkdtemp directory removed at the end.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/Basic.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlschemas.h>

#include "gen/gen.h"
#include "translate/translate.h"
#include "testutil.h"

#ifndef TEST_SRCDIR
#error "TEST_SRCDIR must name the source tree"
#endif
#define DATADIR TEST_SRCDIR "/data"

static char *tdir;    /* scratch directory */
static int plats_ok;  /* platforms_load(DATADIR) succeeded and nothing replaced it */



static void quiet(void *ctx, const char *msg, ...)
{
	(void)ctx;
	(void)msg;
}

static int suite_init(void)
{
	const char *t = getenv("TMPDIR");
	tdir = xasprintf("%s/test_data-XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tdir))
		return -1;
	return capture_start();
}

static int suite_clean(void)
{
	static const char *const names[] = {"cb0.xml", "platforms.xml"};
	size_t i;
	for (i = 0; i < NELEM(names); i++) {
		char *p = xasprintf("%s/%s", tdir, names[i]);
		unlink(p);
		free(p);
	}
	rmdir(tdir);
	free(tdir);
	tdir = NULL;
	capture_stop();
	return 0;
}

/* 1 valid, 0 invalid, -1 the schema itself failed to load */
static int valid_doc(xmlDoc *doc, const char *xsd)
{
	xmlSchemaParserCtxt *pc = xmlSchemaNewParserCtxt(xsd);
	xmlSchema *schema;
	xmlSchemaValidCtxt *vc;
	int rc;
	if (!pc)
		return -1;
	xmlSchemaSetParserErrors(pc, quiet, quiet, NULL);
	schema = xmlSchemaParse(pc);
	xmlSchemaFreeParserCtxt(pc);
	if (!schema)
		return -1;
	vc = xmlSchemaNewValidCtxt(schema);
	xmlSchemaSetValidErrors(vc, quiet, quiet, NULL);
	rc = xmlSchemaValidateDoc(vc, doc);
	xmlSchemaFreeValidCtxt(vc);
	xmlSchemaFree(schema);
	return rc == 0 ? 1 : rc > 0 ? 0 : -1;
}

static int valid_file(const char *xml, const char *xsd)
{
	xmlDoc *doc = xmlReadFile(xml, NULL, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	int rc;
	if (!doc)
		return -1;
	rc = valid_doc(doc, xsd);
	xmlFreeDoc(doc);
	return rc;
}

static int valid_text(const char *xml, const char *xsd)
{
	xmlDoc *doc = xmlReadMemory(xml, (int)strlen(xml), "mem.xml", NULL,
	                            XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
	int rc;
	if (!doc)
		return -1;
	rc = valid_doc(doc, xsd);
	xmlFreeDoc(doc);
	return rc;
}

static int load_platforms(void)
{
	if (!plats_ok)
		plats_ok = platforms_load(DATADIR) == 0;
	return plats_ok;
}

static void write_scratch(const char *name, const char *text)
{
	char *p = xasprintf("%s/%s", tdir, name);
	FILE *f = fopen(p, "w");
	free(p);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	fputs(text, f);
	fclose(f);
}

static char *platform_doc(const char *name, const char *grf_bytes)
{
	return xasprintf("<platforms>\n"
	                 "  <platform name=\"%s\" genx=\"TGLLP\" description=\"d\""
	                 " product_family=\"0x1d\" core_family=\"0x0\" grf_bytes=\"%s\" grf_count=\"128\""
	                 " simd=\"8 16 32\" default_simd=\"16\" max_msg_lanes=\"16\" fp64=\"0\" int64=\"0\""
	                 " int_divide=\"1\" lsc=\"0\" legacy_dataport=\"1\" thread_prolog=\"0\""
	                 " inline_data=\"0\" sampler=\"1\" supported=\"1\"/>\n"
	                 "</platforms>\n", name, grf_bytes);
}

static char *cb0_doc(const char *first_comp, const char *second_comp)
{
	return xasprintf("<cb0>\n"
	                 "  <slot index=\"0\" comp=\"%s\" meaning=\"a\" source=\"payload\" arg=\"global_size\""
	                 " element=\"0\"/>\n"
	                 "  <slot index=\"0\" comp=\"%s\" meaning=\"b\" source=\"constant\" value=\"0x00000000\"/>\n"
	                 "</cb0>\n", first_comp, second_comp);
}

static void test_platforms_xml_valid(void)
{
	CU_ASSERT_EQUAL(valid_file(DATADIR "/platforms.xml", DATADIR "/platforms.xsd"), 1);
}

static void test_cb0_xml_valid(void)
{
	CU_ASSERT_EQUAL(valid_file(DATADIR "/cb0.xml", DATADIR "/cb0.xsd"), 1);
}

static void test_platform_grf_bytes_48_rejected(void)
{
	char *good = platform_doc("tgllp", "32"), *bad = platform_doc("tgllp", "48");
	CU_ASSERT_EQUAL(valid_text(good, DATADIR "/platforms.xsd"), 1);
	CU_ASSERT_EQUAL(valid_text(bad, DATADIR "/platforms.xsd"), 0);
	free(good);
	free(bad);
}

static void test_platform_bad_name_rejected(void)
{
	char *bad = platform_doc("TGL LP", "32");
	CU_ASSERT_EQUAL(valid_text(bad, DATADIR "/platforms.xsd"), 0);
	free(bad);
}

static void test_platform_duplicate_name_rejected(void)
{
	const char *p = "  <platform name=\"tgllp\" genx=\"TGLLP\" description=\"d\" product_family=\"0x1d\""
	                " core_family=\"0x0\" grf_bytes=\"32\" grf_count=\"128\" simd=\"8 16 32\""
	                " default_simd=\"16\" max_msg_lanes=\"16\" fp64=\"0\" int64=\"0\" int_divide=\"1\""
	                " lsc=\"0\" legacy_dataport=\"1\" thread_prolog=\"0\" inline_data=\"0\" sampler=\"1\""
	                " supported=\"1\"/>\n";
	char *doc = xasprintf("<platforms>\n%s%s</platforms>\n", p, p);
	CU_ASSERT_EQUAL(valid_text(doc, DATADIR "/platforms.xsd"), 0);
	free(doc);
}

static void test_cb0_comp_q_rejected(void)
{
	char *good = cb0_doc("x", "y"), *bad = cb0_doc("q", "y");
	CU_ASSERT_EQUAL(valid_text(good, DATADIR "/cb0.xsd"), 1);
	CU_ASSERT_EQUAL(valid_text(bad, DATADIR "/cb0.xsd"), 0);
	free(good);
	free(bad);
}

static void test_cb0_duplicate_slot_rejected(void)
{
	char *bad = cb0_doc("x", "x");
	CU_ASSERT_EQUAL(valid_text(bad, DATADIR "/cb0.xsd"), 0);
	free(bad);
}

static void test_cb0_bad_constant_rejected(void)
{
	const char *bad = "<cb0><slot index=\"5\" comp=\"y\" meaning=\"m\" source=\"constant\" value=\"0.5\"/></cb0>";
	const char *unknown = "<cb0><slot index=\"0\" comp=\"x\" meaning=\"m\" source=\"payload\" arg=\"gsize\"/></cb0>";
	CU_ASSERT_EQUAL(valid_text(bad, DATADIR "/cb0.xsd"), 0);
	CU_ASSERT_EQUAL(valid_text(unknown, DATADIR "/cb0.xsd"), 0);
}

static void test_platforms_load(void)
{
	capture_reset();
	plats_ok = platforms_load(DATADIR) == 0;
	CU_ASSERT_TRUE(plats_ok);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL(platform_find("skl"));
	CU_ASSERT_PTR_NOT_NULL(platform_find("dg2"));
}

static void test_tgllp_facts(void)
{
	const Platform *p;
	CU_ASSERT_TRUE_FATAL(load_platforms());
	p = platform_find("tgllp");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->name, "tgllp");
	CU_ASSERT_STRING_EQUAL(p->genx, "TGLLP");
	CU_ASSERT_EQUAL(p->grf_bytes, 32);
	CU_ASSERT_EQUAL(p->grf_count, 128);
	CU_ASSERT_TRUE(p->supported);
	CU_ASSERT_FALSE(p->lsc);
	CU_ASSERT_FALSE(p->inline_data);
	CU_ASSERT_TRUE(p->default_simd == 8 || p->default_simd == 16 || p->default_simd == 32);
}

static void test_pvc_has_64_byte_grf(void)
{
	const Platform *p;
	CU_ASSERT_TRUE_FATAL(load_platforms());
	p = platform_find("pvc");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->grf_bytes, 64);
	/* IGC 1.0.12504 lists ocloc's "pvc" as //.platform PVCXT; no SIMD8
	 * (ocloc crashes on a reqd_sub_group_size(8) kernel); per-thread prolog
	 * but no inline data (IGC passes no -useInlineData there) */
	CU_ASSERT_STRING_EQUAL(p->genx, "PVCXT");
	CU_ASSERT_EQUAL(p->simd_mask, 16 | 32);
	CU_ASSERT_FALSE(platform_simd_ok(p, 8));
	CU_ASSERT_TRUE(platform_simd_ok(p, 32));
	CU_ASSERT_TRUE(p->thread_prolog);
	CU_ASSERT_FALSE(p->inline_data);
	CU_ASSERT_FALSE(p->legacy_dataport);
	/* translated with LSC messages (lower_lsc.c) */
	CU_ASSERT_TRUE(p->lsc);
	CU_ASSERT_TRUE(p->supported);
	CU_ASSERT_FALSE(p->sampler);
}

static void test_unknown_platform(void)
{
	CU_ASSERT_TRUE_FATAL(load_platforms());
	CU_ASSERT_PTR_NULL(platform_find("nosuch"));
	CU_ASSERT_PTR_NULL(platform_find("TGLLP"));
	CU_ASSERT_PTR_NULL(platform_find(""));
}

static void test_platforms_missing_file(void)
{
	char *want = xasprintf("translate: error: cannot read the platform table %s/nosuch/platforms.xml\n", tdir);
	char *dir = xasprintf("%s/nosuch", tdir);
	capture_reset();
	CU_ASSERT_EQUAL(platforms_load(dir), -1);
	CU_ASSERT_STRING_EQUAL(diags(), want);
	free(want);
	free(dir);
}

static void test_platforms_missing_attribute(void)
{
	write_scratch("platforms.xml", "<platforms>\n<platform name=\"x\" genx=\"TGLLP\" description=\"d\"/>\n"
	                               "</platforms>\n");
	capture_reset();
	plats_ok = 0;
	CU_ASSERT_EQUAL(platforms_load(tdir), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(diags(), ":2:1: error: <platform> lacks attribute 'product_family'\n"));
	load_platforms();
}

/* A complete entry whose fields contradict each other (its default width
 * not among its widths) is refused at the entry's line, column 1 (one line:
 * libxml2 numbers an element by the last line of its start tag). */
static void test_platforms_inconsistent_entry(void)
{
	write_scratch("platforms.xml",
	              "<platforms>\n"
	              "<platform name=\"x\" genx=\"TGLLP\" description=\"d\" product_family=\"0x1d\""
	              " core_family=\"0x0\" grf_bytes=\"32\" grf_count=\"128\" simd=\"8 16\""
	              " default_simd=\"32\" max_msg_lanes=\"16\" fp64=\"0\" int64=\"0\" int_divide=\"1\""
	              " lsc=\"0\" legacy_dataport=\"1\" thread_prolog=\"0\" inline_data=\"0\" sampler=\"1\""
	              " supported=\"1\"/>\n"
	              "</platforms>\n");
	capture_reset();
	plats_ok = 0;
	CU_ASSERT_EQUAL(platforms_load(tdir), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "/platforms.xml:2:1: error: <platform name=\"x\">: default_simd "
	                                       "not in simd, no message family, or inline_data without "
	                                       "thread_prolog\n"));
	load_platforms();
}

/* Every column of an entry lands in its own field; a listed but unsupported
 * entry (supported="0") loads as such.  The installed table marks every
 * platform supported, so a field read from the wrong column (a fresh mutant
 * read `supported` one column too far) showed nowhere else. */
static void test_platforms_every_field(void)
{
	const Platform *p;
	write_scratch("platforms.xml",
	              "<platforms>\n"
	              "<platform name=\"y\" genx=\"XEHP_SDV\" description=\"d\" product_family=\"0x1d\""
	              " core_family=\"0xc\" grf_bytes=\"32\" grf_count=\"256\" simd=\"16 32\""
	              " default_simd=\"32\" max_msg_lanes=\"16\" fp64=\"1\" int64=\"0\" int_divide=\"1\""
	              " lsc=\"1\" legacy_dataport=\"0\" thread_prolog=\"1\" inline_data=\"1\" sampler=\"0\""
	              " supported=\"0\"/>\n"
	              "</platforms>\n");
	capture_reset();
	plats_ok = 0;
	CU_ASSERT_EQUAL_FATAL(platforms_load(tdir), 0);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	p = platform_find("y");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->genx, "XEHP_SDV");
	CU_ASSERT_EQUAL(p->product_family, 0x1d);
	CU_ASSERT_EQUAL(p->core_family, 0xc);
	CU_ASSERT_EQUAL(p->grf_bytes, 32);
	CU_ASSERT_EQUAL(p->grf_count, 256);
	CU_ASSERT_EQUAL(p->simd_mask, 16 | 32);
	CU_ASSERT_EQUAL(p->default_simd, 32);
	CU_ASSERT_EQUAL(p->max_msg_lanes, 16);
	CU_ASSERT_EQUAL(p->fp64, 1);
	CU_ASSERT_EQUAL(p->int64, 0);
	CU_ASSERT_EQUAL(p->int_divide, 1);
	CU_ASSERT_EQUAL(p->lsc, 1);
	CU_ASSERT_EQUAL(p->legacy_dataport, 0);
	CU_ASSERT_EQUAL(p->thread_prolog, 1);
	CU_ASSERT_EQUAL(p->inline_data, 1);
	CU_ASSERT_EQUAL(p->sampler, 0);
	CU_ASSERT_EQUAL(p->supported, 0);
	load_platforms();
}

static void test_cb0_sizes_and_dimensions(void)
{
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	for (c = 0; c < 3; c++) {
		CU_ASSERT_TRUE(t.e[0][c].present);
		CU_ASSERT_EQUAL(t.e[0][c].source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(t.e[0][c].arg, ZA_GLOBAL_SIZE);
		CU_ASSERT_EQUAL(t.e[0][c].element, c);
	}
	CU_ASSERT_EQUAL(t.e[0][3].source, CB0_PAYLOAD);
	CU_ASSERT_EQUAL(t.e[0][3].arg, ZA_WORK_DIMENSIONS);
	CU_ASSERT_EQUAL(t.e[0][3].element, 0);
}

static void test_cb0_local_size_and_group_count(void)
{
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	for (c = 0; c < 3; c++) {
		CU_ASSERT_EQUAL(t.e[1][c].source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(t.e[1][c].arg, ZA_LOCAL_SIZE);
		CU_ASSERT_EQUAL(t.e[1][c].element, c);
		CU_ASSERT_EQUAL(t.e[2][c].source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(t.e[2][c].arg, ZA_GROUP_COUNT);
		CU_ASSERT_EQUAL(t.e[2][c].element, c);
	}
}

static void test_cb0_global_id_offset(void)
{
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	for (c = 0; c < 3; c++) {
		CU_ASSERT_EQUAL(t.e[6][c].source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(t.e[6][c].arg, ZA_GLOBAL_ID_OFFSET);
		CU_ASSERT_EQUAL(t.e[6][c].element, c);
		CU_ASSERT_EQUAL(t.e[9][c].source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(t.e[9][c].arg, ZA_GLOBAL_ID_OFFSET);
		CU_ASSERT_EQUAL(t.e[9][c].element, c);
	}
}

static void test_cb0_math_constants(void)
{
	static const float want[4] = {0.0f, 0.5f, 1.0f, 2.0f};
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	for (c = 0; c < 4; c++) {
		uint32_t bits;
		memcpy(&bits, &want[c], sizeof bits);
		CU_ASSERT_EQUAL(t.e[5][c].source, CB0_CONSTANT);
		CU_ASSERT_EQUAL(t.e[5][c].value, bits);
	}
}

static void test_cb0_split_launch_group_offset_zero(void)
{
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	for (c = 0; c < 4; c++) {
		CU_ASSERT_EQUAL(t.e[7][c].source, CB0_CONSTANT);
		CU_ASSERT_EQUAL(t.e[7][c].value, 0);
	}
}

/* AMD's 64-bit ABI (AMDILKernelManager, AMDILMem64.td, AMDILInstructions.td
 * GET_GLOBAL_OFFSET64): data segment cb0[8].xy, printf cb0[8].zw and
 * cb0[9].x, global offset cb0[9].yzw; other slots as in the 32-bit ABI */
static void test_cb0_abi64(void)
{
	Cb0Table t;
	int c;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	for (c = 0; c < 2; c++) {
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 8, c)->source, CB0_DATASEG);
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 8, c)->element, c);
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 8, 2 + c)->source, CB0_UNSUPPORTED);
	}
	CU_ASSERT_EQUAL(cb0_entry(&t, 1, 9, 0)->source, CB0_UNSUPPORTED);
	for (c = 0; c < 3; c++) {
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 9, c + 1)->source, CB0_PAYLOAD);
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 9, c + 1)->arg, ZA_GLOBAL_ID_OFFSET);
		CU_ASSERT_EQUAL(cb0_entry(&t, 1, 9, c + 1)->element, c);
		CU_ASSERT_PTR_EQUAL(cb0_entry(&t, 1, 0, c), &t.e[0][c]);
		CU_ASSERT_PTR_EQUAL(cb0_entry(&t, 0, 9, c), &t.e[9][c]);
	}
	CU_ASSERT_EQUAL(cb0_entry(&t, 0, 8, 1)->source, CB0_PRINTF);
}

static void test_cb0_unsupported_and_absent(void)
{
	Cb0Table t;
	capture_reset();
	CU_ASSERT_EQUAL_FATAL(cb0_load(DATADIR, &t), 0);
	CU_ASSERT_TRUE(t.e[8][0].present);
	CU_ASSERT_EQUAL(t.e[8][0].source, CB0_DATASEG); /* low dword of the blob */
	CU_ASSERT_EQUAL(t.e[8][0].element, 0);
	CU_ASSERT_EQUAL(t.e[8][1].source, CB0_PRINTF); /* printf buffer base */
	CU_ASSERT_EQUAL(t.e[8][1].element, 0);
	CU_ASSERT_EQUAL(t.e[8][2].source, CB0_PRINTF); /* slot size */
	CU_ASSERT_EQUAL(t.e[8][2].element, 1);
	CU_ASSERT_EQUAL(t.e[3][0].source, CB0_UNSUPPORTED);
	CU_ASSERT_FALSE(t.e[15][0].present);
	CU_ASSERT_FALSE(t.e[3][3].present);
	CU_ASSERT_PTR_NOT_NULL(t.e[0][3].meaning);
}

static void test_implicit_arg_sizes(void)
{
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_GLOBAL_SIZE), 12);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_LOCAL_SIZE), 12);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_GROUP_COUNT), 12);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_GLOBAL_ID_OFFSET), 12);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_WORK_DIMENSIONS), 4);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_PRINTF_BUFFER), 8);
	CU_ASSERT_EQUAL(implicit_arg_size(ZA_ARG_BYPOINTER), 0);
}

static void test_cb0_load_rejects_comp_q(void)
{
	Cb0Table t;
	char *doc = cb0_doc("q", "y");
	write_scratch("cb0.xml", doc);
	free(doc);
	capture_reset();
	CU_ASSERT_EQUAL(cb0_load(tdir, &t), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "/cb0.xml:2:1: error: malformed <slot> entry\n"));
}

static void test_cb0_load_rejects_unknown_arg(void)
{
	Cb0Table t;
	write_scratch("cb0.xml", "<cb0>\n<slot index=\"0\" comp=\"x\" meaning=\"m\" source=\"payload\" arg=\"gsize\"/>\n"
	                         "</cb0>\n");
	capture_reset();
	CU_ASSERT_EQUAL(cb0_load(tdir, &t), -1);
	CU_ASSERT_PTR_NOT_NULL(strstr(diags(), "/cb0.xml:2:1: error: unknown implicit argument 'gsize'\n"));
}

static void test_cb0_missing_file(void)
{
	Cb0Table t;
	char *dir = xasprintf("%s/nosuch", tdir);
	char *want = xasprintf("translate: error: cannot read the cb0 table %s/cb0.xml\n", dir);
	capture_reset();
	CU_ASSERT_EQUAL(cb0_load(dir, &t), -1);
	CU_ASSERT_STRING_EQUAL(diags(), want);
	free(dir);
	free(want);
}

int add_data_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"platforms.xml matches platforms.xsd", test_platforms_xml_valid},
		{"cb0.xml matches cb0.xsd", test_cb0_xml_valid},
		{"platform with grf_bytes=48 rejected", test_platform_grf_bytes_48_rejected},
		{"platform with bad name rejected", test_platform_bad_name_rejected},
		{"duplicate platform name rejected", test_platform_duplicate_name_rejected},
		{"cb0 slot with comp=q rejected", test_cb0_comp_q_rejected},
		{"duplicate cb0 slot rejected", test_cb0_duplicate_slot_rejected},
		{"cb0 bad constant or arg rejected", test_cb0_bad_constant_rejected},
		{"platforms_load reads the table", test_platforms_load},
		{"tgllp: TGLLP, 32-byte GRF", test_tgllp_facts},
		{"pvc: 64-byte GRF", test_pvc_has_64_byte_grf},
		{"unknown platform", test_unknown_platform},
		{"platform table missing", test_platforms_missing_file},
		{"platform missing attribute", test_platforms_missing_attribute},
		{"platform entry contradicting itself", test_platforms_inconsistent_entry},
		{"platform entry: every field, unsupported", test_platforms_every_field},
		{"cb0[0] global size and work dim", test_cb0_sizes_and_dimensions},
		{"cb0[1] local size, cb0[2] group count", test_cb0_local_size_and_group_count},
		{"cb0[6] and cb0[9] global offset", test_cb0_global_id_offset},
		{"cb0[5] math constants", test_cb0_math_constants},
		{"cb0[7] group offset is zero", test_cb0_split_launch_group_offset_zero},
		{"cb0 unsupported and absent entries", test_cb0_unsupported_and_absent},
		{"cb0 of the 64-bit ABI (;memory:64bitABI)", test_cb0_abi64},
		{"implicit argument sizes", test_implicit_arg_sizes},
		{"cb0_load rejects comp=q", test_cb0_load_rejects_comp_q},
		{"cb0_load rejects unknown arg", test_cb0_load_rejects_unknown_arg},
		{"cb0 table missing", test_cb0_missing_file},
	};
	CU_pSuite s = CU_add_suite("data", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
