/* test_visa_bin.c - CUnit tests for the binary vISA writer (visa_bin.c).
 *
 * The expected bytes are written out field by field from the vISA object
 * format and operand chapters of the vISA specification (header, string
 * pool, var_info, pred_info, label_info, input_info, attribute_info,
 * vec_operand / raw_operand, the opcode table), with the finalizer's own
 * choices where it departs from the text (docs/visa-binary.txt): 32 reserved
 * general variables, the string pool order, two-byte name_len.  The small
 * kernel below was also given to GenX_IR 1.0.12504 as text: its .isa holds
 * the same kernel object as the VB_GENX_IR expectation here.
 */
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "visa/visa.h"

/* little-endian fields */
static void u8(Buf *b, unsigned v) { uint8_t c = (uint8_t)v; buf_add(b, &c, 1); }
static void u16(Buf *b, unsigned v) { u8(b, v & 0xFF); u8(b, v >> 8); }
static void u32(Buf *b, uint32_t v) { u16(b, v & 0xFFFF); u16(b, v >> 16); }
static void str0(Buf *b, const char *s) { buf_add(b, s, strlen(s) + 1); }

static uint32_t rd32(const char *p)
{
	const uint8_t *u = (const uint8_t *)p;
	return u[0] | (uint32_t)u[1] << 8 | (uint32_t)u[2] << 16 | (uint32_t)u[3] << 24;
}

/* k: A (d x8, GRF), A_f (f x8 alias of A), predicate P0 (8 lanes), input A at
 * payload byte 32, and
 *     add (M1, 8) A_f(0,0)<1> (-)A_f(0,0)<1;1,0> 0x3f800000:f
 *     cmp.lt (M1, 8) P0 A(0,1)<0;1,0> 0x5:d
 *     (!P0) goto (M1, 8) L0_x
 *   L0_x:
 *     ret (M1, 1) */
static VKernel *small_kernel(void)
{
	VKernel *k = vk_new("k", 8, 32);
	VDecl *a = vk_decl(k, "A", VT_D, 8, 0), *af = vk_alias(k, a, VT_F, 0), *p = vk_pred(k);
	VInst *in;
	vk_input(k, a, 32, 32);
	in = vk_emit(k, "add", 8, 1);
	in->ops[0] = vo_dst(af, 0);
	in->ops[1] = vo_mod(vo_src(af, 0), VM_NEG);
	in->ops[2] = vo_imm(0x3f800000, VT_F);
	in->nops = 3;
	in = vk_emit(k, "cmp.lt", 8, 1);
	in->ops[0] = vo_predop(p);
	in->ops[1] = vo_scalar(a, 1);
	in->ops[2] = vo_imm(5, VT_D);
	in->nops = 3;
	in = vk_emit(k, "goto", 8, 1);
	in->pred = p;
	in->pred_not = 1;
	in->ops[0] = vo_label("L0_x");
	in->nops = 1;
	vk_label(k, "L0_x");
	vk_emit(k, "ret", 1, 1);
	return k;
}

/* The instructions of small_kernel, every operand present. */
static void small_code_full(Buf *b)
{
	/* func _main: opcode 0x30, label 0 */
	u8(b, 0x30); u16(b, 0);
	/* add: opcode 0x01, exec (M1,8) = 3 | 0<<4, no predicate */
	u8(b, 0x01); u8(b, 0x03); u16(b, 0);
	/* dst A_f (var 33): general tag 0, row 0, col 0, region hstride 1 -> code 2 in bits 8-11 */
	u8(b, 0x00); u32(b, 33); u8(b, 0); u8(b, 0); u16(b, 0x0200);
	/* src (-)A_f <1;1,0>: tag 0 | neg (2) << 3; vs 1 -> 2, width 1 -> 2 << 4, hs 0 -> 1 << 8 */
	u8(b, 0x10); u32(b, 33); u8(b, 0); u8(b, 0); u16(b, 0x0122);
	/* immediate: tag 5, type F = 7, value */
	u8(b, 0x05); u8(b, 0x07); u32(b, 0x3f800000);
	/* cmp: opcode 0x2C, exec, relation lt = 4 */
	u8(b, 0x2C); u8(b, 0x03); u8(b, 0x04);
	/* dst predicate P0 = P1 in the table (P0 means none): tag 2, id */
	u8(b, 0x02); u16(b, 1);
	/* A(0,1)<0;1,0>: var 32, col 1, vs 0 -> 1, width 1 -> 2 << 4, hs 0 -> 1 << 8 */
	u8(b, 0x00); u32(b, 32); u8(b, 0); u8(b, 1); u16(b, 0x0121);
	/* 0x5:d, type D = 1 */
	u8(b, 0x05); u8(b, 0x01); u32(b, 5);
	/* goto: opcode 0x6C, exec, predicate id 1 inverted (bit 15), label 1 */
	u8(b, 0x6C); u8(b, 0x03); u16(b, 0x8001); u16(b, 1);
	/* label L0_x: opcode 0x31, label 1 */
	u8(b, 0x31); u16(b, 1);
	/* ret: opcode 0x34, exec (M1,1) = 0, no predicate */
	u8(b, 0x34); u8(b, 0x00); u16(b, 0);
}

/* The same as GenX_IR 1.0.12504 writes them: an instruction with exec /
 * predicate slots keeps only as many slots as it has explicit operands. */
static void small_code_genx(Buf *b)
{
	u8(b, 0x30); u16(b, 0);
	/* add: 3 operands -> slots exec, pred, dst */
	u8(b, 0x01); u8(b, 0x03); u16(b, 0);
	u8(b, 0x00); u32(b, 33); u8(b, 0); u8(b, 0); u16(b, 0x0200);
	/* cmp: 4 operands (relation, dst, src0, src1) -> exec, relation, dst, src0 */
	u8(b, 0x2C); u8(b, 0x03); u8(b, 0x04);
	u8(b, 0x02); u16(b, 1);
	u8(b, 0x00); u32(b, 32); u8(b, 0); u8(b, 1); u16(b, 0x0121);
	/* goto: 1 operand -> exec only */
	u8(b, 0x6C); u8(b, 0x03);
	u8(b, 0x31); u16(b, 1);
	/* ret: no operand -> the opcode alone */
	u8(b, 0x34);
}

enum { FULL_CODE_SIZE = 3 + 28 + 21 + 6 + 3 + 4 };

/* kernel_data of small_kernel around the given instruction bytes */
static void small_kernel_data(Buf *b, const Buf *code, size_t *input_at)
{
	static const char *const predef[] = {
		"%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y", "%group_id_z",
		"%tsc", "%r0", "%arg", "%retval", "%sp", "%fp", "%hw_id", "%sr0", "%cr0",
		"%ce0", "%dbg0", "%color", "%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0",
		"%slm", "T1", "T2", "TSS", "%bss", "%scratch", "S31",
	};
	size_t i;
	/* string pool: 0 k, 1..28 predefined, 29 A, 30 A_f, 31 P0, 32 Target,
	 * 33 SimdSize, 34 _main, 35 L0_x */
	u32(b, 36);
	str0(b, "k");
	for (i = 0; i < 28; i++)
		str0(b, predef[i]);
	str0(b, "A"); str0(b, "A_f"); str0(b, "P0"); str0(b, "Target"); str0(b, "SimdSize");
	str0(b, "_main"); str0(b, "L0_x");
	u32(b, 0); /* name_index */
	u32(b, 2); /* variables */
	/* A: name 29, type D (1) | align GRF (5) << 4, 8 elements, no alias, no attributes */
	u32(b, 29); u8(b, 0x51); u16(b, 8); u32(b, 0); u16(b, 0); u8(b, 0); u8(b, 0);
	/* A_f: name 30, type F (7) | GRF, alias of var 32 at byte 0 */
	u32(b, 30); u8(b, 0x57); u16(b, 8); u32(b, 32); u16(b, 0); u8(b, 0); u8(b, 0);
	u16(b, 0); /* addresses */
	u16(b, 1); /* predicates: P0, 8 lanes */
	u32(b, 31); u16(b, 8); u8(b, 0);
	u16(b, 2); /* labels: _main subroutine (1), L0_x block (0) */
	u32(b, 34); u8(b, 1); u8(b, 0);
	u32(b, 35); u8(b, 0); u8(b, 0);
	u8(b, 0); u8(b, 0); u8(b, 0); /* samplers, surfaces, vme */
	*input_at = b->n;
	u32(b, 1); /* inputs: general (0), var 32, offset 32, size 32 */
	u8(b, 0); u32(b, 32); u16(b, 32); u16(b, 32);
	u32(b, FULL_CODE_SIZE);
	u32(b, (uint32_t)(b->n + 4 + 2 + 6 + 9)); /* entry */
	u16(b, 2); /* attributes: Target = 1 (3d), one byte; SimdSize = 8, four bytes */
	u32(b, 32); u8(b, 1); u8(b, 1);
	u32(b, 33); u8(b, 4); u32(b, 8);
	buf_add(b, code->s, code->n);
	for (i = code->n; i < FULL_CODE_SIZE; i++)
		u8(b, 0);
}

/* the whole file: header (no Gen binary) and the kernel */
static void small_file(Buf *b, const Buf *code)
{
	Buf kd = {0};
	size_t input_at, header = 4 + 2 + 2 + 2 + 1 + 4 + 4 + 4 + 2 + 2 + 1 + 2 + 2;
	small_kernel_data(&kd, code, &input_at);
	buf_add(b, "CISA", 4);
	u8(b, 4); u8(b, 1);   /* version 4.1 */
	u16(b, 1);            /* kernels */
	u16(b, 1); buf_add(b, "k", 1);
	u32(b, (uint32_t)header);
	u32(b, (uint32_t)kd.n);
	u32(b, (uint32_t)(header + input_at));
	u16(b, 0); u16(b, 0); /* relocation tables */
	u8(b, 0);             /* Gen binaries */
	u16(b, 0); u16(b, 0); /* file-scope variables, functions */
	buf_add(b, kd.s, kd.n);
	buf_free(&kd);
}

static void check_layout(VisaBinLayout layout, void (*code)(Buf *))
{
	VKernel *k = small_kernel();
	VisaBinOptions o = {layout, 0, NULL, 0};
	Buf got = {0}, want = {0}, c = {0};
	char *why = NULL;
	size_t i;
	code(&c);
	small_file(&want, &c);
	CU_ASSERT_EQUAL_FATAL(vk_isa(k, &o, &got, &why), 0);
	CU_ASSERT_EQUAL(got.n, want.n);
	for (i = 0; i < got.n && i < want.n; i++)
		if (got.s[i] != want.s[i])
			break;
	if (i < got.n || i < want.n)
		fprintf(stderr, "\n  first difference at byte %zu\n", i);
	CU_ASSERT(got.n == want.n && memcmp(got.s, want.s, got.n) == 0);
	buf_free(&got);
	buf_free(&want);
	buf_free(&c);
	free(why);
	vk_free(k);
}

static void test_full_layout(void) { check_layout(VB_FULL, small_code_full); }
static void test_genx_ir_layout(void) { check_layout(VB_GENX_IR, small_code_genx); }

/* The Gen binary goes after the kernel, described by one gen_binary_info. */
static void test_gen_binary(void)
{
	static const uint8_t gen[] = {0xde, 0xad, 0xbe, 0xef, 0x01};
	VKernel *k = small_kernel();
	VisaBinOptions o = {VB_FULL, visa_platform_code("TGLLP"), gen, sizeof gen};
	Buf b = {0};
	char *why = NULL;
	CU_ASSERT_EQUAL(o.gen_platform, 12);
	CU_ASSERT_EQUAL_FATAL(vk_isa(k, &o, &b, &why), 0);
	/* header: magic 4, version 2, count 2, name_len 2 + "k" (offset 10),
	 * offset 11, size 15, input offset 19, two 2-byte relocation counts,
	 * num_gen_binaries 27, platform 28, binary offset 29, size 33, then
	 * file-scope variable and function counts: 41 bytes */
	CU_ASSERT_EQUAL((uint8_t)b.s[27], 1);
	CU_ASSERT_EQUAL((uint8_t)b.s[28], 12);
	CU_ASSERT_EQUAL(rd32(b.s + 11), 41);                      /* kernel after the header */
	CU_ASSERT_EQUAL(rd32(b.s + 29), 41 + rd32(b.s + 15));     /* Gen binary after the kernel */
	CU_ASSERT_EQUAL(rd32(b.s + 33), sizeof gen);
	CU_ASSERT(b.n == 41 + rd32(b.s + 15) + sizeof gen);
	CU_ASSERT(memcmp(b.s + b.n - sizeof gen, gen, sizeof gen) == 0);
	/* input_offset points at num_inputs = 1 followed by kind 0, var 32 */
	CU_ASSERT_EQUAL(rd32(b.s + rd32(b.s + 19)), 1);
	CU_ASSERT_EQUAL(rd32(b.s + rd32(b.s + 19) + 5), 32);
	buf_free(&b);
	vk_free(k);
}

/* Message operands: raw operands are a variable number and a byte offset;
 * svm_atomic takes the text's address dst src0 src1 as address src0 src1 dst. */
static void test_svm_atomic(void)
{
	VKernel *k = vk_new("k", 8, 32);
	VDecl *ad = vk_decl(k, "ADDR", VT_UQ, 8, 0), *v = vk_decl(k, "V", VT_UD, 8, 0);
	VDecl *null = vk_predefined(k, "%null", VT_UD);
	VisaBinOptions o = {VB_FULL, 0, NULL, 0};
	VInst *in = vk_emit(k, "svm_atomic.add", 8, 3);
	Buf b = {0};
	char *why = NULL;
	static const uint8_t want[] = {
		0x4E, 0x05,             /* svm, sub-opcode atomic */
		0x23,                   /* exec 8 | M3 (2) << 4 */
		0x00, 0x00,             /* no predicate */
		0x00,                   /* operation add */
		32, 0, 0, 0, 64, 0,     /* address ADDR.64 */
		33, 0, 0, 0, 32, 0,     /* src0 V.32 */
		0, 0, 0, 0, 0, 0,       /* src1 %null.0 */
		33, 0, 0, 0, 0, 0,      /* dst V.0 */
		0x34, 0x00, 0x00, 0x00, /* ret (M1, 1) */
	};
	in->ops[0] = vo_raw(ad, 64);
	in->ops[1] = vo_raw(v, 0);
	in->ops[2] = vo_raw(v, 32);
	in->ops[3] = vo_raw(null, 0);
	in->nops = 4;
	vk_emit(k, "ret", 1, 1);
	CU_ASSERT_EQUAL_FATAL(vk_isa(k, &o, &b, &why), 0);
	/* the instructions end the file (after the 3-byte func _main) */
	CU_ASSERT_FATAL(b.n > sizeof want);
	CU_ASSERT(memcmp(b.s + b.n - sizeof want, want, sizeof want) == 0);
	CU_ASSERT_EQUAL((uint8_t)b.s[b.n - sizeof want - 3], 0x30);
	buf_free(&b);
	vk_free(k);
}

static void test_unsupported(void)
{
	VKernel *k = vk_new("k", 8, 32);
	VisaBinOptions o = {VB_FULL, 0, NULL, 0};
	Buf b = {0};
	char *why = NULL;
	vk_emit(k, "frobnicate", 8, 1);
	CU_ASSERT_EQUAL(vk_isa(k, &o, &b, &why), -1);
	CU_ASSERT_PTR_NOT_NULL_FATAL(why);
	CU_ASSERT(strstr(why, "frobnicate") != NULL);
	free(why);
	buf_free(&b);
	vk_free(k);
}

int add_visa_bin_suite(void)
{
	CU_pSuite s = CU_add_suite("visa_bin", NULL, NULL);
	if (!s ||
	    !CU_add_test(s, "whole file, every operand", test_full_layout) ||
	    !CU_add_test(s, "whole file, GenX_IR's truncated operands", test_genx_ir_layout) ||
	    !CU_add_test(s, "embedded Gen binary", test_gen_binary) ||
	    !CU_add_test(s, "svm_atomic operand order", test_svm_atomic) ||
	    !CU_add_test(s, "unsupported instruction", test_unsupported))
		return -1;
	return 0;
}
