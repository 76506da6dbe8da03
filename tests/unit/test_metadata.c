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
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:1: error: ';pointer' access must be RO, WO or RW, found 'XX'");
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
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":9:1: error: ';value' field 3 must be a number, found 'one'");
}

static void test_function_count_mismatch(void)
{
	Program *p = md_block_text(";function:2:1025\n");
	CU_ASSERT_PTR_NULL(p);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":9:1: error: ';function' count 2 does not match the 1 ids that follow");
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
	Program *p = md_block_text(";memory:gws\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), FILE_NAME ":9:1: warning: unknown memory kind ';memory:gws' ignored\n");
	CU_ASSERT_EQUAL(diag_errors(), before);
}

static void test_comments_outside_blocks_ignored(void)
{
	Program *p = md_parse("; value:a:float:1:1\n;version:1\nil_cs_2_0\nendmain\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_EQUAL(p->blocks.n, 0);
	CU_ASSERT_EQUAL(p->kernels.n, 0);
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

static void test_link_call_to_undefined(void)
{
	Program *p = md_parse("il_cs_2_0\nendmain\n"
	                      "func 1024 ; __OpenCL_k_kernel\ncall 1025\nret\nendfunc\n"
	                      ";ARGSTART:__OpenCL_k_kernel\n;uniqueid:1024\n;ARGEND:__OpenCL_k_kernel\n"
	                      "func 1025 ; k\n\tcall 1099 ; missing\nret\nendfunc\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
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
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":6:1: error: kernel 'k': no 'func 1040' for its ;uniqueid");
}

static void test_link_function_list_names_undefined(void)
{
	Program *p = md_block_text(";function:2:1025:1077\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(p);
	CU_ASSERT_EQUAL(md_link(p, p->kernels.v[0]), -1);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME
	                       ":7:1: error: ';function' of '__OpenCL_k_kernel' names 1077, which is not defined");
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
