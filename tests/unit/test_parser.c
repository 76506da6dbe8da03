/* test_parser.c - CUnit tests for src/ilparse/parser.y, parse.c and il.c:
 * module structure, swizzles, write masks and il_check() diagnostics.
 *
 * add_parser_suite() registers the suite "parser".  Diagnostics are captured
 * in memory (no source lines) and compared as exact lines.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "ilparse/il.h"
#include "testutil.h"

#define FILE_NAME "parse.il"

static char *src;     /* text of the last parse (diag_source keeps a pointer) */






static Module *parse(const char *text)
{
	capture_reset();
	free(src);
	src = xstrdup(text);
	return il_parse(FILE_NAME, src, strlen(src));
}

/* body on line 2 of a module with an empty function list */
static Module *parse_main(const char *body)
{
	char *t = xasprintf("il_cs_2_0\n%sendmain\nend\n", body);
	Module *m = parse(t);
	free(t);
	return m;
}

/* body on line 4, inside func 1024 */
static Module *parse_func(const char *body)
{
	char *t = xasprintf("il_cs_2_0\nendmain\nfunc 1024\n%sendfunc\nend\n", body);
	Module *m = parse(t);
	free(t);
	return m;
}

static int suite_init(void)
{
	return capture_start();
}

static int suite_clean(void)
{
	diag_source(FILE_NAME, "", 0);
	capture_stop();
	free(src);
	src = NULL;
	return 0;
}

static const char module_text[] =
	"; leading comment\n"
	"mdef(16383)_out(1)_in(2)\n"
	"mov r0, in0\n"
	"mov r1, in1\n"
	"udiv r0, r0, r1\n"
	"mov out0, r0\n"
	"mend\n"
	"il_cs_2_0\n"
	"dcl_cb cb0[15] ; Constant buffer that holds ABI data\n"
	";$$$$$$$$$$\n"
	"endmain\n"
	"func 1024 ; __OpenCL_k_kernel\n"
	"mov r1.x___, cb1[0].x\n"
	"call 1025 ; k\n"
	"ret\n"
	"endfunc ; __OpenCL_k_kernel\n"
	"func 1025 ; k                      ; @k\n"
	"mcall(16383) (r65.x), (r1.x, r1.y)\n"
	"ret_dyn\n"
	"ret\n"
	"endfunc ; k\n"
	"mdef(1026)_out(1)_in(2)_outline ; helper\n"
	"mov out0, in1\n"
	"mend ; helper\n"
	"mdef(300)_out(2)_in(0)\n"
	"mov out1, l0\n"
	"mend\n"
	"end\n";

static void test_module_header_and_main(void)
{
	Module *m = parse(module_text);
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_STRING_EQUAL(m->file, FILE_NAME);
	CU_ASSERT_STRING_EQUAL(m->header, "il_cs_2_0");
	CU_ASSERT_EQUAL(m->header_loc.line, 8);
	CU_ASSERT_EQUAL(m->header_loc.col, 1);
	CU_ASSERT_EQUAL(m->main.id, -1);
	CU_ASSERT_FALSE(m->main.is_macro);
	CU_ASSERT_EQUAL(m->main.loc.line, 8);
	CU_ASSERT_EQUAL(m->main.end_loc.line, 11);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 2);
	CU_ASSERT_EQUAL(m->main.code.v[0].op, OP_DCL_CB);
	CU_ASSERT_EQUAL(m->main.code.v[1].op, OP_PSEUDO_CALL);
	il_free(m);
}

static void test_functions_ids_and_names(void)
{
	Module *m = parse(module_text);
	Func *w, *b;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 3);
	w = m->funcs.v[0];
	b = m->funcs.v[1];
	CU_ASSERT_EQUAL(w->id, 1024);
	CU_ASSERT_STRING_EQUAL(w->name, "__OpenCL_k_kernel");
	CU_ASSERT_FALSE(w->is_macro);
	CU_ASSERT_EQUAL(w->loc.line, 12);
	CU_ASSERT_EQUAL(w->end_loc.line, 16);
	CU_ASSERT_EQUAL_FATAL(w->code.n, 3);
	CU_ASSERT_EQUAL(w->code.v[1].op, OP_CALL);
	CU_ASSERT_EQUAL(w->code.v[1].ops[0].file, RF_NUMBER);
	CU_ASSERT_EQUAL(w->code.v[1].ops[0].num, 1025);
	CU_ASSERT_EQUAL(w->code.v[2].op, OP_RET);
	CU_ASSERT_EQUAL(b->id, 1025);
	CU_ASSERT_STRING_EQUAL(b->name, "k");
	CU_ASSERT_EQUAL(b->code.n, 3);
	CU_ASSERT_PTR_EQUAL(il_func(m, 1024), w);
	CU_ASSERT_PTR_EQUAL(il_func(m, 1025), b);
	CU_ASSERT_PTR_NULL(il_func(m, 1027));
	il_free(m);
}

static void test_function_without_name(void)
{
	Module *m = parse("il_cs_2_0\nendmain\nfunc 1030\nret\nendfunc\nend\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 1);
	CU_ASSERT_PTR_NULL(m->funcs.v[0]->name);
	il_free(m);
}

/* brcc's functions: "func N" ... "ret" with no "endfunc", each ending where
 * the next func, mdef or "end" begins (issue 14). */
static void test_function_without_endfunc(void)
{
	Module *m = parse("il_ps_2_0\ncall 1\nendmain\nfunc 1\nmov r0, r1\ncall 2\nret\n"
	                  "func 2 ; g\nmov r2, r0\nret\nfunc 3\nret\nendfunc\nend\n");
	Func *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 3);
	f = m->funcs.v[0];
	CU_ASSERT_EQUAL(f->id, 1);
	CU_ASSERT_TRUE(f->open_end);
	CU_ASSERT_EQUAL_FATAL(f->code.n, 3);
	CU_ASSERT_EQUAL(f->code.v[2].op, OP_RET);
	CU_ASSERT_EQUAL(f->end_loc.line, 7);
	f = m->funcs.v[1];
	CU_ASSERT_EQUAL(f->id, 2);
	CU_ASSERT_STRING_EQUAL(f->name, "g");
	CU_ASSERT_TRUE(f->open_end);
	CU_ASSERT_EQUAL(f->code.n, 2);
	f = m->funcs.v[2];
	CU_ASSERT_FALSE(f->open_end);
	CU_ASSERT_EQUAL(f->end_loc.line, 13);
	il_free(m);
	/* without the final ret it is a function left open */
	CU_ASSERT_PTR_NULL(parse("il_ps_2_0\nendmain\nfunc 1\nmov r0, r1\nfunc 2\nret\nend\n"));
}

static void test_macro_before_header(void)
{
	Module *m = parse(module_text);
	Func *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->macros.n, 2);
	f = m->macros.v[0];
	CU_ASSERT_EQUAL(f->id, 16383);
	CU_ASSERT_TRUE(f->is_macro);
	CU_ASSERT_FALSE(f->outline);
	CU_ASSERT_EQUAL(f->nout, 1);
	CU_ASSERT_EQUAL(f->nin, 2);
	CU_ASSERT_PTR_NULL(f->name);
	CU_ASSERT_EQUAL(f->loc.line, 2);
	CU_ASSERT_EQUAL(f->end_loc.line, 7);
	CU_ASSERT_EQUAL_FATAL(f->code.n, 4);
	CU_ASSERT_EQUAL(f->code.v[0].ops[1].file, RF_IN);
	CU_ASSERT_EQUAL(f->code.v[0].ops[1].num, 0);
	CU_ASSERT_EQUAL(f->code.v[1].ops[1].num, 1);
	CU_ASSERT_EQUAL(f->code.v[3].ops[0].file, RF_OUT);
	CU_ASSERT_EQUAL(f->code.v[3].ops[0].num, 0);
	CU_ASSERT_PTR_NULL(il_func(m, 16383));
	il_free(m);
}

static void test_macro_after_endmain(void)
{
	Module *m = parse(module_text);
	Func *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->macros.n, 2);
	f = m->macros.v[1];
	CU_ASSERT_EQUAL(f->id, 300);
	CU_ASSERT_EQUAL(f->nout, 2);
	CU_ASSERT_EQUAL(f->nin, 0);
	CU_ASSERT_EQUAL(f->code.v[0].ops[0].file, RF_OUT);
	CU_ASSERT_EQUAL(f->code.v[0].ops[0].num, 1);
	il_free(m);
}

static void test_outlined_macro_is_a_function(void)
{
	Module *m = parse(module_text);
	Func *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 3);
	f = m->funcs.v[2];
	CU_ASSERT_EQUAL(f->id, 1026);
	CU_ASSERT_TRUE(f->is_macro);
	CU_ASSERT_TRUE(f->outline);
	CU_ASSERT_EQUAL(f->nout, 1);
	CU_ASSERT_EQUAL(f->nin, 2);
	CU_ASSERT_STRING_EQUAL(f->name, "helper");
	CU_ASSERT_EQUAL(f->loc.line, 22);
	CU_ASSERT_EQUAL(f->end_loc.line, 24);
	CU_ASSERT_PTR_EQUAL(il_func(m, 1026), f);
	il_free(m);
}

static void test_mcall_operand_groups(void)
{
	Module *m = parse(module_text);
	const Inst *in;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	in = &m->funcs.v[1]->code.v[0];
	CU_ASSERT_EQUAL(in->op, OP_MCALL);
	CU_ASSERT_STRING_EQUAL(in->arg, "16383");
	CU_ASSERT_EQUAL_FATAL(in->nops, 2);
	CU_ASSERT_EQUAL(in->ops[0].file, RF_GROUP);
	CU_ASSERT_EQUAL_FATAL(in->ops[0].ngroup, 1);
	CU_ASSERT_EQUAL(in->ops[0].group[0].file, RF_TEMP);
	CU_ASSERT_EQUAL(in->ops[0].group[0].num, 65);
	CU_ASSERT_EQUAL(in->ops[1].file, RF_GROUP);
	CU_ASSERT_EQUAL_FATAL(in->ops[1].ngroup, 2);
	CU_ASSERT_EQUAL(in->ops[1].group[1].num, 1);
	CU_ASSERT_STRING_EQUAL(in->ops[1].group[1].comps, "y");
	il_free(m);
}

static void test_macro_and_function_ids_separate(void)
{
	Module *m = parse("mdef(1024)_out(1)_in(1)\nmov out0, in0\nmend\n"
	                  "il_cs_2_0\nendmain\nfunc 1024\nret\nendfunc\nend\n");
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL(m);
	il_free(m);
}

/* AMD's macro library: every built-in text parses as a macro of the
 * database's parameter counts; the program's own mdef wins over it */
static void test_library_macros(void)
{
	Module *m = parse("mdef(8)_out(1)_in(3)\nmov out0, in2\nmend\nil_cs_2_0\nendmain\nend\n");
	const Func *f;
	long long id;
	int n = 0;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_PTR_EQUAL(il_macro(m, 8), m->macros.v[0]);
	f = il_macro(m, 9);
	CU_ASSERT_PTR_NOT_NULL_FATAL(f);
	CU_ASSERT_STRING_EQUAL(f->loc.file, "AMD library macro 9");
	CU_ASSERT_PTR_EQUAL(il_macro(m, 9), f); /* parsed once */
	CU_ASSERT(f->nout == 1 && f->nin == 3);
	CU_ASSERT_PTR_NULL(il_macro(m, 256)); /* __lgamma_f32: no built-in text */
	CU_ASSERT_PTR_NULL(il_macro(m, 514));
	CU_ASSERT_PTR_NULL(il_macro(m, -1));
	CU_ASSERT_EQUAL(il_libmacro_count(), 514);
	CU_ASSERT_STRING_EQUAL(il_libmacro_name(0), "barrier");
	CU_ASSERT_STRING_EQUAL(il_libmacro_name(195), "__ddiv_f64_fma");
	CU_ASSERT_STRING_EQUAL(il_libmacro_name(213), "__fast_distance_f32");
	CU_ASSERT_STRING_EQUAL(il_libmacro_name(513), "__usub_sat_u8");
	CU_ASSERT_PTR_NULL(il_libmacro_name(514));
	for (id = 0; id < il_libmacro_count(); id++) {
		if (!il_libmacro_builtin(id))
			continue;
		n++;
		f = il_macro(m, id);
		CU_ASSERT_PTR_NOT_NULL_FATAL(f);
		CU_ASSERT_EQUAL(f->id, id);
		CU_ASSERT(f->code.n > 0);
	}
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT(n >= 100);
	f = il_macro(m, 195);
	CU_ASSERT(f && f->nout == 1 && f->nin == 2);
	f = il_macro(m, 0);
	CU_ASSERT(f && f->nout == 1 && f->nin == 1);
	il_free(m);
}

static void test_comment_on_line(void)
{
	Module *m = parse(module_text);
	const Comment *c;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	c = il_comment_on_line(m, FILE_NAME, 9);
	CU_ASSERT_PTR_NOT_NULL_FATAL(c);
	CU_ASSERT_STRING_EQUAL(c->text, " Constant buffer that holds ABI data");
	CU_ASSERT_EQUAL(c->loc.col, 16);
	CU_ASSERT_PTR_NULL(il_comment_on_line(m, FILE_NAME, 8));
	CU_ASSERT_PTR_NOT_NULL(il_comment_on_line(m, FILE_NAME, 1));
	CU_ASSERT_PTR_NULL(il_comment_on_line(m, FILE_NAME, 28));
	il_free(m);
}

static void test_mod_int(void)
{
	Mod none = {.name = "cached"}, hex = {.name = "id", .arg = "0x10"};
	Mod word = {.name = "zeroop", .arg = "infinity"};
	Mod list[] = {{.name = "id", .arg = "12"}, {.name = "cached"}};
	CU_ASSERT_EQUAL(il_mod_int(NULL, -7), -7);
	CU_ASSERT_EQUAL(il_mod_int(&none, -7), -7);
	CU_ASSERT_EQUAL(il_mod_int(&hex, -7), 16);
	CU_ASSERT_EQUAL(il_mod_int(&word, -7), -7);
	CU_ASSERT_PTR_EQUAL(il_mod(list, 2, "cached"), &list[1]);
	CU_ASSERT_PTR_NULL(il_mod(list, 2, "sat"));
}

static void test_special_names(void)
{
	CU_ASSERT_STRING_EQUAL(il_special_name(SR_TID_IN_GRP), "vTidInGrp");
	CU_ASSERT_STRING_EQUAL(il_special_name(SR_THREAD_GRP_ID), "vThreadGrpId");
	CU_ASSERT_STRING_EQUAL(il_special_name(SR_ABS_TID_FLAT), "vAbsTidFlat");
	CU_ASSERT_STRING_EQUAL(il_special_name(SR_COUNT), "?");
}

static void test_opcode_table(void)
{
	CU_ASSERT_STRING_EQUAL(il_ops[OP_IADD].name, "iadd");
	CU_ASSERT_EQUAL(il_ops[OP_IADD].ndst, 1);
	CU_ASSERT_EQUAL(il_ops[OP_IADD].nsrc, 2);
	CU_ASSERT_EQUAL(il_ops[OP_IMAD].nsrc, 3);
	CU_ASSERT_EQUAL(il_ops[OP_IF_LOGICALNZ].kind, K_IF);
	CU_ASSERT_EQUAL(il_ops[OP_WHILELOOP].kind, K_LOOP);
	CU_ASSERT_EQUAL(il_ops[OP_ENDFUNC].kind, K_ENDFUNC);
	CU_ASSERT_EQUAL(il_ops[OP_PSEUDO_CALL].kind, K_CALL);
}

/* ---- il_swizzle ---------------------------------------------------------- */

static int swz(const char *comps, int sel[4])
{
	Operand o;
	memset(&o, 0, sizeof o);
	snprintf(o.comps, sizeof o.comps, "%s", comps);
	sel[0] = sel[1] = sel[2] = sel[3] = -9;
	return il_swizzle(&o, sel);
}

static int sel_is(const int sel[4], int a, int b, int c, int d)
{
	return sel[0] == a && sel[1] == b && sel[2] == c && sel[3] == d;
}

static void test_swizzle_absent_is_xyzw(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_X, SEL_Y, SEL_Z, SEL_W));
}

static void test_swizzle_one_selector_replicates(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("y", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_Y, SEL_Y, SEL_Y, SEL_Y));
	CU_ASSERT_EQUAL(swz("w", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_W, SEL_W, SEL_W, SEL_W));
}

static void test_swizzle_four_selectors(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("wzyx", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_W, SEL_Z, SEL_Y, SEL_X));
	CU_ASSERT_EQUAL(swz("xyxy", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_X, SEL_Y, SEL_X, SEL_Y));
}

static void test_swizzle_zero_and_one(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("0zyx", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_0, SEL_Z, SEL_Y, SEL_X));
	CU_ASSERT_EQUAL(swz("x0y1", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_X, SEL_0, SEL_Y, SEL_1));
	CU_ASSERT_EQUAL(swz("0", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_0, SEL_0, SEL_0, SEL_0));
	CU_ASSERT_EQUAL(swz("1", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_1, SEL_1, SEL_1, SEL_1));
}

static void test_swizzle_two_and_three_repeat_last(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("xy", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_X, SEL_Y, SEL_Y, SEL_Y));
	CU_ASSERT_EQUAL(swz("xyz", s), 0);
	CU_ASSERT_TRUE(sel_is(s, SEL_X, SEL_Y, SEL_Z, SEL_Z));
}

static void test_swizzle_malformed(void)
{
	int s[4];
	CU_ASSERT_EQUAL(swz("xyzwx", s), -1);
	CU_ASSERT_EQUAL(swz("q", s), -1);
	CU_ASSERT_EQUAL(swz("x_", s), -1);
	CU_ASSERT_EQUAL(swz("x___", s), -1);
	CU_ASSERT_EQUAL(swz("xyz2", s), -1);
}

/* ---- il_wmask ------------------------------------------------------------ */

static int wm(const char *comps, int m[4])
{
	Operand o;
	memset(&o, 0, sizeof o);
	snprintf(o.comps, sizeof o.comps, "%s", comps);
	m[0] = m[1] = m[2] = m[3] = -9;
	return il_wmask(&o, m);
}

#define S WM_SKIP
#define W WM_WRITE

static void test_wmask_absent_writes_all(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, W, W, W));
}

static void test_wmask_four_chars(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("x___", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, S, S, S));
	CU_ASSERT_EQUAL(wm("_y__", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, W, S, S));
	CU_ASSERT_EQUAL(wm("__zw", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, S, W, W));
	CU_ASSERT_EQUAL(wm("xyzw", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, W, W, W));
	CU_ASSERT_EQUAL(wm("____", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, S, S, S));
}

static void test_wmask_zero_and_one(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("xyz0", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, W, W, WM_ZERO));
	CU_ASSERT_EQUAL(wm("x0__", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, WM_ZERO, S, S));
	CU_ASSERT_EQUAL(wm("1__w", m), 0);
	CU_ASSERT_TRUE(sel_is(m, WM_ONE, S, S, W));
}

static void test_wmask_short_forms(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("x", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, S, S, S));
	CU_ASSERT_EQUAL(wm("w", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, S, S, W));
	CU_ASSERT_EQUAL(wm("xyz", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, W, W, S));
	CU_ASSERT_EQUAL(wm("xz", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, S, W, S));
	CU_ASSERT_EQUAL(wm("_y", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, W, S, S));
	CU_ASSERT_EQUAL(wm("__z", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, S, W, S));
}

/* CAL-era short masks with the constant selectors (brcc output: "mov r0.x0",
 * "flr r0.0y", issue 14): a 0 or 1 stands for the component of its
 * position, after every component already named. */
static void test_wmask_short_constants(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("x0", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, WM_ZERO, S, S));
	CU_ASSERT_EQUAL(wm("0y", m), 0);
	CU_ASSERT_TRUE(sel_is(m, WM_ZERO, W, S, S));
	CU_ASSERT_EQUAL(wm("01", m), 0);
	CU_ASSERT_TRUE(sel_is(m, WM_ZERO, WM_ONE, S, S));
	CU_ASSERT_EQUAL(wm("0", m), 0);
	CU_ASSERT_TRUE(sel_is(m, WM_ZERO, S, S, S));
	CU_ASSERT_EQUAL(wm("1", m), 0);
	CU_ASSERT_TRUE(sel_is(m, WM_ONE, S, S, S));
	CU_ASSERT_EQUAL(wm("_1", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, WM_ONE, S, S));
	CU_ASSERT_EQUAL(wm("x0z", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, WM_ZERO, W, S));
	CU_ASSERT_EQUAL(wm("x_1", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, S, WM_ONE, S));
	CU_ASSERT_EQUAL(wm("xy1", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, W, WM_ONE, S));
	/* a constant after a letter: the component after it (".y00" of a
	 * hand-written CAL correlator: y, then 0 into z and w) */
	CU_ASSERT_EQUAL(wm("y0", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, W, WM_ZERO, S));
	CU_ASSERT_EQUAL(wm("y00", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, W, WM_ZERO, WM_ZERO));
	CU_ASSERT_EQUAL(wm("xz1", m), 0);
	CU_ASSERT_TRUE(sel_is(m, W, S, W, WM_ONE));
	/* "_" after a letter is a placeholder ("z_w" writes z and w) */
	CU_ASSERT_EQUAL(wm("z_w", m), 0);
	CU_ASSERT_TRUE(sel_is(m, S, S, W, W));
	/* a letter at or before a component already named, a constant past w */
	CU_ASSERT_EQUAL(wm("0x", m), -1);
	CU_ASSERT_EQUAL(wm("yx", m), -1);
	CU_ASSERT_EQUAL(wm("w0", m), -1);
	CU_ASSERT_EQUAL(wm("z00", m), -1);
	CU_ASSERT_EQUAL(wm("2", m), -1);
	/* never a fifth component (make check's fuzz run found the write) */
	CU_ASSERT_EQUAL(wm("xyz00", m), -1);
	CU_ASSERT_EQUAL(wm("____0", m), -1);
	CU_ASSERT_EQUAL(wm("x_z_1", m), -1);
}

static void test_wmask_malformed(void)
{
	int m[4];
	CU_ASSERT_EQUAL(wm("y___", m), -1);
	CU_ASSERT_EQUAL(wm("xxzw", m), -1);
	CU_ASSERT_EQUAL(wm("q___", m), -1);
	CU_ASSERT_EQUAL(wm("yx", m), -1);
	CU_ASSERT_EQUAL(wm("xx", m), -1);
	CU_ASSERT_EQUAL(wm("_x", m), -1);
	CU_ASSERT_EQUAL(wm("xyzwx", m), -1);
}

#undef S
#undef W

/* ---- il_check ------------------------------------------------------------ */

static void test_if_without_endif(void)
{
	Module *m = parse_main("if_logicalnz r0.x\nmov r1, r2\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:1: error: 'if_logicalnz' is not closed before the end of main");
}

static void test_endif_without_if(void)
{
	Module *m = parse_main("mov r1, r2\n\tendif\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:2: error: 'endif' without a matching 'if'");
}

static void test_else_without_if(void)
{
	Module *m = parse_main("whileloop\nelse\nendloop\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:1: error: 'else' without a matching 'if'");
	CU_ASSERT_EQUAL(count_diags(), 1);
}

static void test_second_else(void)
{
	Module *m = parse_main("if_logicalz r0.x\nelse\nelse\nendif\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":4:1: error: second 'else' for the 'if_logicalz' at line 2");
}

static void test_endloop_without_whileloop(void)
{
	Module *m = parse_main("endloop\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:1: error: 'endloop' without a matching 'whileloop'");
}

static void test_endloop_closing_an_if(void)
{
	Module *m = parse_main("whileloop\nif_logicalnz r0.x\nendloop\nendif\nendloop\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":4:1: error: 'endloop' does not match the open 'if_logicalnz' at line 3");
}

static void test_break_outside_loop(void)
{
	Module *m = parse_main("if_logicalnz r0.x\nbreak\nendif\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:1: error: 'break' outside a loop or switch");
}

static void test_breakc_outside_loop(void)
{
	Module *m = parse_main("breakc_relop(eq) r0.x, r1.x\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:1: error: 'breakc' outside a loop or switch");
}

static void test_continue_inside_switch_only(void)
{
	Module *m = parse_main("switch r0.x\ncase 1\ncontinue\nendswitch\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":4:1: error: 'continue' outside a loop");
}

static void test_case_outside_switch(void)
{
	Module *m = parse_main("whileloop\ncase 2\nendloop\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:1: error: 'case' outside a 'switch'");
}

static void test_well_nested_control_flow(void)
{
	Module *m = parse_func("whileloop\n"
	                       "\tif_logicalnz r0.x\n"
	                       "\t\tbreak\n"
	                       "\telse\n"
	                       "\t\tcontinue_logicalz r1.x\n"
	                       "\tendif\n"
	                       "\tswitch r2.x\n"
	                       "\tcase 1\n"
	                       "\t\tbreak\n"
	                       "\tdefault\n"
	                       "\t\tbreak_logicalnz r3.x\n"
	                       "\tendswitch\n"
	                       "\tifc_relop(lt) r0.x, r1.x\n"
	                       "\t\tret_dyn\n"
	                       "\tendif\n"
	                       "endloop\n"
	                       "ret\n");
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->funcs.v[0]->code.n, 17);
	il_free(m);
}

static void test_unclosed_if_at_endfunc(void)
{
	Module *m = parse_func("mov r0, r1\n  if_logicalz r0.x\nmov r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":5:3: error: 'if_logicalz' is not closed before the end of the function");
}

static void test_unclosed_loop_at_mend(void)
{
	Module *m = parse("mdef(5)_out(1)_in(1)\nwhileloop\nmend\nil_cs_2_0\nendmain\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:1: error: 'whileloop' is not closed before the end of the macro");
}

static void test_ret_inside_if(void)
{
	Module *m = parse_func("if_logicalnz r0.x\nret\nendif\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME
	                       ":5:1: error: 'ret' inside an open 'if_logicalnz' (use 'ret_dyn' to return early)");
}

static void test_operand_count_too_few(void)
{
	Module *m = parse_main("iadd r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:1: error: 'iadd' takes 3 operands, found 2");
}

static void test_operand_count_too_many(void)
{
	Module *m = parse_main("  mov r0, r1, r2\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:3: error: 'mov' takes 2 operands, found 3");
}

static void test_operand_count_singular(void)
{
	Module *m = parse_main("if_logicalnz\nendif\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:1: error: 'if_logicalnz' takes 1 operand, found 0");
}

static void test_operand_count_unchecked(void)
{
	Module *m = parse_main("dcl_literal l0, 1, 2, 3, 4\nuav_add_id(11) mem0.x, r0.x, r1.x\n");
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL(m);
	il_free(m);
}

static void test_duplicate_function_id(void)
{
	Module *m = parse("il_cs_2_0\nendmain\nfunc 1024\nret\nendfunc\nfunc 1024\nret\nendfunc\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":6:1: error: duplicate function id 1024");
	CU_ASSERT_TRUE(has_diag(FILE_NAME ":3:1: note: first defined here"));
}

static void test_duplicate_macro_id(void)
{
	Module *m = parse("mdef(7)\nmend\nmdef(7)\nmend\nil_cs_2_0\nendmain\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:1: error: duplicate macro id 7");
	CU_ASSERT_TRUE(has_diag(FILE_NAME ":1:1: note: first defined here"));
}

static void test_mdef_without_id(void)
{
	Module *m = parse("mdef_out(1)\nmend\nil_cs_2_0\nendmain\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":1:1: error: 'mdef' needs an id: mdef(N)_out(k)_in(m)");
}

static void test_unknown_opcode(void)
{
	Module *m = parse_main("mov r0, r1\n  frobnicate r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:3: error: unknown opcode 'frobnicate'");
}

static void test_opcode_prefix_is_not_a_match(void)
{
	Module *m = parse_main("movx r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:1: error: unknown opcode 'movx'");
}

static void test_missing_end(void)
{
	Module *m = parse("il_cs_2_0\nmov r0, r1\nendmain\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":4:1: error: unexpected end of file: the program is not closed by 'end'");
}

static void test_missing_endfunc(void)
{
	Module *m = parse("il_cs_2_0\nendmain\nfunc 1024\nmov r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":5:1: error: unexpected end of file: 'func 1024' at line 3 is not closed by 'endfunc'");
}

static void test_missing_header(void)
{
	Module *m = parse("mov r0, r1\nendmain\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":1:1: error: expected the IL header (il_cs_2_0, il_ps_2_0 ...) before instruction");
}

static void test_func_needs_number(void)
{
	Module *m = parse("il_cs_2_0\nendmain\nfunc r0\nret\nendfunc\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:6: error: unexpected register, expecting number");
}

/* AMD program binaries number their instructions by the IL specification's
 * opcode enumeration (Appendix B; GRVK's amdil.h transcribes it).  Every
 * ordinary instruction the decoder knows, with its number counted in that
 * enumeration and its text spelling (the enumerated name in lower case
 * without IL_OP_; where AMD's text IL spells it otherwise: WHILE whileloop,
 * AND iand, ROUND_NEAR round_nearest, ROUND_NEG_INF round_neginf,
 * ROUND_PLUS_INF round_plusinf, ROUND_ZERO round_z, D_MULADD dmad,
 * I_COUNTBITS icbits, LDEXP fldexp, F_2_F16_NEAR f2f16_near and its
 * _neg_inf and _plus_inf; I_, U_, D_, I64_ and U64_ lose their
 * underscore).  Opcode 550 (dabs, after the enumeration's end) is inferred
 * (docs/real-il.md section 11) and not here. */
static void test_amd_binary_opcodes(void)
{
	static const struct { unsigned bin; const char *name; } enumerated[] = {
		{1, "abs"}, {2, "acos"}, {3, "add"}, {4, "asin"}, {5, "atan"}, {6, "break"}, {7, "breakc"},
		{10, "clamp"}, {12, "cmov"}, {13, "cmp"}, {16, "continue"}, {17, "continuec"}, {18, "cos"},
		{31, "dist"}, {32, "div"}, {33, "dp2add"}, {34, "dp3"}, {35, "dp4"}, {39, "else"}, {40, "end"},
		{41, "endif"}, {42, "endloop"}, {43, "endmain"}, {44, "exn"}, {45, "exp"}, {48, "flr"},
		{49, "frc"}, {52, "ifc"}, {56, "len"}, {58, "ln"}, {60, "log"}, {63, "lrp"}, {64, "mad"},
		{65, "max"}, {68, "min"}, {70, "mod"}, {71, "mov"}, {73, "mul"}, {75, "nop"}, {76, "nrm"},
		{77, "pireduce"}, {78, "pow"}, {81, "rcp"}, {83, "ret"}, {84, "rnd"}, {85, "rsq"}, {87, "sgn"}, {88, "sin"},
		{90, "sqrt"}, {91, "sub"}, {92, "tan"}, {98, "transpose"}, {101, "break_logicalz"}, {102, "break_logicalnz"},
		{106, "continue_logicalz"}, {107, "continue_logicalnz"}, {108, "default"}, {109, "endswitch"},
		{110, "endfunc"}, {111, "if_logicalz"}, {112, "if_logicalnz"}, {113, "whileloop"},
		{114, "switch"}, {115, "ret_dyn"}, {116, "ret_logicalz"}, {117, "ret_logicalnz"}, {142, "inot"},
		{143, "ior"}, {144, "ixor"}, {145, "iadd"}, {146, "imad"}, {147, "imax"}, {148, "imin"},
		{149, "imul"}, {150, "imul_high"}, {151, "ieq"}, {152, "ige"}, {153, "ilt"}, {154, "inegate"},
		{155, "ine"}, {156, "ishl"}, {157, "ishr"}, {158, "ushr"}, {159, "udiv"}, {160, "umod"},
		{161, "umad"}, {162, "umax"}, {163, "umin"}, {164, "ult"}, {165, "uge"}, {166, "umul"},
		{167, "umul_high"}, {168, "ftoi"}, {169, "ftou"}, {170, "itof"}, {171, "utof"}, {172, "iand"},
		{173, "cmov_logical"}, {174, "eq"}, {175, "exp_vec"}, {176, "ge"}, {177, "log_vec"}, {178, "lt"},
		{179, "ne"}, {180, "round_nearest"}, {181, "round_neginf"}, {182, "round_plusinf"},
		{183, "round_z"}, {184, "rsq_vec"}, {185, "sin_vec"}, {186, "cos_vec"}, {187, "sqrt_vec"},
		{188, "dp2"}, {191, "dfrexp"}, {192, "dadd"}, {193, "dmul"}, {194, "d2f"}, {195, "f2d"},
		{196, "dldexp"}, {197, "dfrac"}, {198, "dmad"}, {203, "dne"}, {204, "deq"}, {205, "dge"},
		{206, "dlt"}, {208, "ddiv"}, {218, "fence"}, {295, "icbits"}, {297, "icarry"}, {298, "iborrow"},
		{299, "ibit_extract"}, {300, "ubit_extract"}, {301, "ubit_reverse"}, {317, "ubit_insert"},
		{322, "dmax"}, {323, "dmin"}, {324, "f2f16"}, {325, "f162f"}, {326, "unpack0"}, {327, "unpack1"},
		{328, "unpack2"}, {329, "unpack3"}, {330, "bitalign"}, {331, "bytealign"}, {332, "u4lerp"},
		{333, "sad"}, {334, "sadhi"}, {335, "sad4"}, {336, "f_2_u4"}, {340, "dmov"}, {341, "dmovc"},
		{342, "dsqrt"}, {343, "drcp"}, {344, "drsq"}, {350, "rcp_vec"}, {387, "umad24"}, {388, "umul24"},
		{389, "fma"}, {392, "imad24"}, {393, "imul24"}, {408, "i64add"}, {409, "i64eq"}, {410, "i64ge"},
		{411, "i64lt"}, {412, "i64max"}, {413, "i64min"}, {414, "i64ne"}, {415, "i64negate"},
		{416, "i64shl"}, {417, "i64shr"}, {418, "u64ge"}, {419, "u64lt"}, {420, "u64max"},
		{421, "u64min"}, {422, "u64shr"}, {425, "imul24_high"}, {426, "umul24_high"}, {433, "f2f16_near"},
		{434, "f2f16_neg_inf"}, {435, "f2f16_plus_inf"}, {436, "i64mul"}, {437, "u64mul"},
		{438, "fldexp"}, {439, "frexp_exp"}, {440, "frexp_mant"}, {441, "dfrexp_exp"},
		{442, "dfrexp_mant"}, {443, "dtoi"}, {444, "dtou"}, {445, "itod"}, {446, "utod"},
		{447, "ftoi_rpi"}, {448, "ftoi_flr"}, {449, "min3"}, {450, "med3"}, {451, "max3"}, {452, "imin3"},
		{453, "imed3"}, {454, "imax3"}, {455, "umin3"}, {456, "umed3"}, {457, "umax3"}, {458, "class"},
		{459, "dclass"}, {461, "cu_id"}, {462, "wave_id"}, {463, "i64sub"}, {464, "i64div"},
		{465, "u64div"}, {466, "i64mod"}, {467, "u64mod"}, {479, "dtrig_preop"},
	};
	unsigned n, k, listed = 0;
	for (k = 0; k < NELEM(enumerated); k++) {
		int op = il_amd_binary_opcode(enumerated[k].bin);
		CU_ASSERT_TRUE_FATAL(op >= 0);
		CU_ASSERT_STRING_EQUAL_FATAL(il_ops[op].name, enumerated[k].name);
	}
	/* and nothing beyond the list but opcode 550 */
	for (n = 0; n < 4096; n++) {
		if (il_amd_binary_opcode(n) < 0 || n == 550)
			continue;
		for (k = 0; k < NELEM(enumerated) && enumerated[k].bin != n; k++)
			;
		CU_ASSERT_TRUE(k < NELEM(enumerated));
		listed++;
	}
	CU_ASSERT_EQUAL(listed, NELEM(enumerated));
}

int add_parser_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"module header and main", test_module_header_and_main},
		{"function ids and names", test_functions_ids_and_names},
		{"function without name", test_function_without_name},
		{"function without endfunc (brcc)", test_function_without_endfunc},
		{"macro before the header", test_macro_before_header},
		{"macro after endmain", test_macro_after_endmain},
		{"outlined macro is a function", test_outlined_macro_is_a_function},
		{"mcall operand groups", test_mcall_operand_groups},
		{"macro and function ids separate", test_macro_and_function_ids_separate},
		{"il_comment_on_line", test_comment_on_line},
		{"il_mod and il_mod_int", test_mod_int},
		{"il_special_name", test_special_names},
		{"opcode table", test_opcode_table},
		{"swizzle absent is xyzw", test_swizzle_absent_is_xyzw},
		{"swizzle one selector replicates", test_swizzle_one_selector_replicates},
		{"swizzle four selectors", test_swizzle_four_selectors},
		{"swizzle 0 and 1 selectors", test_swizzle_zero_and_one},
		{"swizzle of 2 or 3 repeats the last", test_swizzle_two_and_three_repeat_last},
		{"swizzle malformed", test_swizzle_malformed},
		{"write mask absent writes all", test_wmask_absent_writes_all},
		{"write mask four characters", test_wmask_four_chars},
		{"write mask 0 and 1 entries", test_wmask_zero_and_one},
		{"write mask short forms", test_wmask_short_forms},
		{"write mask short forms with 0 and 1", test_wmask_short_constants},
		{"write mask malformed", test_wmask_malformed},
		{"if without endif", test_if_without_endif},
		{"endif without if", test_endif_without_if},
		{"else without if", test_else_without_if},
		{"second else", test_second_else},
		{"endloop without whileloop", test_endloop_without_whileloop},
		{"endloop closing an if", test_endloop_closing_an_if},
		{"break outside loop", test_break_outside_loop},
		{"breakc outside loop", test_breakc_outside_loop},
		{"continue inside switch only", test_continue_inside_switch_only},
		{"case outside switch", test_case_outside_switch},
		{"well nested control flow", test_well_nested_control_flow},
		{"unclosed if at endfunc", test_unclosed_if_at_endfunc},
		{"unclosed loop at mend", test_unclosed_loop_at_mend},
		{"ret inside if", test_ret_inside_if},
		{"operand count too few", test_operand_count_too_few},
		{"operand count too many", test_operand_count_too_many},
		{"operand count singular", test_operand_count_singular},
		{"operand count unchecked", test_operand_count_unchecked},
		{"duplicate function id", test_duplicate_function_id},
		{"duplicate macro id", test_duplicate_macro_id},
		{"mdef without id", test_mdef_without_id},
		{"unknown opcode", test_unknown_opcode},
		{"opcode prefix is not a match", test_opcode_prefix_is_not_a_match},
		{"missing end (truncated file)", test_missing_end},
		{"missing endfunc", test_missing_endfunc},
		{"missing header", test_missing_header},
		{"func needs a number", test_func_needs_number},
		{"AMD library macros", test_library_macros},
		{"AMD binary opcodes: the IL enumeration", test_amd_binary_opcodes},
	};
	CU_pSuite s = CU_add_suite("parser", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
