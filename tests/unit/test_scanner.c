/* test_scanner.c - CUnit tests for src/ilparse/lexer.l, driven through
 * il_parse() on small texts.
 *
 * add_scanner_suite() registers the suite "scanner".  Diagnostics are
 * captured in memory (no source lines) and compared as exact
 * "file:line:col: error: message" lines.
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

#define FILE_NAME "scan.il"

static char *src;     /* text of the last parse (diag_source keeps a pointer) */




static Module *parse_len(const char *text, size_t len)
{
	capture_reset();
	free(src);
	src = xmalloc(len + 1);
	memcpy(src, text, len);
	src[len] = 0;
	return il_parse(FILE_NAME, src, len);
}

static Module *parse(const char *text)
{
	return parse_len(text, strlen(text));
}

/* body on line 2 of a module with an empty function list */
static Module *parse_main(const char *body)
{
	char *t = xasprintf("il_cs_2_0\n%sendmain\nend\n", body);
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

static void test_opcode_id_and_cached_modifiers(void)
{
	Module *m = parse_main("uav_raw_load_id(11)_cached r1.x, r2.x\n");
	const Inst *in;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 1);
	in = &m->main.code.v[0];
	CU_ASSERT_EQUAL(in->op, OP_UAV_RAW_LOAD);
	CU_ASSERT_STRING_EQUAL(in->word, "uav_raw_load_id(11)_cached");
	CU_ASSERT_PTR_NULL(in->arg);
	CU_ASSERT_EQUAL_FATAL(in->nmods, 2);
	CU_ASSERT_STRING_EQUAL(in->mods[0].name, "id");
	CU_ASSERT_STRING_EQUAL(in->mods[0].arg, "11");
	CU_ASSERT_STRING_EQUAL(in->mods[1].name, "cached");
	CU_ASSERT_PTR_NULL(in->mods[1].arg);
	CU_ASSERT_EQUAL(il_mod_int(il_inst_mod(in, "id"), -1), 11);
	CU_ASSERT_EQUAL(in->nops, 2);
	il_free(m);
}

static void test_opcode_zeroop_argument(void)
{
	Module *m = parse_main("div_zeroop(infinity) r0.x, r1.x, r2.x\n");
	const Inst *in;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	in = &m->main.code.v[0];
	CU_ASSERT_EQUAL(in->op, OP_DIV);
	CU_ASSERT_EQUAL_FATAL(in->nmods, 1);
	CU_ASSERT_STRING_EQUAL(in->mods[0].name, "zeroop");
	CU_ASSERT_STRING_EQUAL(in->mods[0].arg, "infinity");
	CU_ASSERT_EQUAL(in->nops, 3);
	il_free(m);
}

static void test_opcode_longest_match(void)
{
	Module *m = parse_main("mul_ieee r0, r1, r2\n"
	                       "mul r0, r1, r2\n"
	                       "mul_ieee_sat r0, r1, r2\n"
	                       "ftoi_flr r0, r1\n"
	                       "imul24_high r0, r1, r2\n"
	                       "ret_dyn\n");
	const Inst *c;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 6);
	c = m->main.code.v;
	CU_ASSERT_EQUAL(c[0].op, OP_MUL_IEEE);
	CU_ASSERT_EQUAL(c[0].nmods, 0);
	CU_ASSERT_EQUAL(c[1].op, OP_MUL);
	CU_ASSERT_EQUAL(c[2].op, OP_MUL_IEEE);
	CU_ASSERT_EQUAL_FATAL(c[2].nmods, 1);
	CU_ASSERT_STRING_EQUAL(c[2].mods[0].name, "sat");
	CU_ASSERT_EQUAL(c[3].op, OP_FTOI_FLR);
	CU_ASSERT_EQUAL(c[3].nmods, 0);
	CU_ASSERT_EQUAL(c[4].op, OP_IMUL24_HIGH);
	CU_ASSERT_EQUAL(c[5].op, OP_RET_DYN);
	il_free(m);
}

static void test_opcode_and_alias(void)
{
	Module *m = parse_main("and r0, r1, r2\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->main.code.v[0].op, OP_AND);
	il_free(m);
}

static void test_fence_threads_lds(void)
{
	Module *m = parse_main("fence_threads_lds\nmov r0, r1\n");
	const Inst *in;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 2);
	in = &m->main.code.v[0];
	CU_ASSERT_EQUAL(in->op, OP_FENCE);
	CU_ASSERT_EQUAL(in->nops, 0);
	CU_ASSERT_EQUAL_FATAL(in->nmods, 2);
	CU_ASSERT_STRING_EQUAL(in->mods[0].name, "threads");
	CU_ASSERT_STRING_EQUAL(in->mods[1].name, "lds");
	CU_ASSERT_EQUAL(m->main.code.v[1].op, OP_MOV);
	il_free(m);
}

static void test_write_mask_and_literal_swizzle(void)
{
	Module *m = parse_main("mov r65.x___, l3.0zyx\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.v[0].nops, 2);
	o = m->main.code.v[0].ops;
	CU_ASSERT_EQUAL(o[0].file, RF_TEMP);
	CU_ASSERT_EQUAL(o[0].num, 65);
	CU_ASSERT_STRING_EQUAL(o[0].comps, "x___");
	CU_ASSERT_EQUAL(o[0].nmods, 0);
	CU_ASSERT_EQUAL(o[1].file, RF_LITERAL);
	CU_ASSERT_EQUAL(o[1].num, 3);
	CU_ASSERT_STRING_EQUAL(o[1].comps, "0zyx");
	CU_ASSERT_EQUAL(o[1].loc.line, 2);
	CU_ASSERT_EQUAL(o[1].loc.col, 15);
	il_free(m);
}

static void test_cb_immediate_index(void)
{
	Module *m = parse_main("mov r0, cb1[3].x\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[1];
	CU_ASSERT_EQUAL(o->file, RF_CB);
	CU_ASSERT_EQUAL(o->num, 1);
	CU_ASSERT_TRUE(o->has_index);
	CU_ASSERT_EQUAL(o->index_imm, 3);
	CU_ASSERT_PTR_NULL(o->index_reg);
	CU_ASSERT_STRING_EQUAL(o->comps, "x");
	il_free(m);
}

static void test_cb_relative_index(void)
{
	Module *m = parse_main("mov r0, cb1[r0.x+3]\n");
	const Operand *o;
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[1];
	CU_ASSERT_EQUAL(o->file, RF_CB);
	CU_ASSERT_EQUAL(o->num, 1);
	CU_ASSERT_TRUE(o->has_index);
	CU_ASSERT_EQUAL(o->index_imm, 3);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o->index_reg);
	CU_ASSERT_EQUAL(o->index_reg->file, RF_TEMP);
	CU_ASSERT_EQUAL(o->index_reg->num, 0);
	CU_ASSERT_STRING_EQUAL(o->index_reg->comps, "x");
	CU_ASSERT_STRING_EQUAL(o->comps, "");
	il_free(m);
}

static void test_itemp_relative_index(void)
{
	Module *m = parse_main("mov r1, x1[r2.y].xyzw\n");
	const Operand *o;
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[1];
	CU_ASSERT_EQUAL(o->file, RF_ITEMP);
	CU_ASSERT_EQUAL(o->num, 1);
	CU_ASSERT_EQUAL(o->index_imm, 0);
	CU_ASSERT_PTR_NOT_NULL_FATAL(o->index_reg);
	CU_ASSERT_EQUAL(o->index_reg->num, 2);
	CU_ASSERT_STRING_EQUAL(o->index_reg->comps, "y");
	CU_ASSERT_STRING_EQUAL(o->comps, "xyzw");
	il_free(m);
}

static void test_cb_without_index_rejected(void)
{
	Module *m = parse_main("mov r0, cb1.x\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:9: error: 'cb1' needs an index: cb1[n]");
}

static void test_neg_modifier_after_swizzle(void)
{
	Module *m = parse_main("iadd r1.x, r3.x, r2.x_neg(xyzw)\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[2];
	CU_ASSERT_EQUAL(o->file, RF_TEMP);
	CU_ASSERT_EQUAL(o->num, 2);
	CU_ASSERT_STRING_EQUAL(o->comps, "x");
	CU_ASSERT_EQUAL_FATAL(o->nmods, 1);
	CU_ASSERT_STRING_EQUAL(o->mods[0].name, "neg");
	CU_ASSERT_STRING_EQUAL(o->mods[0].arg, "xyzw");
	il_free(m);
}

static void test_neg_modifier_without_swizzle(void)
{
	Module *m = parse_main("mov r3, r0_neg(x)\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[1];
	CU_ASSERT_EQUAL(o->file, RF_TEMP);
	CU_ASSERT_EQUAL(o->num, 0);
	CU_ASSERT_STRING_EQUAL(o->name, "r0");
	CU_ASSERT_STRING_EQUAL(o->comps, "");
	CU_ASSERT_EQUAL_FATAL(o->nmods, 1);
	CU_ASSERT_STRING_EQUAL(o->mods[0].name, "neg");
	CU_ASSERT_STRING_EQUAL(o->mods[0].arg, "x");
	il_free(m);
}

static void test_two_operand_modifiers(void)
{
	Module *m = parse_main("mov r1, r1.xyxy_abs_neg(y)\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = &m->main.code.v[0].ops[1];
	CU_ASSERT_STRING_EQUAL(o->comps, "xyxy");
	CU_ASSERT_EQUAL_FATAL(o->nmods, 2);
	CU_ASSERT_STRING_EQUAL(o->mods[0].name, "abs");
	CU_ASSERT_PTR_NULL(o->mods[0].arg);
	CU_ASSERT_STRING_EQUAL(o->mods[1].name, "neg");
	CU_ASSERT_STRING_EQUAL(o->mods[1].arg, "y");
	il_free(m);
}

static void test_special_registers_any_case(void)
{
	Module *m = parse_main("mov r0, vTidInGrp0.xyz\n"
	                       "mov r0, vThreadGrpID\n"
	                       "mov r0, vthreadgrpid0.x\n"
	                       "mov r0, VTIDINGRPFLAT0.x\n"
	                       "mov r0, vThreadGrpIdFlat.x\n"
	                       "mov r0, vAbsTid0.xyz\n"
	                       "mov r0, vAbsTidFlat.x\n"
	                       "mov r0, vTidInGrp.x\n");
	static const Special want[] = {
		SR_TID_IN_GRP, SR_THREAD_GRP_ID, SR_THREAD_GRP_ID, SR_TID_IN_GRP_FLAT,
		SR_THREAD_GRP_ID_FLAT, SR_ABS_TID, SR_ABS_TID_FLAT, SR_TID_IN_GRP,
	};
	size_t i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, NELEM(want));
	for (i = 0; i < NELEM(want); i++) {
		const Operand *o = &m->main.code.v[i].ops[1];
		CU_ASSERT_EQUAL(o->file, RF_SPECIAL);
		CU_ASSERT_EQUAL(o->num, (long long)want[i]);
	}
	CU_ASSERT_STRING_EQUAL(m->main.code.v[0].ops[1].name, "vTidInGrp0");
	CU_ASSERT_STRING_EQUAL(m->main.code.v[0].ops[1].comps, "xyz");
	il_free(m);
}

static void test_special_register_other_suffix_rejected(void)
{
	Module *m = parse_main("mov r0, vTidInGrp1.x\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:9: error: unknown register 'vTidInGrp1'");
}

static void test_hex_decimal_negative_numbers(void)
{
	Module *m = parse_main("dcl_literal l0, 0x3F800000, -1, 24, 0XFFFFFFFF\n"
	                       "dcl_literal l1, 0x0000ffff, 0, -0x10, 4294967296\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 2);
	o = m->main.code.v[0].ops;
	CU_ASSERT_EQUAL_FATAL(m->main.code.v[0].nops, 5);
	CU_ASSERT_EQUAL(o[0].file, RF_LITERAL);
	CU_ASSERT_EQUAL(o[1].file, RF_NUMBER);
	CU_ASSERT_EQUAL(o[1].num, 0x3F800000);
	CU_ASSERT_EQUAL(o[2].num, -1);
	CU_ASSERT_EQUAL(o[3].num, 24);
	CU_ASSERT_EQUAL(o[4].num, 0xFFFFFFFFll);
	o = m->main.code.v[1].ops;
	CU_ASSERT_EQUAL(o[1].num, 0xFFFF);
	CU_ASSERT_EQUAL(o[2].num, 0);
	CU_ASSERT_EQUAL(o[3].num, -16);
	CU_ASSERT_EQUAL(o[4].num, 4294967296ll);
	il_free(m);
}

static void test_numbers_at_64_bit_limits(void)
{
	Module *m = parse_main("dcl_literal l0, 0xFFFFFFFFFFFFFFFF, 18446744073709551615, "
	                       "-9223372036854775808, 9223372036854775807\n");
	const Operand *o;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	o = m->main.code.v[0].ops;
	CU_ASSERT_EQUAL((unsigned long long)o[1].num, 0xFFFFFFFFFFFFFFFFull);
	CU_ASSERT_EQUAL((unsigned long long)o[2].num, 0xFFFFFFFFFFFFFFFFull);
	CU_ASSERT_EQUAL(o[3].num, -9223372036854775807ll - 1);
	CU_ASSERT_EQUAL(o[4].num, 9223372036854775807ll);
	il_free(m);
}

static void test_number_over_64_bits(void)
{
	Module *m = parse_main("dcl_literal l0, 1, 18446744073709551616, 3, 4\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:20: error: number '18446744073709551616' does not fit in 64 bits");
}

static void test_hex_number_over_64_bits(void)
{
	Module *m = parse_main("dcl_literal l0, 0x1FFFFFFFFFFFFFFFF, 2, 3, 4\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:17: error: number '0x1FFFFFFFFFFFFFFFF' does not fit in 64 bits");
}

static void test_negative_number_below_64_bits(void)
{
	Module *m = parse_main("dcl_literal l0, 1, 2, 3, -9223372036854775809\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:26: error: number '-9223372036854775809' does not fit in 64 bits");
}

static void test_float_operand(void)
{
	Module *m = parse_main("mov r0, 1.5\nmov r1, -2.0f\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->main.code.v[0].ops[1].file, RF_FLOAT);
	CU_ASSERT_DOUBLE_EQUAL(m->main.code.v[0].ops[1].fval, 1.5, 0.0);
	CU_ASSERT_EQUAL(m->main.code.v[1].ops[1].file, RF_FLOAT);
	CU_ASSERT_DOUBLE_EQUAL(m->main.code.v[1].ops[1].fval, -2.0, 0.0);
	il_free(m);
}

static void test_crlf_line_ends(void)
{
	Module *m = parse("il_cs_2_0\r\nmov r0, r1\r\n; hi\r\niadd r2, r0, r1\r\nendmain\r\nend\r\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 2);
	CU_ASSERT_EQUAL(m->main.code.v[1].op, OP_IADD);
	CU_ASSERT_EQUAL(m->main.code.v[1].loc.line, 4);
	CU_ASSERT_EQUAL(m->main.code.v[1].loc.col, 1);
	CU_ASSERT_EQUAL(m->main.code.v[1].ops[2].num, 1);
	CU_ASSERT_EQUAL_FATAL(m->comments.n, 1);
	CU_ASSERT_STRING_EQUAL(m->comments.v[0].text, " hi");
	CU_ASSERT_EQUAL(m->comments.v[0].loc.line, 3);
	CU_ASSERT_EQUAL(m->main.end_loc.line, 5);
	il_free(m);
}

static void test_whole_program_on_one_line(void)
{
	Module *m = parse("il_cs_2_0 mov r0, r1 iadd r2, r0, r1 ;$$$$$$$$$$\n"
	                  "endmain func 1024 mov r0.x, r1.x ret endfunc end");
	Func *f;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 3);
	CU_ASSERT_EQUAL(m->main.code.v[0].op, OP_MOV);
	CU_ASSERT_EQUAL(m->main.code.v[0].nops, 2);
	CU_ASSERT_EQUAL(m->main.code.v[1].op, OP_IADD);
	CU_ASSERT_EQUAL(m->main.code.v[1].loc.col, 22);
	CU_ASSERT_EQUAL(m->main.code.v[1].nops, 3);
	CU_ASSERT_EQUAL(m->main.code.v[2].op, OP_PSEUDO_CALL);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 1);
	f = m->funcs.v[0];
	CU_ASSERT_EQUAL(f->id, 1024);
	CU_ASSERT_EQUAL(f->loc.line, 2);
	CU_ASSERT_EQUAL(f->loc.col, 9);
	CU_ASSERT_EQUAL_FATAL(f->code.n, 2);
	CU_ASSERT_EQUAL(f->code.v[0].op, OP_MOV);
	CU_ASSERT_EQUAL(f->code.v[1].op, OP_RET);
	CU_ASSERT_EQUAL(f->end_loc.col, 38);
	il_free(m);
}

static void test_comments_kept_with_location(void)
{
	Module *m = parse("; top\n"
	                  "il_cs_2_0 ; header\n"
	                  "mov r0, r1 ; trailing\n"
	                  "\t  ;indented\n"
	                  "endmain\n"
	                  "func 1024 ; name\n"
	                  "ret ;; double\n"
	                  "endfunc\n"
	                  "end\n"
	                  ";after end");
	static const struct { int line, col; const char *text; } want[] = {
		{1, 1, " top"}, {2, 11, " header"}, {3, 12, " trailing"}, {4, 4, "indented"},
		{6, 11, " name"}, {7, 5, "; double"}, {10, 1, "after end"},
	};
	size_t i;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->comments.n, NELEM(want));
	for (i = 0; i < NELEM(want); i++) {
		CU_ASSERT_STRING_EQUAL(m->comments.v[i].text, want[i].text);
		CU_ASSERT_EQUAL(m->comments.v[i].loc.line, want[i].line);
		CU_ASSERT_EQUAL(m->comments.v[i].loc.col, want[i].col);
		CU_ASSERT_STRING_EQUAL(m->comments.v[i].loc.file, FILE_NAME);
	}
	CU_ASSERT_EQUAL(m->main.code.n, 1);
	il_free(m);
}

static void test_debug_block_skipped(void)
{
	Module *m = parse("il_cs_2_0\n"
	                  "endmain\n"
	                  ";DEBUGSTART\n"
	                  "\t.file\t\"x.cl\"\n"
	                  "@#$%^&* `~' \\ garbage ; not a comment\n"
	                  "func 7\n"
	                  "end\n"
	                  ".global@foo ; x\n"
	                  ";DEBUGEND\n"
	                  "func 1024 ; k\n"
	                  "ret\n"
	                  "endfunc\n"
	                  ";DEBUGSTART\n"
	                  ";DEBUGEND\n"
	                  "end\n");
	size_t i;
	CU_ASSERT_STRING_EQUAL(diags(), "");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->funcs.n, 1);
	CU_ASSERT_EQUAL(m->funcs.v[0]->id, 1024);
	CU_ASSERT_EQUAL(m->funcs.v[0]->loc.line, 10);
	CU_ASSERT_EQUAL_FATAL(m->comments.n, 1);
	CU_ASSERT_STRING_EQUAL(m->comments.v[0].text, " k");
	for (i = 0; i < m->comments.n; i++)
		CU_ASSERT_PTR_NULL(strstr(m->comments.v[i].text, "DEBUG"));
	il_free(m);
}

static void test_debug_block_unclosed(void)
{
	Module *m = parse("il_cs_2_0\nendmain\n;DEBUGSTART\n.file \"x.cl\"\nend\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":3:1: error: ';DEBUGSTART' without ';DEBUGEND'");
}

static void test_pseudo_call_in_main(void)
{
	Module *m = parse_main("dcl_cb cb0[15]\n  ;$$$$$$$$$$\n");
	const Inst *in;
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL_FATAL(m->main.code.n, 2);
	in = &m->main.code.v[1];
	CU_ASSERT_EQUAL(in->op, OP_PSEUDO_CALL);
	CU_ASSERT_EQUAL(in->nops, 0);
	CU_ASSERT_EQUAL(in->loc.line, 3);
	CU_ASSERT_EQUAL(in->loc.col, 3);
	CU_ASSERT_EQUAL(il_ops[in->op].kind, K_CALL);
	il_free(m);
}

static void test_nine_dollars_is_a_comment(void)
{
	Module *m = parse_main(";$$$$$$$$$\n");
	CU_ASSERT_PTR_NOT_NULL_FATAL(m);
	CU_ASSERT_EQUAL(m->main.code.n, 0);
	CU_ASSERT_EQUAL_FATAL(m->comments.n, 1);
	CU_ASSERT_STRING_EQUAL(m->comments.v[0].text, "$$$$$$$$$");
	il_free(m);
}

static void test_nul_byte(void)
{
	static const char text[] = "il_cs_2_0\nmov r0,\0 r1\nendmain\nend\n";
	int before = diag_errors();
	Module *m = parse_len(text, sizeof text - 1);
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:8: error: NUL byte in input");
	CU_ASSERT_TRUE(diag_errors() > before);
}

static void test_nul_byte_after_end(void)
{
	static const char text[] = "il_cs_2_0\nmov r0, r1\nendmain\nend\n";
	Module *m = parse_len(text, sizeof text);
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":5:1: error: NUL byte in input");
}

static void test_unknown_character(void)
{
	Module *m = parse_main("mov r0, r1 @\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:12: error: unexpected character '@'");
}

static void test_unprintable_character(void)
{
	Module *m = parse_main("mov r0,\x01 r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(), FILE_NAME ":2:8: error: unexpected byte 0x01");
}

static void test_malformed_modifier_column(void)
{
	Module *m = parse_main("  uav_raw_load_id(11)x r0, r1\n");
	CU_ASSERT_PTR_NULL(m);
	CU_ASSERT_STRING_EQUAL(first_diag(),
	                       FILE_NAME ":2:22: error: malformed modifier in 'uav_raw_load_id(11)x'");
}

int add_scanner_suite(void)
{
	static const struct {
		const char *name;
		void (*fn)(void);
	} tests[] = {
		{"opcode with _id(11)_cached", test_opcode_id_and_cached_modifiers},
		{"opcode with _zeroop(infinity)", test_opcode_zeroop_argument},
		{"longest opcode spelling wins", test_opcode_longest_match},
		{"'and' alias", test_opcode_and_alias},
		{"fence_threads_lds", test_fence_threads_lds},
		{"write mask and 0 selector", test_write_mask_and_literal_swizzle},
		{"cb immediate index", test_cb_immediate_index},
		{"cb relative index r0.x+3", test_cb_relative_index},
		{"indexed temp relative index", test_itemp_relative_index},
		{"cb without index rejected", test_cb_without_index_rejected},
		{"_neg(xyzw) after swizzle", test_neg_modifier_after_swizzle},
		{"_neg(x) without swizzle", test_neg_modifier_without_swizzle},
		{"two operand modifiers", test_two_operand_modifiers},
		{"special registers any case, optional 0", test_special_registers_any_case},
		{"special register with suffix 1 rejected", test_special_register_other_suffix_rejected},
		{"hex, decimal and negative numbers", test_hex_decimal_negative_numbers},
		{"numbers at the 64-bit limits", test_numbers_at_64_bit_limits},
		{"decimal number over 64 bits", test_number_over_64_bits},
		{"hex number over 64 bits", test_hex_number_over_64_bits},
		{"negative number below -2^63", test_negative_number_below_64_bits},
		{"float operands", test_float_operand},
		{"CRLF line ends", test_crlf_line_ends},
		{"whole program on one line", test_whole_program_on_one_line},
		{"comments kept with location", test_comments_kept_with_location},
		{"DEBUGSTART..DEBUGEND skipped", test_debug_block_skipped},
		{"DEBUGSTART without DEBUGEND", test_debug_block_unclosed},
		{";$$$$$$$$$$ is a pseudo call", test_pseudo_call_in_main},
		{"nine dollars is a comment", test_nine_dollars_is_a_comment},
		{"NUL byte", test_nul_byte},
		{"NUL byte after end", test_nul_byte_after_end},
		{"unknown character", test_unknown_character},
		{"unprintable character", test_unprintable_character},
		{"malformed opcode modifier column", test_malformed_modifier_column},
	};
	CU_pSuite s = CU_add_suite("scanner", suite_init, suite_clean);
	size_t i;
	if (!s)
		return -1;
	for (i = 0; i < NELEM(tests); i++)
		if (!CU_add_test(s, tests[i].name, tests[i].fn))
			return -1;
	return 0;
}
