/* test_visa.c - CUnit tests for src/visa: declarations, aliases, operand
 * regions and the .visaasm text, checked against the vISA assembly syntax
 * GenX_IR reads (IGC 1.0.12504's CISA grammar). */
#include <stdlib.h>
#include <string.h>

#include <CUnit/Basic.h>

#include "visa/visa.h"
#include "testutil.h"

static int has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *p = text;
	while ((p = strstr(p, line))) {
		if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
			return 1;
		p += n;
	}
	return 0;
}

static void test_header_and_attributes(void)
{
	VKernel *k = vk_new("saxpy", 16, 32);
	char *t = vk_text(k);
	CU_ASSERT(strncmp(t, ".version 4.1\n.kernel \"saxpy\"\n", 29) == 0);
	CU_ASSERT(has_line(t, ".kernel_attr Target=\"3d\""));
	CU_ASSERT(has_line(t, ".kernel_attr SimdSize=16"));
	CU_ASSERT(has_line(t, ".function \"_main\""));
	CU_ASSERT(has_line(t, "_main:"));
	CU_ASSERT(strstr(t, "SpillMemOffset") == NULL);
	free(t);
	k->spill_mem_offset = 8192;
	t = vk_text(k);
	CU_ASSERT(has_line(t, ".kernel_attr SpillMemOffset=8192"));
	free(t);
	vk_free(k);
}

static void test_declarations_and_aliases(void)
{
	VKernel *k = vk_new("k", 16, 32);
	VDecl *r = vk_decl(k, "r1_x", VT_D, 16, 0);
	VDecl *f = vk_alias(k, r, VT_F, 0), *f2 = vk_alias(k, r, VT_F, 0);
	VDecl *a = vk_decl(k, "ADDR", VT_UQ, 16, 0);
	VDecl *a32 = vk_alias(k, a, VT_UD, 0);
	VDecl *p = vk_pred(k);
	char *t;
	vk_input(k, r, 128, 64);
	t = vk_text(k);
	CU_ASSERT_PTR_EQUAL(f, f2);
	CU_ASSERT_PTR_EQUAL(vk_alias(k, r, VT_D, 0), r);
	CU_ASSERT_EQUAL(a32->nelts, 32);
	CU_ASSERT(has_line(t, ".decl r1_x v_type=G type=d num_elts=16 align=GRF"));
	CU_ASSERT(has_line(t, ".decl r1_x_f v_type=G type=f num_elts=16 align=GRF alias=<r1_x, 0>"));
	CU_ASSERT(has_line(t, ".decl ADDR_ud v_type=G type=ud num_elts=32 align=GRF alias=<ADDR, 0>"));
	CU_ASSERT(strstr(t, ".decl P") && strstr(t, " v_type=P num_elts=16"));
	CU_ASSERT(has_line(t, ".input r1_x offset=128 size=64"));
	(void)p;
	free(t);
	vk_free(k);
}

static void test_operand_rows_and_columns(void)
{
	VKernel *k = vk_new("k", 32, 32);
	VDecl *d = vk_decl(k, "V", VT_D, 32, 0), *w = vk_decl(k, "W", VT_UW, 32, 0);
	VInst *in = vk_emit(k, "add", 16, 5);
	char *t;
	in->ops[0] = vo_dst(d, 16);           /* element 16 of dwords: row 2 on 32-byte GRFs */
	in->ops[1] = vo_src(w, 16);           /* element 16 of words: row 1 */
	in->ops[2] = vo_mod(vo_scalar(d, 3), VM_NEG);
	in->nops = 3;
	in = vk_emit(k, "mov", 16, 1);
	in->nomask = 1;
	in->ops[0] = vo_dst_stride(d, 1, 2);
	in->ops[1] = vo_imm(0xffffffffu, VT_UD);
	in->nops = 2;
	t = vk_text(k);
	CU_ASSERT(has_line(t, "    add (M5, 16) V(2,0)<1> W(1,0)<1;1,0> (-)V(0,3)<0;1,0>"));
	CU_ASSERT(has_line(t, "    mov (M1_NM, 16) V(0,1)<2> 0xffffffff:ud"));
	free(t);
	vk_free(k);
}

static void test_predicates_labels_messages(void)
{
	VKernel *k = vk_new("k", 16, 32);
	VDecl *p = vk_pred(k), *a = vk_decl(k, "A", VT_UQ, 16, 0), *v = vk_decl(k, "D", VT_UD, 16, 0);
	const char *lab = vk_label_name(k, "else");
	VInst *in = vk_emit(k, "goto", 16, 1);
	char *t;
	in->pred = p;
	in->pred_not = 1;
	in->ops[0] = vo_label(lab);
	in->nops = 1;
	in = vk_emit(k, "svm_gather4scaled.RG", 16, 1);
	in->ops[0] = vo_imm(0, VT_UQ);
	in->ops[1] = vo_raw(a, 0);
	in->ops[2] = vo_raw(v, 64);
	in->nops = 3;
	vk_label(k, lab);
	t = vk_text(k);
	CU_ASSERT(strstr(t, ") goto (M1, 16) L0_else\n") != NULL);
	CU_ASSERT(strstr(t, "    (!P") != NULL);
	CU_ASSERT(has_line(t, "    svm_gather4scaled.RG (M1, 16) 0x0:uq A.0 D.64"));
	CU_ASSERT(has_line(t, "L0_else:"));
	free(t);
	vk_free(k);
}

static void test_pvc_rows(void)
{
	VKernel *k = vk_new("k", 16, 64);
	VDecl *d = vk_decl(k, "V", VT_D, 32, 0);
	VInst *in = vk_emit(k, "mov", 16, 5);
	char *t;
	in->ops[0] = vo_dst(d, 16);            /* 64 bytes in: row 1 on 64-byte GRFs */
	in->ops[1] = vo_imm(1, VT_D);
	in->nops = 2;
	t = vk_text(k);
	CU_ASSERT(has_line(t, "    mov (M5, 16) V(1,0)<1> 0x1:d"));
	free(t);
	vk_free(k);
}

static void test_deterministic(void)
{
	char *t[2];
	int i;
	for (i = 0; i < 2; i++) {
		VKernel *k = vk_new("k", 8, 32);
		VDecl *d = vk_temp(k, "T", VT_F, 8);
		VInst *in = vk_emit(k, "mul", 8, 1);
		in->ops[0] = vo_dst(d, 0);
		in->ops[1] = vo_src(d, 0);
		in->ops[2] = vo_imm(0x3f800000, VT_F);
		in->nops = 3;
		t[i] = vk_text(k);
		vk_free(k);
	}
	CU_ASSERT_STRING_EQUAL(t[0], t[1]);
	free(t[0]);
	free(t[1]);
}

/* op dst, a (, b): a one-instruction helper for the pass tests */
static VInst *op2(VKernel *k, const char *op, VDecl *d, VDecl *a, VDecl *b)
{
	VInst *in = vk_emit(k, op, 16, 1);
	in->ops[0] = vo_dst(d, 0);
	in->ops[1] = vo_src(a, 0);
	in->nops = 2;
	if (b) {
		in->ops[2] = vo_src(b, 0);
		in->nops = 3;
	}
	return in;
}

static void call(VKernel *k, const char *f)
{
	VInst *in = vk_emit(k, "call", 16, 1);
	in->ops[0] = vo_label(f);
	in->nops = 1;
}

static void ret(VKernel *k)
{
	VInst *in = vk_emit(k, "ret", 16, 1);
	in->nops = 0;
}

/* vk_inline: ONCE (one call site) is copied in place of its call, TWICE
 * (two) stays a subroutine; the instructions keep their order */
static void test_inline(void)
{
	VKernel *k = vk_new("k", 16, 32);
	VDecl *a = vk_decl(k, "A", VT_UD, 16, 0), *b = vk_decl(k, "B", VT_UD, 16, 0);
	VFunc *m = k->cur;
	char *t;
	op2(k, "mov", a, b, NULL);
	call(k, "ONCE");
	call(k, "TWICE");
	call(k, "TWICE");
	op2(k, "add", b, a, a);
	k->cur = vk_func(k, "ONCE");
	op2(k, "mul", a, a, b);
	ret(k);
	k->cur = vk_func(k, "TWICE");
	op2(k, "xor", a, a, b);
	ret(k);
	k->cur = m;
	vk_inline(k);
	t = vk_text(k);
	CU_ASSERT_EQUAL(k->funcs.n, 2);
	CU_ASSERT(strstr(t, "call (M1, 16) ONCE") == NULL && strstr(t, ".function \"ONCE\"") == NULL);
	CU_ASSERT(has_line(t, ".function \"TWICE\""));
	CU_ASSERT(strstr(t, "    mov (M1, 16) A(0,0)<1> B(0,0)<1;1,0>\n"
	                    "    mul (M1, 16) A(0,0)<1> A(0,0)<1;1,0> B(0,0)<1;1,0>\n"
	                    "    call (M1, 16) TWICE\n"
	                    "    call (M1, 16) TWICE\n"
	                    "    add (M1, 16) B(0,0)<1> A(0,0)<1;1,0> A(0,0)<1;1,0>\n") != NULL);
	free(t);
	vk_free(k);
}

/* vk_dce: an unread chain and an unread cycle go; a value read by a
 * message, a compare whose predicate only guards a goto, and a write of
 * %cr0 stay */
static void test_dce(void)
{
	VKernel *k = vk_new("k", 16, 32);
	VDecl *x = vk_decl(k, "X", VT_UD, 16, 0), *y = vk_decl(k, "Y", VT_UD, 16, 0);
	VDecl *c1 = vk_decl(k, "C1", VT_UD, 16, 0), *c2 = vk_decl(k, "C2", VT_UD, 16, 0);
	VDecl *live = vk_decl(k, "LIVE", VT_UD, 16, 0), *addr = vk_decl(k, "ADDR", VT_UQ, 16, 0);
	VDecl *lv = vk_alias(k, live, VT_F, 0), *p = vk_pred(k);
	VDecl *cr0 = vk_predefined(k, "%cr0", VT_UD);
	const char *lab = vk_label_name(k, "skip");
	VInst *in;
	char *t;
	op2(k, "mov", x, live, NULL);      /* chain X -> Y, never read: dead */
	op2(k, "add", y, x, x);
	op2(k, "mov", c1, c2, NULL);       /* cycle C1 <-> C2: dead */
	op2(k, "mov", c2, c1, NULL);
	op2(k, "mul", lv, lv, lv);         /* LIVE through its f view: read below */
	in = vk_emit(k, "cmp.lt", 16, 1);  /* predicate read only as a guard */
	in->ops[0] = vo_predop(p);
	in->ops[1] = vo_src(live, 0);
	in->ops[2] = vo_imm(4, VT_UD);
	in->nops = 3;
	in = vk_emit(k, "goto", 16, 1);
	in->pred = p;
	in->ops[0] = vo_label(lab);
	in->nops = 1;
	in = vk_emit(k, "svm_scatter4scaled.R", 16, 1);
	in->ops[0] = vo_imm(0, VT_UQ);
	in->ops[1] = vo_raw(addr, 0);
	in->ops[2] = vo_raw(live, 0);
	in->nops = 3;
	vk_label(k, lab);
	in = vk_emit(k, "or", 1, 1);       /* a predefined variable: kept */
	in->nomask = 1;
	in->ops[0] = vo_dst(cr0, 0);
	in->ops[1] = vo_scalar(cr0, 0);
	in->ops[2] = vo_imm(0x40, VT_UD);
	in->nops = 3;
	vk_dce(k);
	t = vk_text(k);
	CU_ASSERT(strstr(t, "    mov (M1, 16) X(") == NULL && strstr(t, "    add (M1, 16) Y(") == NULL);
	CU_ASSERT(strstr(t, "    mov (M1, 16) C1(") == NULL && strstr(t, "    mov (M1, 16) C2(") == NULL);
	CU_ASSERT(strstr(t, "    mul (M1, 16) LIVE_f(") != NULL);
	CU_ASSERT(strstr(t, "cmp.lt (M1, 16) P") != NULL);
	CU_ASSERT(strstr(t, ") goto (M1, 16) L0_skip") != NULL);
	CU_ASSERT(strstr(t, "svm_scatter4scaled.R") != NULL);
	CU_ASSERT(strstr(t, "or (M1_NM, 1) %cr0(0,0)<1>") != NULL);
	CU_ASSERT_EQUAL(k->funcs.v[0]->code.n, 6);
	free(t);
	vk_free(k);
}

/* vk_prune_decls: a declaration nothing refers to goes, with its unused
 * views; one used only through a view, an input, and an alias's base stay;
 * the rest renumbered in order, and a later vk_alias makes a fresh view */
static void test_prune_decls(void)
{
	VKernel *k = vk_new("k", 16, 32);
	VDecl *a = vk_decl(k, "A", VT_D, 16, 0), *unused = vk_decl(k, "UNUSED", VT_D, 16, 0);
	VDecl *b = vk_decl(k, "B", VT_D, 16, 0), *in = vk_decl(k, "IN", VT_UD, 8, 4);
	VDecl *au = vk_alias(k, a, VT_UD, 0), *af = vk_alias(k, a, VT_F, 0);
	VDecl *bf = vk_alias(k, b, VT_F, 0), *again;
	char *t;
	vk_input(k, in, 32, 32);
	op2(k, "mov", au, bf, NULL); /* A through its :ud view; B through its :f one */
	vk_prune_decls(k);
	t = vk_text(k);
	CU_ASSERT(strstr(t, "UNUSED") == NULL && strstr(t, "A_f") == NULL);
	CU_ASSERT(has_line(t, ".decl A v_type=G type=d num_elts=16 align=GRF"));
	CU_ASSERT(has_line(t, ".decl B v_type=G type=d num_elts=16 align=GRF"));
	CU_ASSERT(strstr(t, ".decl IN ") != NULL && strstr(t, ".decl A_ud ") != NULL && strstr(t, ".decl B_f ") != NULL);
	CU_ASSERT_EQUAL(k->decls.n, 5);
	CU_ASSERT(a->index == 0 && b->index == 1 && in->index == 2 && au->index == 3 && bf->index == 4);
	CU_ASSERT(vk_alias(k, a, VT_UD, 0) == au);
	again = vk_alias(k, a, VT_F, 0); /* the dropped view is not handed out again */
	CU_ASSERT(again != af && again->index == 5 && k->decls.n == 6);
	(void)unused;
	free(t);
	vk_free(k);
}

int add_visa_suite(void)
{
	CU_pSuite s = CU_add_suite("visa", NULL, NULL);
	if (!s ||
	    !CU_add_test(s, "header and kernel attributes", test_header_and_attributes) ||
	    !CU_add_test(s, "declarations, aliases, inputs", test_declarations_and_aliases) ||
	    !CU_add_test(s, "operand rows and columns", test_operand_rows_and_columns) ||
	    !CU_add_test(s, "predicates, labels, message operands", test_predicates_labels_messages) ||
	    !CU_add_test(s, "64-byte GRF rows", test_pvc_rows) ||
	    !CU_add_test(s, "same kernel, same text", test_deterministic) ||
	    !CU_add_test(s, "vk_inline: one call site inlined, two kept", test_inline) ||
	    !CU_add_test(s, "vk_dce: unread chains and cycles removed, effects kept", test_dce) ||
	    !CU_add_test(s, "vk_prune_decls: unreferenced declarations dropped, the rest renumbered",
	                 test_prune_decls))
		return -1;
	return 0;
}
