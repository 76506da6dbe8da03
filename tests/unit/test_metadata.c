/* test_metadata.c - CUnit tests for src/metadata/metadata.c: md_read() on
 * ;ARGSTART blocks and md_link() call closures.
 *
 * add_metadata_suite() registers the suite "metadata".  Each test parses a
 * small module with il_parse(); diagnostics are captured in memory (no source
 * lines) and compared as exact lines.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "metadata/metadata.h"
#include "testutil.h"

#define FILE_NAME "md.il"

static char *src;     /* text of the last parse (diag_source keeps a pointer) */
static Module *mod;   /* module of the last md_parse */
static Program *prog; /* its metadata, NULL on failure */





static void release(void)
{
	md_free(prog);
	prog = NULL;
	il_free(mod);
	mod = NULL;
}

/* Parses text and reads its metadata into mod / prog. */
static Program *md_parse(const char *text)
{
	release();
	capture_reset();
	free(src);
	src = xstrdup(text);
	mod = il_parse(FILE_NAME, src, strlen(src));
	if (!mod)
		return NULL;
	prog = md_read(mod);
	return prog;
}

/* A module with the kernel k (wrapper 1024, body 1025) whose wrapper block
 * holds the given metadata lines; the block starts on line 9. */
static Program *md_block_text(const char *lines)
{
	char *t = xasprintf("il_cs_2_0\n"
	                    "endmain\n"
	                    "func 1024 ; __OpenCL_k_kernel\n"
	                    "call 1025 ; k\n"
	                    "ret\n"
	                    "endfunc ; __OpenCL_k_kernel\n"
	                    ";ARGSTART:__OpenCL_k_kernel\n"
	                    ";uniqueid:1024\n"
	                    "%s"
	                    ";ARGEND:__OpenCL_k_kernel\n"
	                    "func 1025 ; k\n"
	                    "ret\n"
	                    "endfunc ; k\n"
	                    "end\n", lines);
	Program *p = md_parse(t);
	free(t);
	return p;
}

static int suite_init(void)
{
	return capture_start();
}

static int suite_clean(void)
{
	release();
	diag_source(FILE_NAME, "", 0);
	capture_stop();
	free(src);
	src = NULL;
	return 0;
}

static const char saxpy[] =
	"il_cs_2_0\n"
	"dcl_cb cb0[15] ; Constant buffer that holds ABI data\n"
	";$$$$$$$$$$\n"
	"endmain\n"
	"func 1024 ; __OpenCL_saxpy_kernel\n"
	"mov r1.x___, cb1[0].x\n"
	"call 1025 ; saxpy\n"
	"ret\n"
	"endfunc ; __OpenCL_saxpy_kernel\n"
	";ARGSTART:__OpenCL_saxpy_kernel\n"
	";version:3:1:111\n"
	";device:tahiti\n"
	";uniqueid:1024\n"
	";memory:uavprivate:16\n"
	";memory:hwlocal:256\n"
	";memory:hwregion:0\n"
	";memory:datareqd\n"
	";cws:64:2:1\n"
	";pointer:x:float:1:1:0:uav:12:4:RO:0:0\n"
	";constarg:0:x\n"
	";pointer:y:float:1:1:16:uav:13:4:RW:1:1\n"
	";value:a:float:1:1:32\n"
	";value:n:i32:1:1:48\n"
	";function:1:1025\n"
	";uavid:11\n"
	";printfid:9\n"
	";cbid:10\n"
	";privateid:8\n"
	";reflection:0:float*\n"
	";reflection:1:float*\n"
	";reflection:2:float\n"
	";reflection:3:int\n"
	";ARGEND:__OpenCL_saxpy_kernel\n"
	"func 1025 ; saxpy\n"
	"ret_dyn\n"
	"ret\n"
	"endfunc ; saxpy\n"
	";ARGSTART:saxpy\n"
	";uniqueid:1025\n"
	";ARGEND:saxpy\n"
	"end\n";

static void test_block_header_fields(void)
{
	Program *p = md_parse(saxpy);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->blocks.n, 2);
	b = p->blocks.v[0];
	CU_ASSERT_STRING_EQUAL(b->name, "__OpenCL_saxpy_kernel");
	CU_ASSERT_EQUAL(b->loc.line, 10);
	CU_ASSERT_EQUAL(b->version[0], 3);
	CU_ASSERT_EQUAL(b->version[1], 1);
	CU_ASSERT_EQUAL(b->version[2], 111);
	CU_ASSERT_STRING_EQUAL(b->device, "tahiti");
	CU_ASSERT_EQUAL(b->uniqueid, 1024);
	CU_ASSERT_EQUAL(b->cws[0], 64);
	CU_ASSERT_EQUAL(b->cws[1], 2);
	CU_ASSERT_EQUAL(b->cws[2], 1);
	CU_ASSERT_STRING_EQUAL(diags(), "");
}

static void test_memory_lines(void)
{
	Program *p = md_parse(saxpy);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL(b->mem_uavprivate, 16);
	CU_ASSERT_EQUAL(b->mem_hwlocal, 256);
	CU_ASSERT_EQUAL(b->mem_hwregion, 0);
	CU_ASSERT_EQUAL(b->mem_private, 0);
	CU_ASSERT_TRUE(b->datareqd);
	CU_ASSERT_FALSE(b->compilerwrite);
	CU_ASSERT_FALSE(b->abi64);
}

static void test_memory_flags(void)
{
	Program *p = md_block_text(";memory:compilerwrite\n;memory:64bitABI\n;memory:private:48\n"
	                           ";memory:local:1024\n;memory:hwprivate:4\n;memory:region:8\n");
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_TRUE(b->compilerwrite);
	CU_ASSERT_TRUE(b->abi64);
	CU_ASSERT_FALSE(b->datareqd);
	CU_ASSERT_EQUAL(b->mem_private, 48);
	CU_ASSERT_EQUAL(b->mem_local, 1024);
	CU_ASSERT_EQUAL(b->mem_hwprivate, 4);
	CU_ASSERT_EQUAL(b->mem_region, 8);
}

static void test_pointer_11_fields(void)
{
	Program *p = md_parse(saxpy);
	MdArg *x, *y;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->blocks.v[0]->args.n, 4);
	x = &p->blocks.v[0]->args.v[0];
	y = &p->blocks.v[0]->args.v[1];
	CU_ASSERT_EQUAL(x->kind, MA_POINTER);
	CU_ASSERT_STRING_EQUAL(x->name, "x");
	CU_ASSERT_STRING_EQUAL(x->type, "float");
	CU_ASSERT_EQUAL(x->nelem, 1);
	CU_ASSERT_EQUAL(x->cb, 1);
	CU_ASSERT_EQUAL(x->offset, 0);
	CU_ASSERT_STRING_EQUAL(x->mem, "uav");
	CU_ASSERT_EQUAL(x->bufid, 12);
	CU_ASSERT_EQUAL(x->align, 4);
	CU_ASSERT_STRING_EQUAL(x->access, "RO");
	CU_ASSERT_EQUAL(x->size, 8);
	CU_ASSERT_EQUAL(x->index, 0);
	CU_ASSERT_FALSE(x->is_volatile);
	CU_ASSERT_FALSE(x->is_restrict);
	CU_ASSERT_EQUAL(x->loc.line, 19);
	CU_ASSERT_EQUAL(y->offset, 16);
	CU_ASSERT_EQUAL(y->bufid, 13);
	CU_ASSERT_STRING_EQUAL(y->access, "RW");
	CU_ASSERT_TRUE(y->is_volatile);
	CU_ASSERT_TRUE(y->is_restrict);
	CU_ASSERT_EQUAL(y->index, 1);
}

static void test_pointer_8_fields(void)
{
	Program *p = md_block_text(";pointer:out:i32:1:1:0:uav:11:4\n;pointer:tmp:float:1:1:16:hl:1:16\n");
	MdArg *a;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->blocks.v[0]->args.n, 2);
	a = &p->blocks.v[0]->args.v[0];
	CU_ASSERT_EQUAL(a->kind, MA_POINTER);
	CU_ASSERT_STRING_EQUAL(a->type, "i32");
	CU_ASSERT_STRING_EQUAL(a->mem, "uav");
	CU_ASSERT_EQUAL(a->bufid, 11);
	CU_ASSERT_EQUAL(a->align, 4);
	CU_ASSERT_PTR_NULL(a->access);
	CU_ASSERT_EQUAL(a->size, 8);
	a = &p->blocks.v[0]->args.v[1];
	CU_ASSERT_STRING_EQUAL(a->mem, "hl");
	CU_ASSERT_EQUAL(a->bufid, 1);
	CU_ASSERT_EQUAL(a->align, 16);
	CU_ASSERT_EQUAL(a->offset, 16);
	CU_ASSERT_EQUAL(a->index, 1);
}

static void test_pointer_12_fields(void)
{
	Program *p = md_block_text(";pointer:q:i32:1:1:0:uav:14:4:WO:0:1:0\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->blocks.v[0]->args.n, 1);
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->args.v[0].access, "WO");
	CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[0].bufid, 14);
	CU_ASSERT_TRUE(p->blocks.v[0]->args.v[0].is_restrict);
}

static void test_pointer_bad_access(void)
{
	Program *p = md_block_text(";pointer:q:i32:1:1:0:uav:14:4:XX:0:0\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:31: error: ';pointer' field 9 must be RO, WO or RW, found 'XX'");
}

static void test_value_scalars(void)
{
	Program *p = md_parse(saxpy);
	MdArg *a, *n;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	a = &p->blocks.v[0]->args.v[2];
	n = &p->blocks.v[0]->args.v[3];
	CU_ASSERT_EQUAL(a->kind, MA_VALUE);
	CU_ASSERT_STRING_EQUAL(a->name, "a");
	CU_ASSERT_STRING_EQUAL(a->type, "float");
	CU_ASSERT_EQUAL(a->nelem, 1);
	CU_ASSERT_EQUAL(a->cb, 1);
	CU_ASSERT_EQUAL(a->offset, 32);
	CU_ASSERT_EQUAL(a->size, 4);
	CU_ASSERT_EQUAL(a->index, 2);
	CU_ASSERT_STRING_EQUAL(n->type, "i32");
	CU_ASSERT_EQUAL(n->offset, 48);
	CU_ASSERT_EQUAL(n->size, 4);
	CU_ASSERT_EQUAL(n->index, 3);
}

static void test_value_sizes(void)
{
	static const struct { const char *line; int offset, size; } want[] = {
		{";value:a:float:4:1:0\n", 0, 16},
		{";value:b:float:3:1:16\n", 16, 16},
		{";value:c:i8:1:1:32\n", 32, 1},
		{";value:d:u16:2:1:48\n", 48, 4},
		{";value:e:double:2:1:64\n", 64, 16},
		{";value:f:i64:1:1:80\n", 80, 8},
		{";value:g:struct:24:1:96\n", 96, 24},
		{";value:h:i16:3:1:128\n", 128, 8},
		{";value:i:half:1:1:144\n", 144, 2},
		{";value:j:u8:4:1:160\n", 160, 4},
		{";value:k:i32:8:1:176\n", 176, 32},
	};
	Buf b = {0};
	Program *p;
	size_t i;
	for (i = 0; i < NELEM(want); i++)
		buf_puts(&b, want[i].line);
	p = md_block_text(b.s);
	buf_free(&b);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->blocks.v[0]->args.n, NELEM(want));
	for (i = 0; i < NELEM(want); i++) {
		CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[i].size, want[i].size);
		CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[i].offset, want[i].offset);
		CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[i].index, (int)i);
	}
}

static void test_value_char3_has_size_of_char4(void)
{
	Program *p = md_block_text(";value:c:i8:3:1:0\n;value:u:u8:3:1:16\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[0].size, 4);
	CU_ASSERT_EQUAL(p->blocks.v[0]->args.v[1].size, 4);
}

static void test_constarg_sets_is_const(void)
{
	Program *p = md_parse(saxpy);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_TRUE(b->args.v[0].is_const);
	CU_ASSERT_FALSE(b->args.v[1].is_const);
	CU_ASSERT_FALSE(b->args.v[2].is_const);
	CU_ASSERT_FALSE(b->args.v[3].is_const);
}

static void test_function_list(void)
{
	Program *p = md_block_text(";function:3:1025:1030:1031\n;intrinsic:1:16383\n");
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL_FATAL(b->functions.n, 3);
	CU_ASSERT_EQUAL(b->functions.v[0], 1025);
	CU_ASSERT_EQUAL(b->functions.v[1], 1030);
	CU_ASSERT_EQUAL(b->functions.v[2], 1031);
	CU_ASSERT_EQUAL_FATAL(b->intrinsics.n, 1);
	CU_ASSERT_EQUAL(b->intrinsics.v[0], 16383);
}

static void test_resource_ids(void)
{
	Program *p = md_parse(saxpy);
	MdBlock *w, *body;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	w = p->blocks.v[0];
	body = p->blocks.v[1];
	CU_ASSERT_EQUAL(w->uavid, 11);
	CU_ASSERT_EQUAL(w->printfid, 9);
	CU_ASSERT_EQUAL(w->cbid, 10);
	CU_ASSERT_EQUAL(w->privateid, 8);
	CU_ASSERT_STRING_EQUAL(body->name, "saxpy");
	CU_ASSERT_EQUAL(body->uniqueid, 1025);
	CU_ASSERT_EQUAL(body->uavid, -1);
	CU_ASSERT_EQUAL(body->printfid, -1);
	CU_ASSERT_EQUAL(body->cbid, -1);
	CU_ASSERT_EQUAL(body->privateid, -1);
	CU_ASSERT_EQUAL(body->version[0], 0);
	CU_ASSERT_PTR_NULL(body->device);
	CU_ASSERT_EQUAL(body->args.n, 0);
}

static void test_reflections(void)
{
	Program *p = md_parse(saxpy);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL_FATAL(b->reflections.n, 4);
	CU_ASSERT_STRING_EQUAL(b->reflections.v[0], "float*");
	CU_ASSERT_STRING_EQUAL(b->reflections.v[3], "int");
}

static void test_kernel_found_by_name(void)
{
	Program *p = md_parse(saxpy);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->kernels.n, 1);
	CU_ASSERT_STRING_EQUAL(p->kernels.v[0]->name, "saxpy");
	CU_ASSERT_PTR_EQUAL(p->kernels.v[0]->md, p->blocks.v[0]);
	CU_ASSERT_PTR_EQUAL(md_block(p, "saxpy"), p->blocks.v[1]);
	CU_ASSERT_PTR_EQUAL(md_block(p, "__OpenCL_saxpy_kernel"), p->blocks.v[0]);
	CU_ASSERT_PTR_NULL(md_block(p, "nosuch"));
}

static void test_kernel_names_edge_cases(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n"
	                      ";ARGSTART:__OpenCL_k_kernel\n;ARGEND:__OpenCL_k_kernel\n"
	                      ";ARGSTART:__OpenCL__kernel\n;ARGEND:__OpenCL__kernel\n"
	                      ";ARGSTART:foo_kernel\n;ARGEND:foo_kernel\n"
	                      ";ARGSTART:__OpenCL_bar\n;ARGEND:__OpenCL_bar\n"
	                      ";ARGSTART:__OpenCL_my_kernel_kernel\n;ARGEND:__OpenCL_my_kernel_kernel\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(p->blocks.n, 5);
	CU_ASSERT_EQUAL_FATAL(p->kernels.n, 2);
	CU_ASSERT_STRING_EQUAL(p->kernels.v[0]->name, "k");
	CU_ASSERT_STRING_EQUAL(p->kernels.v[1]->name, "my_kernel");
}

static void test_wrong_field_count_version(void)
{
	Program *p = md_block_text(";version:3:1\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:1: error: ';version' takes 3 fields, found 2");
}

static void test_wrong_field_count_pointer(void)
{
	Program *p = md_block_text(";value:a:float:1:1:0\n;pointer:x:float:1:1:16:uav:12\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":10:1: error: ';pointer' takes 8, 9, 11 or 12 fields, found 7");
}

static void test_wrong_field_count_pointer_10(void)
{
	Program *p = md_block_text(";pointer:x:float:1:1:16:uav:12:4:RW:0\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":9:1: error: ';pointer' takes 8, 9, 11 or 12 fields, found 10");
}

static void test_wrong_field_count_value(void)
{
	Program *p = md_block_text(";value:a:float:1:1\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:1: error: ';value' takes 5 fields, found 4");
}

static void test_wrong_field_count_uavid(void)
{
	Program *p = md_block_text(";uavid:11:12\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:1: error: ';uavid' takes 1 field, found 2");
}

static void test_field_not_a_number(void)
{
	Program *p = md_block_text(";value:a:float:one:1:0\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:16: error: ';value' field 3 must be a number, found 'one'");
}

static void test_function_count_mismatch(void)
{
	Program *p = md_block_text(";function:2:1025\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":9:11: error: ';function' count 2 does not match the 1 id that follows");
}

static void test_argend_name_mismatch(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n;ARGSTART:foo\n;uniqueid:1\n;ARGEND:bar\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":6:1: error: ';ARGEND:bar' closes the block of 'foo'");
}

static void test_argstart_never_closed(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n;ARGSTART:foo\n;uniqueid:1\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":4:1: error: ';ARGSTART:foo' is never closed by ';ARGEND'");
}

static void test_argend_without_argstart(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n;ARGEND:foo\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":4:1: error: ';ARGEND' without ';ARGSTART'");
}

static void test_nested_argstart(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n;ARGSTART:foo\n;ARGSTART:bar\n;ARGEND:bar\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":5:1: error: ';ARGSTART' inside the open block of 'foo'");
	CU_ASSERT_TRUE(has_diag(FILE_NAME ":4:1: note: block opened here"));
}

static void test_unknown_token_only_warns(void)
{
	int before = diag_errors();
	Program *p = md_block_text(";frobnicate:1:2\n;value:a:float:1:1:0\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), FILE_NAME ":9:1: warning: unknown metadata token ';frobnicate' kept but ignored\n");
	CU_ASSERT_EQUAL(diag_errors(), before);
	CU_ASSERT_EQUAL(p->blocks.v[0]->args.n, 1);
	CU_ASSERT_EQUAL(p->kernels.n, 1);
}

static void test_unknown_memory_kind_only_warns(void)
{
	int before = diag_errors();
	Program *p = md_block_text(";memory:frob:4\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), FILE_NAME ":9:1: warning: unknown memory kind ';memory:frob' kept but ignored\n");
	CU_ASSERT_EQUAL(diag_errors(), before);
}

static void test_comments_outside_blocks_ignored(void)
{
	Program *p = md_parse("; value:a:float:1:1\n;version:1\nil_cs_2_0\nendmain\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(p->blocks.n, 0);
	/* no block, so the il_cs shader is one derived kernel, empty as it is */
	CU_ASSERT_EQUAL_FATAL(p->kernels.n, 1);
	CU_ASSERT(p->kernels.v[0]->derived);
	CU_ASSERT_EQUAL(p->kernels.v[0]->md->args.n, 0);
}

/* ---- md_link ------------------------------------------------------------- */

static const char calls[] =
	"il_cs_2_0\n"
	"endmain\n"
	"func 1024 ; __OpenCL_k_kernel\n"
	"call 1025 ; k\n"
	"ret\n"
	"endfunc\n"
	";ARGSTART:__OpenCL_k_kernel\n"
	";uniqueid:1024\n"
	";function:1:1025\n"
	";ARGEND:__OpenCL_k_kernel\n"
	"func 1025 ; k\n"
	"call_logicalnz 1026, r0.x\n"
	"ret\n"
	"endfunc\n"
	"func 1026 ; a\n"
	"call 1025\n"
	"call 1027\n"
	"call 1027\n"
	"ret\n"
	"endfunc\n"
	"func 1027 ; b\n"
	"ret\n"
	"endfunc\n"
	"func 1030 ; unused\n"
	"call 1024\n"
	"ret\n"
	"endfunc\n"
	"end\n";

static void test_link_closure(void)
{
	Program *p = md_parse(calls);
	Kernel *k;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->kernels.n, 1);
	k = p->kernels.v[0];
	CU_ASSERT_EQUAL(md_link(p, k), 0);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_EQUAL(k->wrapper, il_func(mod, 1024));
	CU_ASSERT_EQUAL_FATAL(k->funcs.n, 4);
	CU_ASSERT_PTR_EQUAL(k->funcs.v[0], k->wrapper);
	CU_ASSERT_EQUAL(k->funcs.v[1]->id, 1025);
	CU_ASSERT_EQUAL(k->funcs.v[2]->id, 1026);
	CU_ASSERT_EQUAL(k->funcs.v[3]->id, 1027);
}

static void test_link_twice_same_closure(void)
{
	Program *p = md_parse(calls);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), 0);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), 0);
	CU_ASSERT_EQUAL(p->kernels.v[0]->funcs.n, 4);
}

/* The parser's structure check or md_link reports it. */
static void test_link_call_to_undefined(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\n"
	                      "func 1024 ; __OpenCL_k_kernel\ncall 1025\nret\nendfunc\n"
	                      ";ARGSTART:__OpenCL_k_kernel\n;uniqueid:1024\n;ARGEND:__OpenCL_k_kernel\n"
	                      "func 1025 ; k\n\tcall 1099 ; missing\nret\nendfunc\nend\n");
	if (p)
		CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":11:7: error: call to undefined function 1099");
}

static void test_link_without_uniqueid(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nfunc 1024\nret\nendfunc\n"
	                      ";ARGSTART:__OpenCL_k_kernel\n;ARGEND:__OpenCL_k_kernel\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->kernels.n, 1);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":6:1: error: kernel 'k' has no ';uniqueid' line");
}

static void test_link_uniqueid_without_func(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nfunc 1024\nret\nendfunc\n"
	                      ";ARGSTART:__OpenCL_k_kernel\n;uniqueid:1040\n;ARGEND:__OpenCL_k_kernel\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":7:11: error: kernel 'k': no 'func 1040' for its ;uniqueid");
}

static void test_link_function_list_names_undefined(void)
{
	Program *p = md_block_text(";function:2:1025:1077\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME
	                       ":9:18: error: ';function' of '__OpenCL_k_kernel' names 1077, which is not defined");
}

/* ---- typed model and regeneration --------------------------------------- */

/* The lines m->comments.v[first .. first+n) as written: ";text\n" each. */
static char *written(const Module *m, size_t first, size_t n)
{
	Buf b = {0};
	size_t i;
	buf_add(&b, "", 0);
	for (i = first; i < first + n; i++)
		buf_printf(&b, ";%s\n", m->comments.v[i].text);
	return b.s;
}

/* No line of p needs its written text: the model spells every one. */
static int all_canonical(const Program *p)
{
	size_t i, j;
	for (i = 0; i < p->blocks.n; i++) {
		const MdBlock *b = p->blocks.v[i];
		if (b->start_text || b->end_text)
			return 0;
		for (j = 0; j < b->lines.n; j++)
			if (b->lines.v[j].text)
				return 0;
	}
	for (i = 0; i < p->segs.n; i++) {
		const DataSeg *s = &p->segs.v[i];
		if (s->start_text || s->end_text)
			return 0;
		for (j = 0; j < s->items.n; j++)
			if (s->items.v[j].text)
				return 0;
	}
	return 1;
}

/* Every block and data segment of p prints back as written, from the typed
 * model alone; count of them. */
static int regenerates(const Program *p)
{
	size_t i;
	int n = 0;
	CU_ASSERT_TRUE(all_canonical(p));
	for (i = 0; i < p->blocks.n; i++, n++) {
		Buf b = {0};
		char *want = written(p->m, p->blocks.v[i]->cfirst, p->blocks.v[i]->ccount);
		md_print_block(&b, p->blocks.v[i]);
		CU_ASSERT_STRING_EQUAL(b.s, want);
		buf_free(&b);
		free(want);
	}
	for (i = 0; i < p->segs.n; i++, n++) {
		Buf b = {0};
		char *want = written(p->m, p->segs.v[i].cfirst, p->segs.v[i].ccount);
		md_print_data(&b, &p->segs.v[i]);
		CU_ASSERT_STRING_EQUAL(b.s, want);
		buf_free(&b);
		free(want);
	}
	return n;
}

/* Every .il file of dir whose module and metadata read: regenerated. */
static int regenerate_dir(const char *dir)
{
	char *d = xasprintf("%s/%s", TEST_SRCDIR, dir);
	DIR *dp = opendir(d);
	struct dirent *e;
	int n = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(dp);
	while ((e = readdir(dp))) {
		size_t len, l = strlen(e->d_name);
		char *path, *text;
		if (l < 4 || strcmp(e->d_name + l - 3, ".il"))
			continue;
		path = xasprintf("%s/%s", d, e->d_name);
		text = read_file(path, &len);
		CU_ASSERT_PTR_NOT_NULL_FATAL(text);
		if (md_parse(text))
			n += regenerates(prog);
		free(text);
		free(path);
	}
	closedir(dp);
	free(d);
	return n;
}

static void test_regenerate_every_test_program(void)
{
	int n = regenerate_dir("tests/kernels") + regenerate_dir("examples") + regenerate_dir("tests/bad") +
	        regenerate_dir("tests/il") + regenerate_dir("tests/malformed");
	CU_ASSERT_TRUE(n >= 100);
}

static const char every_token[] =
	";version:3:1:111\n"
	";device:tahiti\n"
	";memory:private:4\n"
	";memory:hwprivate:8\n"
	";memory:uavprivate:16\n"
	";memory:local:32\n"
	";memory:hwlocal:64\n"
	";memory:region:128\n"
	";memory:hwregion:256\n"
	";memory:hwlocal:64\n"
	";cws:8:4:2\n"
	";crs:2:2:1\n"
	";wsh:16:1:1\n"
	";vth:float4\n"
	";pointer:p:float:1:1:0:uav:12:4:RW:0:1\n"
	";constarg:0:p\n"
	";value:v:float:4:1:16\n"
	";image:img:2D:RO:0:1:32\n"
	";image:wimg:3D:WO:1:1:64\n"
	";counter:cnt:64:0:1:96\n"
	";sema:sem:1:1:112\n"
	";value:smp:u32:1:1:128\n"
	";memory:datareqd\n"
	";memory:compilerwrite\n"
	";memory:packedreg\n"
	";memory:gws\n"
	";memory:swgws\n"
	";function:1:1025\n"
	";intrinsic:2:16383:16384\n"
	";sampler:unknown_19:1:1:19\n"
	";sampler:smp:0:0:0\n"
	";memory:64bitABI\n"
	";lws:64\n"
	";limitgroupsize\n"
	";error:E001:Insufficient Local Resources!\n"
	";warning:W002:barrier: optimization\n"
	";uavid:11\n"
	";printfid:9\n"
	";cbid:10\n"
	";privateid:8\n"
	";enqueue_kernel:1\n"
	";kernel_index:0\n"
	";queue:q:1\n"
	";frobnicate:1::2\n"
	";uavid:12\n"
	";reflection:0:float*\n"
	";reflection:1:float4\n"
	";reflection:2:image2d_t\n"
	";reflection:3:image3d_t\n"
	";reflection:4:counter64_t\n"
	";reflection:5:sema_t\n"
	";reflection:6:sampler_t\n";

static void test_every_token_regenerates(void)
{
	Program *p = md_block_text(every_token);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(regenerates(p), 1);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL(b->lines.n, 53);
	CU_ASSERT_EQUAL(b->lines.v[0].kind, ML_UNIQUEID);
	CU_ASSERT_EQUAL(b->lines.v[1].kind, ML_VERSION);
	CU_ASSERT_EQUAL(b->lines.v[16].kind, ML_CONSTARG);
	CU_ASSERT_EQUAL(b->lines.v[18].kind, ML_ARG);
	CU_ASSERT_EQUAL(b->lines.v[18].index, 2);
	CU_ASSERT_EQUAL(b->lines.v[44].kind, ML_RAW);
	CU_ASSERT_EQUAL(b->lines.v[45].kind, ML_RAW);
	CU_ASSERT_EQUAL(b->lines.v[9].loc.line, 17);
	CU_ASSERT_STRING_EQUAL(diags(),
	                       FILE_NAME ":52:1: warning: unknown metadata token ';frobnicate' kept but ignored\n"
	                       FILE_NAME ":53:1: warning: repeated ';uavid' kept but ignored; the first one holds\n");
}

static void test_every_token_typed(void)
{
	Program *p = md_block_text(every_token);
	MdBlock *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL(b->mem_private, 4);
	CU_ASSERT_EQUAL(b->mem_hwprivate, 8);
	CU_ASSERT_EQUAL(b->mem_uavprivate, 16);
	CU_ASSERT_EQUAL(b->mem_local, 32);
	CU_ASSERT_EQUAL(b->mem_hwlocal, 128);
	CU_ASSERT_EQUAL(b->mem_region, 128);
	CU_ASSERT_EQUAL(b->mem_hwregion, 256);
	CU_ASSERT_EQUAL(b->mems.n, 14);
	CU_ASSERT_EQUAL(b->mems.v[8].kind, MM_DATAREQD);
	CU_ASSERT_EQUAL(b->mems.v[8].size, -1);
	CU_ASSERT_TRUE(b->datareqd && b->compilerwrite && b->abi64 && b->packedreg && b->gws && b->swgws);
	CU_ASSERT_EQUAL(b->cws[0] * 100 + b->cws[1] * 10 + b->cws[2], 842);
	CU_ASSERT_EQUAL(b->crs[0] * 100 + b->crs[1] * 10 + b->crs[2], 221);
	CU_ASSERT_EQUAL(b->wsh[0], 16);
	CU_ASSERT_STRING_EQUAL(b->vth, "float4");
	CU_ASSERT_EQUAL(b->lws, 64);
	CU_ASSERT_TRUE(b->limitgroupsize);
	CU_ASSERT_EQUAL(b->uavid, 11);
	CU_ASSERT_EQUAL(b->enqueue_kernel, 1);
	CU_ASSERT_EQUAL(b->kernel_index, 0);
	CU_ASSERT_EQUAL_FATAL(b->intrinsics.n, 2);
	CU_ASSERT_EQUAL(b->intrinsics.v[1], 16384);
	CU_ASSERT_EQUAL_FATAL(b->msgs.n, 2);
	CU_ASSERT_STRING_EQUAL(b->msgs.v[0].code, "E001");
	CU_ASSERT_STRING_EQUAL(b->msgs.v[0].msg, "Insufficient Local Resources!");
	CU_ASSERT_TRUE(b->msgs.v[1].warning);
	CU_ASSERT_STRING_EQUAL(b->msgs.v[1].msg, "barrier: optimization");
	CU_ASSERT_EQUAL(b->errors.n, 1);
	CU_ASSERT_EQUAL_FATAL(b->raws.n, 3);
	CU_ASSERT_STRING_EQUAL(b->raws.v[0].token, "queue");
	CU_ASSERT_EQUAL(b->raws.v[1].nfields, 3);
	CU_ASSERT_STRING_EQUAL(b->raws.v[1].fields[1], "");
	CU_ASSERT_EQUAL_FATAL(b->reflections.n, 7);
	CU_ASSERT_STRING_EQUAL(b->reflections.v[6], "sampler_t");
}

static void test_image_counter_sema_sampler_args(void)
{
	Program *p = md_block_text(every_token);
	MdBlock *b;
	MdArg *a;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	b = p->blocks.v[0];
	CU_ASSERT_EQUAL_FATAL(b->args.n, 7);
	a = &b->args.v[2];
	CU_ASSERT_EQUAL(a->kind, MA_IMAGE);
	CU_ASSERT_STRING_EQUAL(a->name, "img");
	CU_ASSERT_STRING_EQUAL(a->dim, "2D");
	CU_ASSERT_STRING_EQUAL(a->access, "RO");
	CU_ASSERT_EQUAL(a->bufid, 0);
	CU_ASSERT_EQUAL(a->cb, 1);
	CU_ASSERT_EQUAL(a->offset, 32);
	CU_ASSERT_EQUAL(a->index, 2);
	CU_ASSERT_STRING_EQUAL(b->args.v[3].dim, "3D");
	CU_ASSERT_STRING_EQUAL(b->args.v[3].access, "WO");
	CU_ASSERT_EQUAL(b->args.v[3].bufid, 1);
	a = &b->args.v[4];
	CU_ASSERT_EQUAL(a->kind, MA_COUNTER);
	CU_ASSERT_EQUAL(a->bits, 64);
	CU_ASSERT_EQUAL(a->offset, 96);
	a = &b->args.v[5];
	CU_ASSERT_EQUAL(a->kind, MA_SEMA);
	CU_ASSERT_EQUAL(a->bufid, 1);
	CU_ASSERT_EQUAL(a->offset, 112);
	a = &b->args.v[6];
	CU_ASSERT_EQUAL(a->kind, MA_SAMPLER);
	CU_ASSERT_EQUAL(a->form, MA_VALUE);
	CU_ASSERT_EQUAL(a->offset, 128);
	CU_ASSERT_EQUAL(a->bufid, 0);
	CU_ASSERT_EQUAL(a->index, 6);
	CU_ASSERT_EQUAL(a->sampler, 1);
	CU_ASSERT_EQUAL_FATAL(b->samplers.n, 2);
	CU_ASSERT_EQUAL(b->samplers.v[0].location, 1);
	CU_ASSERT_EQUAL(b->samplers.v[0].value, 19);
	CU_ASSERT_EQUAL(b->samplers.v[0].id, 1);
	CU_ASSERT_EQUAL(b->samplers.v[0].arg, -1);
	CU_ASSERT_EQUAL(b->samplers.v[1].arg, 6);
	CU_ASSERT_TRUE(b->args.v[0].is_const);
	CU_ASSERT_TRUE(b->args.v[0].is_restrict);
	CU_ASSERT_FALSE(b->args.v[0].is_volatile);
}

/* One block of each metadata generation, with its pointer shapes. */
static const char *const gens[] = {
	";version:1:4:0\n;device:rv770\n;memory:private:0\n;memory:local:0\n"
	";pointer:a:i32:1:1:0:g:0:4\n;pointer:b:float:1:1:16:uav:1:4:RW\n;value:n:i32:1:1:32\n"
	";function:1:1025\n;uavid:1\n",
	";version:2:0:74\n;device:cypress\n;memory:hwprivate:0\n;memory:hwlocal:0\n"
	";pointer:src:u32:1:1:0:uav:11:4\n;pointer:dst:u32:1:1:16:uav:11:4\n;value:k:u32:1:1:32\n"
	";memory:compilerwrite\n;function:1:1025\n;uavid:11\n",
	";version:2:0:88\n;device:cayman\n;memory:hwprivate:0\n;memory:hwlocal:0\n;memory:hwregion:0\n"
	";pointer:a:i32:1:1:0:uav:11:4:RW:0:0\n;function:1:1025\n;uavid:8\n;privateid:1\n",
	";version:3:1:104\n;device:tahiti\n;memory:uavprivate:0\n;memory:hwlocal:0\n;memory:hwregion:0\n"
	";pointer:c:float:1:1:0:hc:2:4:RO:0:0\n;constarg:0:c\n;pointer:o:float:1:1:16:uav:12:4:RW:0:0\n"
	";function:1:1025\n;uavid:11\n;printfid:9\n;cbid:10\n;privateid:8\n"
	";reflection:0:float*\n;reflection:1:float*\n",
	";version:3:1:111\n;device:pitcairn\n;memory:uavprivate:0\n;memory:hwlocal:0\n;memory:hwregion:0\n"
	";pointer:c:float:1:1:0:c:10:4:RO:0:0\n;constarg:0:c\n;pointer:q:i32:1:1:16:uav:12:4:RW:1:0:1\n"
	";function:1:1025\n;uavid:11\n;printfid:9\n;cbid:10\n;privateid:8\n"
	";reflection:0:float*\n;reflection:1:pipe int\n",
};

static MdBlock *gen_block(size_t i)
{
	Program *p = md_block_text(gens[i]);
	if (!p)
		return NULL;
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(regenerates(p), 1);
	return p->blocks.v[0];
}

static void test_generation_1_4(void)
{
	MdBlock *b = gen_block(0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->version[0] * 10 + b->version[1], 14);
	CU_ASSERT_EQUAL(b->args.v[0].nfields, 8);
	CU_ASSERT_STRING_EQUAL(b->args.v[0].mem, "g");
	CU_ASSERT_PTR_NULL(b->args.v[0].access);
	CU_ASSERT_EQUAL(b->args.v[1].nfields, 9);
	CU_ASSERT_STRING_EQUAL(b->args.v[1].access, "RW");
	CU_ASSERT_EQUAL(b->uavid, 1);
}

static void test_generation_2_0(void)
{
	MdBlock *b = gen_block(1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->version[2], 74);
	CU_ASSERT_EQUAL(b->args.v[1].nfields, 8);
	CU_ASSERT_EQUAL(b->args.v[1].offset, 16);
	CU_ASSERT_TRUE(b->compilerwrite);
	b = gen_block(2);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->version[2], 88);
	CU_ASSERT_EQUAL(b->args.v[0].nfields, 11);
	CU_ASSERT_EQUAL(b->uavid, 8);
	CU_ASSERT_EQUAL(b->privateid, 1);
}

static void test_generation_3_1(void)
{
	MdBlock *b = gen_block(3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->version[2], 104);
	CU_ASSERT_STRING_EQUAL(b->args.v[0].mem, "hc");
	CU_ASSERT_EQUAL(b->args.v[0].bufid, 2);
	CU_ASSERT_TRUE(b->args.v[0].is_const);
	CU_ASSERT_FALSE(b->args.v[1].is_const);
	b = gen_block(4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(b);
	CU_ASSERT_EQUAL(b->version[2], 111);
	CU_ASSERT_STRING_EQUAL(b->args.v[0].mem, "c");
	CU_ASSERT_EQUAL(b->args.v[1].nfields, 12);
	CU_ASSERT_EQUAL(b->args.v[1].pipe, 1);
	CU_ASSERT_TRUE(b->args.v[1].is_volatile);
	CU_ASSERT_STRING_EQUAL(b->reflections.v[1], "pipe int");
}

/* ---- printf formats ------------------------------------------------------- */

static const char printf_body[] =
	"il_cs_2_0\nendmain\n"
	"func 1025 ; k\nret\nendfunc ; k\n"
	";ARGSTART:k\n"
	";uniqueid:1025\n"
	";printf_fmt:0:0:23:!---initizeWSDeque---!\\n;\n"
	";printf_fmt:4:3:4:4:4:35:Bottom: %d Top: %d InitialSize: %d\\n;\n"
	";printf_fmt:5:2:8:16:14:a:b;c %f\\r\\n%v4f;\n"
	";printf_fmt:6:1:4:5:12:%d;\n"
	";ARGEND:k\n"
	"end\n";

static void test_printf_regenerates(void)
{
	Program *p = md_parse(printf_body);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(regenerates(p), 1);
	CU_ASSERT_EQUAL(p->blocks.v[0]->printfs.n, 4);
	CU_ASSERT_EQUAL(p->blocks.v[0]->lines.v[3].kind, ML_PRINTF);
}

static void test_printf_typed(void)
{
	Program *p = md_parse(printf_body);
	const MdPrintf *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	f = md_printf(p, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(f->nargs, 0);
	CU_ASSERT_EQUAL(f->len, 23);
	CU_ASSERT_EQUAL(f->fmt_len, 23);
	CU_ASSERT_STRING_EQUAL(f->fmt, "!---initizeWSDeque---!\n");
	CU_ASSERT_STRING_EQUAL(f->text, "!---initizeWSDeque---!\\n");
	f = md_printf(p, 4);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL_FATAL(f->nargs, 3);
	CU_ASSERT_EQUAL(f->sizes[2], 4);
	CU_ASSERT_STRING_EQUAL(f->fmt, "Bottom: %d Top: %d InitialSize: %d\n");
	f = md_printf(p, 5);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(f->sizes[0], 8);
	CU_ASSERT_EQUAL(f->sizes[1], 16);
	CU_ASSERT_STRING_EQUAL(f->fmt, "a:b;c %f\r\n%v4f");
	CU_ASSERT_EQUAL(f->fmt_len, 14);
	f = md_printf(p, 6);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_EQUAL(f->sizes[0], 4);
	CU_ASSERT_EQUAL(f->len, 5);
	CU_ASSERT_STRING_EQUAL(f->fmt, "12:%d");
	CU_ASSERT_PTR_NULL(md_printf(p, 1));
}

static void test_printf_literal_backslash(void)
{
	Program *p = md_block_text(";printf_fmt:2:0:4:a\\nb;\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), FILE_NAME ":9:17: warning: ';printf_fmt' backslashes taken "
	                       "literally to match the declared length 4\n");
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->printfs.v[0].fmt, "a\\nb");
	CU_ASSERT_EQUAL(regenerates(p), 1);
}

static void test_printf_escapes_of_the_runtime(void)
{
	Program *p = md_block_text(";printf_fmt:3:0:7:\\a\\b\\f\\v\\t\\;\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->printfs.v[0].fmt, "\a\b\f\v\\t\\");
	CU_ASSERT_EQUAL(regenerates(p), 1);
}

static void test_printf_malformed(void)
{
	static const struct { const char *line, *diag; } bad[] = {
		{";printf_fmt:1:2:4:9:x=%d %d;\n",
		 ":9:15: error: ';printf_fmt' declares 2 arguments but lists 1 size"},
		{";printf_fmt:1:1:4:9:x=%d;\n",
		 ":9:19: error: ';printf_fmt' declares length 9 but the format has 4 characters"},
		{";printf_fmt:1:0:2:a\\nb;\n",
		 ":9:17: error: ';printf_fmt' declares length 2 but the format has 3 characters"},
		{";printf_fmt:1:1:4:4:x=%d\n",
		 ":9:24: error: ';printf_fmt' format must end with ';'"},
		{";printf_fmt:x:0:1:a;\n",
		 ":9:13: error: ';printf_fmt' field 1 must be a number, found 'x'"},
		{";printf_fmt:1:0:1\n",
		 ":9:1: error: ';printf_fmt' takes at least 4 fields, found 3"},
	};
	size_t i;
	for (i = 0; i < NELEM(bad); i++) {
		char *want = xasprintf(FILE_NAME "%s", bad[i].diag);
		CU_ASSERT_PTR_NULL(md_block_text(bad[i].line));
		CU_ASSERT_STRING_EQUAL(first_diag(), want);
		free(want);
	}
}

static void test_printf_id_reused(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n"
	                      ";ARGSTART:a\n;printf_fmt:0:0:1:a;\n;ARGEND:a\n"
	                      ";ARGSTART:b\n;printf_fmt:0:0:1:b;\n;ARGEND:b\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), FILE_NAME ":8:1: warning: printf id 0 is also declared at line 5 "
	                       "with another format\n");
}

/* ---- data segments -------------------------------------------------------- */

static const char data_program[] =
	"il_cs_2_0\n"
	"dcl_cb cb0[15]\n"
	";$$$$$$$$$$\n"
	"endmain\n"
	"func 1024 ; __OpenCL_k_kernel\n"
	";#DATASTART:2:64\n"
	";#i8:0:4:0:1:7f:ff\n"
	";#i16:4:2:8000:0\n"
	";#i32:8:2:DEADBEEF:00000001\n"
	";#DATAEND:2\n"
	"ret\n"
	"endfunc ; __OpenCL_k_kernel\n"
	";ARGSTART:__OpenCL_k_kernel\n"
	";uniqueid:1024\n"
	";memory:datareqd\n"
	";ARGEND:__OpenCL_k_kernel\n"
	";#DATASTART:96\n"
	";#i64:0:2:123456789abcdef0:0\n"
	";#float:16:4:3f800000:BF800000:0:7FC00000\n"
	";#double:32:2:400921fb54442d18:0\n"
	";#half:48:2:3c00:0000\n"
	";#u32:52:1:2a\n"
	";#struct:56:8:1:0:0:0:2:0:0:0\n"
	";#v3i32:64:8:1:2:3:0:4:5:6:0\n"
	";#DATAEND\n"
	";#DATASTART:3:16\n"
	";#i32:0:4 <uninitalized constant>\n"
	";#DATAEND:3\n"
	";#DATASTART:16\n"
	";#i32:0:4:0:1:2:3\n"
	";#DATAEND:0\n"
	"end\n";

static void test_data_segments_regenerate(void)
{
	Program *p = md_parse(data_program);
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(p->segs.n, 4);
	CU_ASSERT_EQUAL(regenerates(p), 5);
}

static void test_data_segments_typed(void)
{
	Program *p = md_parse(data_program);
	const DataSeg *s;
	const DataItem *it;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL_FATAL(p->segs.n, 4);
	s = &p->segs.v[0];
	CU_ASSERT_EQUAL(s->cbid, 2);
	CU_ASSERT_EQUAL(s->size, 64);
	CU_ASSERT_EQUAL(s->end_id, 2);
	CU_ASSERT_EQUAL(s->loc.line, 6);
	CU_ASSERT_EQUAL(s->end_loc.line, 10);
	CU_ASSERT_EQUAL_FATAL(s->items.n, 3);
	it = &s->items.v[0];
	CU_ASSERT_EQUAL(it->type, DT_I8);
	CU_ASSERT_EQUAL(it->count, 4);
	CU_ASSERT_EQUAL(it->values[2], 0x7f);
	CU_ASSERT_EQUAL(it->values[3], 0xff);
	CU_ASSERT_EQUAL(s->items.v[1].values[0], 0x8000);
	CU_ASSERT_EQUAL(s->items.v[2].values[0], 0xDEADBEEF);
	CU_ASSERT_EQUAL(s->items.v[2].offset, 8);
	s = &p->segs.v[1];
	CU_ASSERT_EQUAL(s->cbid, -1);
	CU_ASSERT_EQUAL(s->end_id, -1);
	CU_ASSERT_EQUAL_FATAL(s->items.n, 7);
	CU_ASSERT_EQUAL(s->items.v[0].values[0], 0x123456789abcdef0ULL);
	CU_ASSERT_EQUAL(s->items.v[1].type, DT_FLOAT);
	CU_ASSERT_EQUAL(s->items.v[1].values[1], 0xBF800000);
	CU_ASSERT_EQUAL(s->items.v[2].values[0], 0x400921fb54442d18ULL);
	CU_ASSERT_EQUAL(s->items.v[3].type, DT_HALF);
	CU_ASSERT_EQUAL(s->items.v[4].values[0], 42);
	CU_ASSERT_EQUAL(s->items.v[5].type, DT_STRUCT);
	CU_ASSERT_EQUAL(md_data_type_size(DT_STRUCT), 1);
	CU_ASSERT_EQUAL(s->items.v[6].vec, 3);
	CU_ASSERT_EQUAL(s->items.v[6].type, DT_I32);
	CU_ASSERT_TRUE(p->segs.v[2].items.v[0].uninit);
	CU_ASSERT_EQUAL(p->segs.v[2].items.v[0].count, 4);
	CU_ASSERT_EQUAL(p->segs.v[3].cbid, -1);
	CU_ASSERT_EQUAL(p->segs.v[3].end_id, 0);
	CU_ASSERT_TRUE(p->blocks.v[0]->datareqd);
}

static void test_data_malformed(void)
{
	static const struct { const char *text, *diag; } bad[] = {
		{";#DATASTART:16\n;#i32:0:4:0:1:2\n;#DATAEND\n",
		 ":5:9: error: data item declares 4 values but lists 3"},
		{";#DATASTART:16\n;#i32:8:4:0:1:2:3\n;#DATAEND\n",
		 ":5:7: error: data item ends at byte 24, past the segment size 16"},
		{";#DATASTART:16\n;#i8:0:1:100\n;#DATAEND\n",
		 ":5:10: error: data value '100' does not fit in i8"},
		{";#DATASTART:16\n;#float:0:1:0x3f800000\n;#DATAEND\n",
		 ":5:13: error: data value '0x3f800000' is not a hex number"},
		{";#DATASTART:16\n;#i24:0:1:0\n;#DATAEND\n",
		 ":5:3: error: unknown data type 'i24'"},
		{";#DATASTART:16\n;#i32:0:1:0\n",
		 ":4:1: error: ';#DATASTART' is never closed by ';#DATAEND'"},
		{";#DATAEND\n",
		 ":4:1: error: ';#DATAEND' without ';#DATASTART'"},
		{";#DATASTART:2:16\n;#DATAEND:3\n",
		 ":5:11: error: ';#DATAEND:3' closes the data segment of cb2"},
		{";#DATASTART:16\n;#DATAEND:1\n",
		 ":5:11: error: ';#DATAEND:1' closes the global data segment"},
		{";#i32:0:1:0\n",
		 ":4:1: error: data item outside a ';#DATASTART' segment"},
		{";#DATASTART:16\n;#i32:0:1:0\n; comment\n;#DATAEND\n",
		 ":6:1: error: ';#DATASTART' at line 4 is not closed before this line"},
		{";#DATASTART:16\n;#DATASTART:16\n;#DATAEND\n",
		 ":5:1: error: ';#DATASTART' inside the data segment opened at line 4"},
		{";#DATASTART:1:2:3\n;#DATAEND\n",
		 ":4:1: error: ';#DATASTART' takes 1 to 2 fields, found 3"},
		{";ARGSTART:k\n;#DATASTART:16\n;#DATAEND\n;ARGEND:k\n",
		 ":5:1: error: ';#DATASTART' inside the metadata block of 'k'"},
	};
	size_t i;
	for (i = 0; i < NELEM(bad); i++) {
		char *t = xasprintf("il_cs_2_0\nendmain\nend\n%s", bad[i].text);
		char *want = xasprintf(FILE_NAME "%s", bad[i].diag);
		CU_ASSERT_PTR_NULL(md_parse(t));
		CU_ASSERT_STRING_EQUAL(first_diag(), want);
		free(want);
		free(t);
	}
}

static void test_duplicate_uniqueid(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n"
	                      ";ARGSTART:a\n;uniqueid:1024\n;ARGEND:a\n"
	                      ";ARGSTART:b\n;uniqueid:1024\n;ARGEND:b\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":8:1: error: duplicate ';uniqueid:1024' (first used "
	                       "at line 5, in the block of 'a')");
}

static void test_hash_comments_outside_segments_are_free(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\nend\n;#include this\n;# note\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(p->segs.n, 0);
}

/* ---- shape diagnostics ---------------------------------------------------- */

static void test_token_shapes(void)
{
	static const struct { const char *line, *diag; } bad[] = {
		{";image:img:2D:RO:0:1\n", ":9:1: error: ';image' takes 6 fields, found 5"},
		{";image:img:4D:RO:0:1:0\n", ":9:12: error: ';image' field 2 must be 1D, 1DA, 1DB, 2D, 2DA or 3D, found '4D'"},
		{";image:img:2D:XO:0:1:0\n", ":9:15: error: ';image' field 3 must be RO, WO or RW, found 'XO'"},
		{";counter:c:16:0:1:0\n", ":9:12: error: ';counter' field 2 must be 32 or 64, found '16'"},
		{";counter:c:32:0:1\n", ":9:1: error: ';counter' takes 5 fields, found 4"},
		{";sema:s:1:1\n", ":9:1: error: ';sema' takes 4 fields, found 3"},
		{";sampler:s:0:2:0\n", ":9:14: error: ';sampler' field 3 must be 0 or 1, found '2'"},
		{";sampler:s:0:0\n", ":9:1: error: ';sampler' takes 4 fields, found 3"},
		{";sampler:s:0:0:0\n", ":9:1: error: ';sampler' names 's', which is no argument of '__OpenCL_k_kernel'"},
		{";pointer:p:i32:1:1:0:uav:12:4\n;sampler:p:0:0:0\n",
		 ":10:1: error: ';sampler' names 'p', a pointer argument, not a by-value one"},
		{";memory:private\n", ":9:1: error: ';memory' takes 2 fields, found 1"},
		{";memory:datareqd:1\n", ":9:1: error: ';memory' takes 1 field, found 2"},
		{";memory:local:-4\n", ":9:15: error: ';memory' field 2 is out of range: -4"},
		{";cws:64:1\n", ":9:1: error: ';cws' takes 3 fields, found 2"},
		{";limitgroupsize:1\n", ":9:1: error: ';limitgroupsize' takes 0 fields, found 1"},
		{";version:3:1:111\n;pointer:p:i32:1:1:0:uav:12:4\n",
		 ":10:1: error: ';pointer' takes 11 or 12 fields in metadata 3:1:111, found 8"},
		{";version:2:0:74\n;pointer:p:i32:1:1:0:uav:12:4:RW:0:0:0\n",
		 ":10:1: error: ';pointer' takes 8, 9 or 11 fields in metadata 2:0:74, found 12"},
		{";version:1:4:0\n;pointer:p:i32:1:1:0:uav:12:4:RW:0:0\n",
		 ":10:1: error: ';pointer' takes 8 or 9 fields in metadata 1:4:0, found 11"},
		{";constarg:x:p\n", ":9:11: error: ';constarg' field 1 must be a number, found 'x'"},
		{";reflection:0\n", ":9:1: error: ';reflection' takes at least 2 fields, found 1"},
		{";error\n", ":9:1: error: ';error' takes at least 1 field, found 0"},
		{";constarg:3:p\n", ":9:11: error: ';constarg' names argument 3, but '__OpenCL_k_kernel' has 0 arguments"},
		{";value:n:int:1:1:0\n", ":9:10: error: unknown ';value' type 'int'"},
		{";pointer:p:i32:1:1:0:gx:12:4\n", ":9:22: error: ';pointer' field 6 must be g, p, l, uav, c, r, hl, "
		 "hp, hc, hr, up, uc or flat, found 'gx'"},
		{";uavid:0x10\n", ":9:8: error: ';uavid' field 1 must be a number, found '0x10'"},
	};
	size_t i;
	for (i = 0; i < NELEM(bad); i++) {
		char *want = xasprintf(FILE_NAME "%s", bad[i].diag);
		CU_ASSERT_PTR_NULL(md_block_text(bad[i].line));
		CU_ASSERT_STRING_EQUAL(first_diag(), want);
		free(want);
	}
}

static void test_warnings_keep_going(void)
{
	static const struct { const char *line, *diag; } warn[] = {
		{";version:4:0:0\n", ":9:1: warning: metadata version 4:0:0 is not one this reader knows; "
		 "';pointer' lines are checked against every generation"},
		{";pointer:p:i32:1:1:0:uav:12:4\n;constarg:0:q\n",
		 ":10:11: warning: ';constarg' names 'q', but argument 0 is 'p'"},
		{";device:a\n;device:b\n", ":10:1: warning: repeated ';device' kept but ignored; the first one holds"},
	};
	size_t i;
	for (i = 0; i < NELEM(warn); i++) {
		char *want = xasprintf(FILE_NAME "%s", warn[i].diag);
		Program *p = md_block_text(warn[i].line);
		CU_ASSERT_PTR_NOT_NULL_FATAL(p);
		CU_ASSERT_STRING_EQUAL(first_diag(), want);
		CU_ASSERT_EQUAL(regenerates(p), 1);
		free(want);
	}
	CU_ASSERT_STRING_EQUAL(prog->blocks.v[0]->device, "a");
}

static void test_non_canonical_spelling_prints_as_written(void)
{
	static const char text[] =
		"il_cs_2_0\nendmain\nend\n"
		";ARGSTART:k \n"
		";uniqueid:01025\n"
		";cws:64:1:1\t\n"
		";function:1:1026\n"
		";ARGEND:k\n"
		";#DATASTART:016\n"
		";#float:0:2:3F800000:bf800000\n"
		";#i32:8:1:aBc\n"
		";#DATAEND \n";
	Program *p = md_parse(text);
	Buf b = {0};
	char *want;
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_FALSE(all_canonical(p));
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->name, "k");
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->start_text, "ARGSTART:k ");
	CU_ASSERT_PTR_NULL(p->blocks.v[0]->end_text);
	CU_ASSERT_EQUAL(p->blocks.v[0]->uniqueid, 1025);
	CU_ASSERT_STRING_EQUAL(p->blocks.v[0]->lines.v[0].text, "uniqueid:01025");
	CU_ASSERT_EQUAL(p->blocks.v[0]->cws[0], 64);
	CU_ASSERT_PTR_NOT_NULL(p->blocks.v[0]->lines.v[1].text);
	CU_ASSERT_PTR_NULL(p->blocks.v[0]->lines.v[2].text);
	CU_ASSERT_EQUAL(p->segs.v[0].size, 16);
	CU_ASSERT_PTR_NULL(p->segs.v[0].items.v[0].text);
	CU_ASSERT_EQUAL(p->segs.v[0].items.v[1].values[0], 0xabc);
	CU_ASSERT_PTR_NOT_NULL(p->segs.v[0].items.v[1].text);
	md_print_block(&b, p->blocks.v[0]);
	md_print_data(&b, &p->segs.v[0]);
	want = written(p->m, 0, p->m->comments.n);
	CU_ASSERT_STRING_EQUAL(b.s, want);
	free(want);
	buf_free(&b);
}

/* ---- the whole program ---------------------------------------------------- */

static void test_print_program_fixed_point(void)
{
	Buf a = {0}, b = {0};
	char *t;
	CU_ASSERT_PTR_NOT_NULL_FATAL(md_parse(data_program));
	md_print_program(&a, prog);
	CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(a.s, ";#DATASTART:2:64\n;#i8:0:4:0:1:7f:ff\n"));
	CU_ASSERT_PTR_NOT_NULL_FATAL(strstr(a.s, ";ARGSTART:__OpenCL_k_kernel\n;uniqueid:1024\n"));
	t = xstrdup(a.s);
	CU_ASSERT_PTR_NOT_NULL_FATAL(md_parse(t));
	md_print_program(&b, prog);
	CU_ASSERT_STRING_EQUAL(a.s, b.s);
	free(t);
	buf_free(&a);
	buf_free(&b);
}

/* ---- mcall targets -------------------------------------------------------- */

static Program *mcall_text(const char *target, const char *intrinsic)
{
	char *t = xasprintf("mdef(16383)_out(1)_in(2)\nmov out0, in0\nmend\n"
	                    "il_cs_2_0\nendmain\n"
	                    "func 1024 ; __OpenCL_k_kernel\ncall 1025 ; k\nret\nendfunc\n"
	                    ";ARGSTART:__OpenCL_k_kernel\n;uniqueid:1024\n;function:1:1025\n"
	                    ";ARGEND:__OpenCL_k_kernel\n"
	                    "func 1025 ; k\n\tmcall(%s) (r67.x), (r66.x)\nret\nendfunc\n"
	                    ";ARGSTART:k\n;uniqueid:1025\n%s;ARGEND:k\nend\n", target, intrinsic);
	Program *p = md_parse(t);
	free(t);
	return p;
}

static void test_mcall_targets(void)
{
	Program *p = mcall_text("16383", "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), 0);
	p = mcall_text("200", ";intrinsic:1:200\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), 0);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	p = mcall_text("999", ";intrinsic:1:200\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":15:2: error: mcall to undefined macro 999 (not "
	                       "defined in the file and not listed in ';intrinsic')");
}

int add_metadata_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"block header fields", test_block_header_fields},
		{"memory lines", test_memory_lines},
		{"memory flags", test_memory_flags},
		{"pointer with 11 fields", test_pointer_11_fields},
		{"pointer with 8 fields", test_pointer_8_fields},
		{"pointer with 12 fields", test_pointer_12_fields},
		{"pointer with bad access", test_pointer_bad_access},
		{"value scalars", test_value_scalars},
		{"value sizes", test_value_sizes},
		{"value char3 has the size of char4", test_value_char3_has_size_of_char4},
		{"constarg sets is_const", test_constarg_sets_is_const},
		{"function and intrinsic lists", test_function_list},
		{"uavid printfid cbid privateid", test_resource_ids},
		{"reflections", test_reflections},
		{"kernel found by __OpenCL_k_kernel", test_kernel_found_by_name},
		{"kernel name edge cases", test_kernel_names_edge_cases},
		{"wrong field count: version", test_wrong_field_count_version},
		{"wrong field count: pointer 7", test_wrong_field_count_pointer},
		{"wrong field count: pointer 10", test_wrong_field_count_pointer_10},
		{"wrong field count: value", test_wrong_field_count_value},
		{"wrong field count: uavid", test_wrong_field_count_uavid},
		{"field not a number", test_field_not_a_number},
		{"function count mismatch", test_function_count_mismatch},
		{"ARGEND name mismatch", test_argend_name_mismatch},
		{"ARGSTART never closed", test_argstart_never_closed},
		{"ARGEND without ARGSTART", test_argend_without_argstart},
		{"nested ARGSTART", test_nested_argstart},
		{"unknown token only warns", test_unknown_token_only_warns},
		{"unknown memory kind only warns", test_unknown_memory_kind_only_warns},
		{"comments outside blocks ignored", test_comments_outside_blocks_ignored},
		{"md_link closure", test_link_closure},
		{"md_link twice", test_link_twice_same_closure},
		{"md_link call to undefined function", test_link_call_to_undefined},
		{"md_link without uniqueid", test_link_without_uniqueid},
		{"md_link uniqueid without func", test_link_uniqueid_without_func},
		{"md_link ;function names undefined id", test_link_function_list_names_undefined},
		{"md_link mcall targets", test_mcall_targets},
		{"every test program regenerates", test_regenerate_every_test_program},
		{"every token regenerates", test_every_token_regenerates},
		{"every token typed", test_every_token_typed},
		{"image counter sema sampler arguments", test_image_counter_sema_sampler_args},
		{"generation 1:4", test_generation_1_4},
		{"generation 2:0", test_generation_2_0},
		{"generation 3:1", test_generation_3_1},
		{"printf regenerates", test_printf_regenerates},
		{"printf typed", test_printf_typed},
		{"printf literal backslash", test_printf_literal_backslash},
		{"printf runtime escapes", test_printf_escapes_of_the_runtime},
		{"printf malformed", test_printf_malformed},
		{"printf id reused", test_printf_id_reused},
		{"data segments regenerate", test_data_segments_regenerate},
		{"data segments typed", test_data_segments_typed},
		{"data segments malformed", test_data_malformed},
		{"# comments outside segments", test_hash_comments_outside_segments_are_free},
		{"duplicate uniqueid", test_duplicate_uniqueid},
		{"token shapes", test_token_shapes},
		{"warnings keep going", test_warnings_keep_going},
		{"non-canonical spelling prints as written", test_non_canonical_spelling_prints_as_written},
		{"whole program prints to a fixed point", test_print_program_fixed_point},
	};
	CU_pSuite s = CU_add_suite("metadata", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
