/* visa_bin.c - the binary vISA object writer (<kernel>.isa).
 *
 * Serialises the in-memory VKernel, the same structure visa_text.c prints, in
 * the binary vISA 4.1 format (the "virtual ISA object format" and "operands"
 * chapters of the vISA specification), with every choice the specification
 * leaves open made as IGC 1.0.12504's finalizer (GenX_IR) makes it when it
 * reads our .visaasm text, so that the bytes equal the .isa it writes.  The
 * points where the finalizer differs from the specification are listed in
 * docs/visa-binary.txt; the main ones:
 *
 *  - identifiers are numbered in the order the finalizer's text parser meets
 *    them: the string pool holds the kernel name, the predefined variables'
 *    names, every declaration, every attribute name, then label names (at
 *    their first mention: definition, goto or call) and faddr symbols;
 *  - general variables 0..31 are predefined (V0..V31, 21 of them named),
 *    surfaces 0..5 are predefined (%slm, T1, T2, TSS, %bss, %scratch),
 *    predicates count from 1 (P0 is "no predicate");
 *  - the header's name_len fields are two bytes;
 *  - the finalizer embeds the Gen binary it compiled (a fat binary).
 *
 * Layout VB_GENX_IR reproduces one defect of that finalizer's writer: of an
 * instruction whose descriptor has execution-size / predicate slots it writes
 * only as many slots as the instruction has explicit operands (so trailing
 * operands are lost) while still counting the full size; the unwritten bytes
 * end up as zeros at the end of the kernel object.  Such a file cannot be read
 * back.  VB_FULL writes every operand; GenX_IR reads it and compiles it to the
 * same code as the text.
 */
#include <stdlib.h>
#include <string.h>

#include "visa.h"

/* ---- vISA binary constants (vISA spec, IGC 1.0.12504 visa_igc_common_header.h) */

enum {
	OP_ADD = 0x01, OP_AVG, OP_DIV, OP_DP2, OP_DP3, OP_DP4, OP_DPH, OP_EXP, OP_FRC,
	OP_LINE, OP_LOG, OP_MAD, OP_MULH, OP_LRP, OP_MOD, OP_MUL, OP_POW, OP_RNDD,
	OP_RNDU, OP_RNDE, OP_RNDZ, OP_SAD2, OP_SIN, OP_COS, OP_SQRT, OP_RSQRT, OP_INV,
	OP_LZD = 0x1F, OP_AND = 0x20, OP_OR, OP_XOR, OP_NOT, OP_SHL, OP_SHR, OP_ASR,
	OP_CBIT, OP_MOV = 0x29, OP_SEL, OP_CMP = 0x2C, OP_MOVS, OP_FBL, OP_FBH,
	OP_SUBROUTINE = 0x30, OP_LABEL, OP_JMP, OP_CALL, OP_RET,
	OP_FMINMAX = 0x45, OP_BFE, OP_BFI, OP_BFREV, OP_ADDC, OP_SUBB,
	OP_GATHER4_TYPED = 0x4B, OP_SCATTER4_TYPED, OP_SVM = 0x4E, OP_FADDR = 0x50,
	OP_BARRIER = 0x59, OP_FENCE = 0x5C, OP_GOTO = 0x6C, OP_3D_SAMPLE, OP_3D_LOAD,
	OP_GATHER4_SCALED = 0x74, OP_SCATTER4_SCALED, OP_GATHER_SCALED = 0x78,
	OP_SCATTER_SCALED, OP_DWORD_ATOMIC = 0x7D,
};

enum { SVM_GATHER = 3, SVM_SCATTER, SVM_ATOMIC, SVM_GATHER4SCALED, SVM_SCATTER4SCALED };
enum { TAG_GENERAL = 0, TAG_PREDICATE = 2, TAG_IMMEDIATE = 5, TAG_STATE = 6 };
enum { MOD_ABS = 1, MOD_NEG = 2, MOD_NEG_ABS = 3, MOD_SAT = 4, MOD_NOT = 5 };
enum { LABEL_BLOCK = 0, LABEL_SUBROUTINE = 1 };
enum { PREDEF_VARS = 32, PREDEF_SURFACES = 6 };

/* VType -> vISA type code */
static const uint8_t type_code[] = {
	[VT_UD] = 0x0, [VT_D] = 0x1, [VT_UW] = 0x2, [VT_W] = 0x3, [VT_UB] = 0x4,
	[VT_B] = 0x5, [VT_DF] = 0x6, [VT_F] = 0x7, [VT_V] = 0x8, [VT_UQ] = 0xB,
	[VT_Q] = 0xD, [VT_HF] = 0xE,
};

/* The predefined variables by name: general V0..V20 (V21..V31 are reserved
 * and unnamed), surfaces T0..T5 and the bindless sampler S31, in the order
 * the finalizer adds their names to the string pool. */
static const char *const predef_general[] = {
	"%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y", "%group_id_z",
	"%tsc", "%r0", "%arg", "%retval", "%sp", "%fp", "%hw_id", "%sr0", "%cr0",
	"%ce0", "%dbg0", "%color", "%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0",
};
static const char *const predef_surface[PREDEF_SURFACES] = {
	"%slm", "T1", "T2", "TSS", "%bss", "%scratch",
};
#define BINDLESS_SAMPLER "S31"
#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* ---- byte output -------------------------------------------------------- */

static void put8(Buf *b, unsigned v) { uint8_t c = (uint8_t)v; buf_add(b, &c, 1); }
static void put16(Buf *b, unsigned v) { put8(b, v); put8(b, v >> 8); }
static void put32(Buf *b, uint32_t v) { put16(b, v & 0xFFFF); put16(b, v >> 16); }
static void put64(Buf *b, uint64_t v) { put32(b, (uint32_t)v); put32(b, (uint32_t)(v >> 32)); }

/* ---- the writer's state ------------------------------------------------- */

typedef struct Label {
	const char *name;
	int kind;
	uint32_t str;              /* its string */
} Label;

typedef struct W {
	const VKernel *k;
	VisaBinLayout layout;
	VEC(const char *) strings; /* string pool, index 0 = kernel name */
	VEC(Label) labels;
	int *id;                   /* per decl (by VDecl.index): its number in its table */
	Buf code;                  /* instructions as written */
	size_t code_size;          /* instructions' full size */
	char *err;                 /* first error */
} W;

static int fail(W *w, const char *fmt, const char *a, const char *b)
{
	if (!w->err)
		w->err = xasprintf(fmt, a, b ? b : "");
	return -1;
}

static uint32_t add_string(W *w, const char *s)
{
	vec_push(&w->strings, s);
	return (uint32_t)w->strings.n - 1;
}

static int find_name(const char *const *t, size_t n, const char *name)
{
	size_t i;
	for (i = 0; i < n; i++)
		if (!strcmp(t[i], name))
			return (int)i;
	return -1;
}

/* Numbers every declaration as the finalizer does: general variables after
 * the 32 predefined ones, surfaces after the 6 predefined ones, predicates
 * from 1, samplers and addresses from 0.  Predefined decls take their fixed
 * numbers by name. */
static int number_decls(W *w)
{
	const VKernel *k = w->k;
	int ngen = PREDEF_VARS, npred = 1, naddr = 0, nsurf = PREDEF_SURFACES, nsamp = 0;
	size_t i;
	w->id = xcalloc(k->decls.n + 1, sizeof *w->id);
	for (i = 0; i < k->decls.n; i++) {
		const VDecl *d = k->decls.v[i];
		if (d->predefined) {
			int g = find_name(predef_general, NELEM(predef_general), d->name);
			int s = find_name(predef_surface, NELEM(predef_surface), d->name);
			if (g < 0 && s < 0 && strcmp(d->name, BINDLESS_SAMPLER))
				return fail(w, "unknown predefined variable '%s'%s", d->name, NULL);
			w->id[i] = g >= 0 ? g : s >= 0 ? s : 31;
			continue;
		}
		switch (d->kind) {
		case VD_GENERAL: w->id[i] = ngen++; break;
		case VD_PRED: w->id[i] = npred++; break;
		case VD_ADDR: w->id[i] = naddr++; break;
		case VD_SURFACE: w->id[i] = nsurf++; break;
		case VD_SAMPLER: w->id[i] = nsamp++; break;
		}
	}
	return 0;
}

/* The finalizer's label table: one entry per name and kind, created where
 * the text first mentions it (.function, a definition, goto or call). */
static int label_id(W *w, const char *name, int kind)
{
	size_t i;
	for (i = 0; i < w->labels.n; i++)
		if (w->labels.v[i].kind == kind && !strcmp(w->labels.v[i].name, name))
			return (int)i;
	{
		Label l = {name, kind, add_string(w, name)};
		vec_push(&w->labels, l);
	}
	return (int)w->labels.n - 1;
}

/* ---- operands ----------------------------------------------------------- */

/* vISA region code of a stride or width: 0 -> 1, 1 -> 2, 2 -> 3, 4 -> 4 ... 32 -> 7 */
static int region_code(int v)
{
	int c = 2;
	if (v == 0)
		return 1;
	while (v > 1 && c < 8) {
		if (v & 1)
			return -1;
		v >>= 1;
		c++;
	}
	return v == 1 && c < 8 ? c : -1;
}

static int exec_code(int n)
{
	switch (n) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	case 16: return 4;
	case 32: return 5;
	}
	return -1;
}

/* One instruction being encoded: its bytes and where each descriptor slot
 * ends, so that VB_GENX_IR can keep the first n slots. */
typedef struct Enc {
	Buf b;
	size_t end[40];
	int nslots, nexplicit;
} Enc;

static void slot_end(Enc *e, int is_explicit)
{
	if (e->nslots < (int)NELEM(e->end))
		e->end[e->nslots++] = e->b.n;
	e->nexplicit += is_explicit;
}

static int var_id(W *w, const VDecl *d) { return w->id[d->index]; }

static int vec_opnd(W *w, Enc *e, const VInst *in, const VOpnd *o, int is_dst)
{
	static const int mods[] = {[VM_NONE] = 0, [VM_NEG] = MOD_NEG, [VM_ABS] = MOD_ABS,
	                           [VM_NEGABS] = MOD_NEG_ABS, [VM_NOT] = MOD_NOT};
	switch (o->kind) {
	case VO_REG: {
		int vs = region_code(o->vs), wd = region_code(o->w), hs = region_code(o->hs);
		unsigned tag = TAG_GENERAL | mods[o->mod] << 3;
		if (o->var->kind != VD_GENERAL)
			return fail(w, "'%s': '%s' is not a general variable", in->op, o->var->name);
		if (is_dst && in->sat && o == &in->ops[0])
			tag += MOD_SAT << 3;
		if (hs < 0 || (!is_dst && (vs < 0 || wd < 0)))
			return fail(w, "'%s': invalid region on '%s'", in->op, o->var->name);
		put8(&e->b, tag);
		put32(&e->b, (uint32_t)var_id(w, o->var));
		put8(&e->b, o->row);
		put8(&e->b, o->col);
		put16(&e->b, is_dst ? (unsigned)hs << 8 : (unsigned)(vs | wd << 4 | hs << 8));
		break;
	}
	case VO_IMM: {
		uint64_t v = o->imm;
		if (is_dst || o->mod)
			return fail(w, "'%s': an immediate cannot be a destination or take a modifier%s", in->op, NULL);
		/* the text parser reads a :f literal through a double, which quiets a
		 * signalling NaN; the finalizer sees the quiet one */
		if (o->itype == VT_F && (v & 0x7F800000u) == 0x7F800000u && (v & 0x7FFFFFu) && !(v & 0x400000u))
			v |= 0x400000u;
		put8(&e->b, TAG_IMMEDIATE);
		put8(&e->b, type_code[o->itype]);
		if (o->itype == VT_Q || o->itype == VT_UQ || o->itype == VT_DF)
			put64(&e->b, v);
		else
			put32(&e->b, (uint32_t)v);
		break;
	}
	case VO_PRED:
		put8(&e->b, TAG_PREDICATE);
		put16(&e->b, (unsigned)var_id(w, o->var) & 0xFFF);
		break;
	case VO_STATE:
		put8(&e->b, TAG_STATE);
		put8(&e->b, o->var->kind == VD_SAMPLER ? 1 : 0);
		put16(&e->b, (unsigned)var_id(w, o->var));
		put8(&e->b, o->off);
		break;
	default:
		return fail(w, "'%s': unsupported vector operand%s", in->op, NULL);
	}
	slot_end(e, 1);
	return 0;
}

static int raw_opnd(W *w, Enc *e, const VInst *in, const VOpnd *o)
{
	if (o->kind != VO_RAW)
		return fail(w, "'%s': a message operand must be a raw operand%s", in->op, NULL);
	put32(&e->b, (uint32_t)var_id(w, o->var));
	put16(&e->b, (unsigned)o->off);
	slot_end(e, 1);
	return 0;
}

/* a surface or sampler named by a message: its number, one byte */
static int state_handle(W *w, Enc *e, const VInst *in, const VOpnd *o)
{
	if (o->kind != VO_SURF)
		return fail(w, "'%s': expected a surface or sampler operand%s", in->op, NULL);
	put8(&e->b, (unsigned)var_id(w, o->var));
	slot_end(e, 1);
	return 0;
}

static void other8(Enc *e, unsigned v) { put8(&e->b, v); slot_end(e, 1); }
static void other16(Enc *e, unsigned v) { put16(&e->b, v); slot_end(e, 1); }

static int exec_slot(W *w, Enc *e, const VInst *in)
{
	int c = exec_code(in->exec ? in->exec : 1);
	int m = (in->emask ? in->emask : 1) - 1;
	if (c < 0 || m < 0 || m > 7)
		return fail(w, "'%s': invalid execution size or mask%s", in->op, NULL);
	put8(&e->b, (unsigned)(c | (m + (in->nomask ? 8 : 0)) << 4));
	slot_end(e, 0);
	return 0;
}

static void pred_slot(W *w, Enc *e, const VInst *in)
{
	unsigned v = 0;
	if (in->pred) {
		v = (unsigned)var_id(w, in->pred) & 0xFFF;
		if (in->pred_ctrl)
			v |= (unsigned)(!strcmp(in->pred_ctrl, "any") ? 1 : 2) << 13;
		if (in->pred_not)
			v |= 0x8000;
	}
	put16(&e->b, v);
	slot_end(e, 0);
}

/* ---- instruction forms -------------------------------------------------- */

typedef enum Form {
	F_ALU,      /* exec pred dst src...            (ops in order) */
	F_MINMAX,   /* exec op dst src0 src1 */
	F_CMP,      /* exec cond dst src0 src1 */
	F_MOVS,     /* exec dst src */
	F_BRANCH,   /* exec pred label                 goto, call */
	F_RET,      /* exec pred */
	F_FADDR,    /* symbol dst */
	F_FENCE,    /* mode */
	F_NONE,     /* barrier */
	F_SVM_G4S,  /* svm_gather4scaled / svm_scatter4scaled */
	F_SVM_GS,   /* svm_gather / svm_scatter */
	F_SVM_ATOM, /* svm_atomic */
	F_G4S,      /* gather4_scaled / scatter4_scaled */
	F_GS,       /* gather_scaled / scatter_scaled */
	F_DWATOM,   /* dword_atomic */
	F_TYPED,    /* gather4_typed / scatter4_typed */
	F_3D,       /* sample_lz / load_lz */
} Form;

typedef struct OpInfo {
	const char *name;  /* mnemonic before the first '.' */
	int opcode;
	Form form;
	int nops;          /* VInst operands (ALU), -1 = any */
	int sub;           /* sub-opcode / min-max selector / 3D operation */
} OpInfo;

static const OpInfo ops[] = {
	{"add", OP_ADD, F_ALU, 3, 0}, {"avg", OP_AVG, F_ALU, 3, 0}, {"div", OP_DIV, F_ALU, 3, 0},
	{"dp2", OP_DP2, F_ALU, 3, 0}, {"dp3", OP_DP3, F_ALU, 3, 0}, {"dp4", OP_DP4, F_ALU, 3, 0},
	{"dph", OP_DPH, F_ALU, 3, 0}, {"exp", OP_EXP, F_ALU, 2, 0}, {"frc", OP_FRC, F_ALU, 2, 0},
	{"line", OP_LINE, F_ALU, 3, 0}, {"log", OP_LOG, F_ALU, 2, 0}, {"mad", OP_MAD, F_ALU, 4, 0},
	{"mulh", OP_MULH, F_ALU, 3, 0}, {"lrp", OP_LRP, F_ALU, 4, 0}, {"mod", OP_MOD, F_ALU, 3, 0},
	{"mul", OP_MUL, F_ALU, 3, 0}, {"pow", OP_POW, F_ALU, 3, 0}, {"rndd", OP_RNDD, F_ALU, 2, 0},
	{"rndu", OP_RNDU, F_ALU, 2, 0}, {"rnde", OP_RNDE, F_ALU, 2, 0}, {"rndz", OP_RNDZ, F_ALU, 2, 0},
	{"sad2", OP_SAD2, F_ALU, 3, 0}, {"sin", OP_SIN, F_ALU, 2, 0}, {"cos", OP_COS, F_ALU, 2, 0},
	{"sqrt", OP_SQRT, F_ALU, 2, 0}, {"rsqrt", OP_RSQRT, F_ALU, 2, 0}, {"inv", OP_INV, F_ALU, 2, 0},
	{"lzd", OP_LZD, F_ALU, 2, 0}, {"and", OP_AND, F_ALU, 3, 0}, {"or", OP_OR, F_ALU, 3, 0},
	{"xor", OP_XOR, F_ALU, 3, 0}, {"not", OP_NOT, F_ALU, 2, 0}, {"shl", OP_SHL, F_ALU, 3, 0},
	{"shr", OP_SHR, F_ALU, 3, 0}, {"asr", OP_ASR, F_ALU, 3, 0}, {"cbit", OP_CBIT, F_ALU, 2, 0},
	{"mov", OP_MOV, F_ALU, 2, 0}, {"sel", OP_SEL, F_ALU, 3, 0}, {"fbl", OP_FBL, F_ALU, 2, 0},
	{"fbh", OP_FBH, F_ALU, 2, 0}, {"bfe", OP_BFE, F_ALU, 4, 0}, {"bfi", OP_BFI, F_ALU, 5, 0},
	{"bfrev", OP_BFREV, F_ALU, 2, 0}, {"addc", OP_ADDC, F_ALU, 4, 0}, {"subb", OP_SUBB, F_ALU, 4, 0},
	{"min", OP_FMINMAX, F_MINMAX, 3, 0}, {"max", OP_FMINMAX, F_MINMAX, 3, 1},
	{"cmp", OP_CMP, F_CMP, 3, 0}, {"movs", OP_MOVS, F_MOVS, 2, 0},
	{"goto", OP_GOTO, F_BRANCH, 1, 0}, {"call", OP_CALL, F_BRANCH, 1, 0}, {"ret", OP_RET, F_RET, 0, 0},
	{"faddr", OP_FADDR, F_FADDR, 2, 0}, {"fence_global", OP_FENCE, F_FENCE, 0, 0x00},
	{"fence_local", OP_FENCE, F_FENCE, 0, 0x20}, {"barrier", OP_BARRIER, F_NONE, 0, 0},
	{"svm_gather4scaled", OP_SVM, F_SVM_G4S, 3, SVM_GATHER4SCALED},
	{"svm_scatter4scaled", OP_SVM, F_SVM_G4S, 3, SVM_SCATTER4SCALED},
	{"svm_gather", OP_SVM, F_SVM_GS, 2, SVM_GATHER}, {"svm_scatter", OP_SVM, F_SVM_GS, 2, SVM_SCATTER},
	{"svm_atomic", OP_SVM, F_SVM_ATOM, 4, SVM_ATOMIC},
	{"gather4_scaled", OP_GATHER4_SCALED, F_G4S, 4, 0}, {"scatter4_scaled", OP_SCATTER4_SCALED, F_G4S, 4, 0},
	{"gather_scaled", OP_GATHER_SCALED, F_GS, 4, 0}, {"scatter_scaled", OP_SCATTER_SCALED, F_GS, 4, 0},
	{"dword_atomic", OP_DWORD_ATOMIC, F_DWATOM, 5, 0},
	{"gather4_typed", OP_GATHER4_TYPED, F_TYPED, 6, 0}, {"scatter4_typed", OP_SCATTER4_TYPED, F_TYPED, 6, 0},
	{"sample_lz", OP_3D_SAMPLE, F_3D, -1, 24}, {"load_lz", OP_3D_LOAD, F_3D, -1, 26},
};

static const char *const cmp_conds[] = {"eq", "ne", "gt", "ge", "lt", "le"};
static const char *const atomic_ops[] = {
	"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg", "and", "or", "xor",
	"minsint", "maxsint", "", "", "", "fmax", "fmin", "fcmpwr", "fadd", "fsub",
};

/* the dotted variant as a channel mask: R G B A -> bits 0..3 */
static int channels(const char *v)
{
	int m = 0;
	for (; v && *v; v++) {
		const char *p = strchr("RGBA", *v);
		if (!p)
			return -1;
		m |= 1 << (p - "RGBA");
	}
	return m ? m : -1;
}

static int block_num_code(int n)
{
	switch (n) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	}
	return -1;
}

/* fence options E I S C R L1 -> mode bits 0..4, 6 */
static int fence_mode(const char *v)
{
	int m = 0;
	for (; v && *v; v++) {
		if (*v == 'L' && v[1] == '1') {
			m |= 1 << 6;
			v++;
		} else {
			const char *p = strchr("EISCR", *v);
			if (!p)
				return -1;
			m |= 1 << (p - "EISCR");
		}
	}
	return m;
}

static int lookup(const char *const *t, size_t n, const char *v)
{
	return v ? find_name(t, n, v) : -1;
}

/* svm_atomic variant "<op>" or "<op>.64": the atomic-op byte, bit 6 set
 * for the quadword forms (the byte GenX_IR writes for svm_atomic.add.64 is
 * 0x40, for .cmpxchg.64 0x47); -1 if unknown */
static int svm_atomic_op(const char *var)
{
	char op[16];
	size_t n = var ? strlen(var) : 0;
	int v;
	if (n > 3 && n - 3 < sizeof op && !strcmp(var + n - 3, ".64")) {
		memcpy(op, var, n - 3);
		op[n - 3] = 0;
		v = lookup(atomic_ops, NELEM(atomic_ops), op);
		return v < 0 || v > 12 ? -1 : v | 0x40; /* integer operations only */
	}
	return n ? lookup(atomic_ops, NELEM(atomic_ops), var) : -1;
}

static int bad_variant(W *w, const VInst *in)
{
	return fail(w, "unsupported vISA instruction '%s'%s", in->op, NULL);
}

/* svm_gather / svm_scatter variant "<block bytes>.<blocks>": 0 or -1 */
static int svm_blocks(const char *var, int *type, int *num)
{
	char *end;
	long a, n;
	if (!var)
		return -1;
	a = strtol(var, &end, 10);
	if (*end != '.')
		return -1;
	n = strtol(end + 1, &end, 10);
	*type = a == 1 ? 0 : a == 4 ? 1 : a == 8 ? 2 : -1;
	*num = block_num_code((int)n);
	return *end || *type < 0 || *num < 0 ? -1 : 0;
}

/* Encodes one instruction into e (opcode first); 0 or -1.  Operand helpers
 * record the first error in w->err and go on, so the forms read as lists. */
static int encode(W *w, Enc *e, const VInst *in)
{
	char base[40];
	const char *dot = strchr(in->op, '.'), *var = dot ? dot + 1 : NULL;
	const OpInfo *oi = NULL;
	const VOpnd *o = in->ops;
	size_t n = dot ? (size_t)(dot - in->op) : strlen(in->op), i;
	int v = 0, v2 = 0, v3 = 0;
	if (n >= sizeof base)
		return bad_variant(w, in);
	memcpy(base, in->op, n);
	base[n] = 0;
	for (i = 0; i < NELEM(ops); i++)
		if (!strcmp(ops[i].name, base))
			oi = &ops[i];
	if (!oi || (oi->nops >= 0 && in->nops != oi->nops))
		return bad_variant(w, in);
	/* the variant after the dot, and what may not be there */
	switch (oi->form) {
	case F_CMP: v = lookup(cmp_conds, NELEM(cmp_conds), var); break;
	case F_FENCE: v = fence_mode(var); break;
	case F_SVM_G4S: case F_G4S: case F_TYPED: case F_3D: v = channels(var); break;
	case F_SVM_GS: v = svm_blocks(var, &v2, &v3); break;
	case F_GS: v = var && !var[strspn(var, "0123456789")] ? block_num_code(atoi(var)) : -1; break;
	case F_SVM_ATOM: v = svm_atomic_op(var); break;
	case F_DWATOM: v = var && *var ? lookup(atomic_ops, NELEM(atomic_ops), var) : -1; break;
	default: v = var ? -1 : 0; break;
	}
	if (v < 0 || (in->pred && (oi->form == F_MINMAX || oi->form == F_CMP || oi->form == F_MOVS ||
	                           oi->form == F_FADDR || oi->form == F_FENCE || oi->form == F_NONE)))
		return bad_variant(w, in);
	put8(&e->b, (unsigned)oi->opcode);
	switch (oi->form) {
	case F_ALU:
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		for (i = 0; i < (size_t)in->nops; i++)
			vec_opnd(w, e, in, &o[i], i == 0 || (i == 1 && (oi->opcode == OP_ADDC || oi->opcode == OP_SUBB)));
		break;
	case F_MINMAX:
	case F_CMP:
		exec_slot(w, e, in);
		other8(e, (unsigned)(oi->form == F_CMP ? v : oi->sub));
		for (i = 0; i < 3; i++)
			vec_opnd(w, e, in, &o[i], i == 0);
		break;
	case F_MOVS:
		if (o[0].kind != VO_STATE)
			return bad_variant(w, in);
		exec_slot(w, e, in);
		vec_opnd(w, e, in, &o[0], 1);
		vec_opnd(w, e, in, &o[1], 0);
		break;
	case F_BRANCH:
		if (o[0].kind != VO_LABEL)
			return bad_variant(w, in);
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other16(e, (unsigned)label_id(w, o[0].label, oi->opcode == OP_CALL ? LABEL_SUBROUTINE : LABEL_BLOCK));
		break;
	case F_RET:
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		break;
	case F_FADDR:
		if (o[0].kind != VO_LABEL)
			return bad_variant(w, in);
		other16(e, add_string(w, o[0].label));
		vec_opnd(w, e, in, &o[1], 1);
		break;
	case F_FENCE:
		other8(e, (unsigned)(v | oi->sub));
		break;
	case F_NONE:
		break;
	case F_SVM_G4S:
		other8(e, (unsigned)oi->sub);
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other8(e, (unsigned)v);
		other16(e, 0); /* scale */
		vec_opnd(w, e, in, &o[0], 0);
		raw_opnd(w, e, in, &o[1]);
		raw_opnd(w, e, in, &o[2]);
		break;
	case F_SVM_GS:
		other8(e, (unsigned)oi->sub);
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other8(e, (unsigned)v2); /* block type */
		other8(e, (unsigned)v3); /* block count */
		raw_opnd(w, e, in, &o[0]);
		raw_opnd(w, e, in, &o[1]);
		break;
	case F_SVM_ATOM: {
		static const int order[] = {0, 2, 3, 1}; /* text: addr dst src0 src1 */
		other8(e, (unsigned)oi->sub);
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other8(e, (unsigned)v);
		for (i = 0; i < 4; i++)
			raw_opnd(w, e, in, &o[order[i]]);
		break;
	}
	case F_G4S:
	case F_GS:
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		if (oi->form == F_GS)
			other8(e, 0); /* block size: dword */
		other8(e, (unsigned)v); /* channel mask / block count */
		other16(e, 0);          /* scale */
		state_handle(w, e, in, &o[0]);
		vec_opnd(w, e, in, &o[1], 0);
		raw_opnd(w, e, in, &o[2]);
		raw_opnd(w, e, in, &o[3]);
		break;
	case F_DWATOM:
		other8(e, (unsigned)v);
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		state_handle(w, e, in, &o[0]);
		for (i = 1; i < 5; i++)
			raw_opnd(w, e, in, &o[i]);
		break;
	case F_TYPED:
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other8(e, (unsigned)v);
		state_handle(w, e, in, &o[0]);
		for (i = 1; i < 6; i++)
			raw_opnd(w, e, in, &o[i]);
		break;
	case F_3D: {
		int sample = oi->opcode == OP_3D_SAMPLE, first = sample ? 4 : 3;
		if (in->nops < first)
			return bad_variant(w, in);
		/* bit 10, non-uniform sampler: the text parser takes a sample without
		 * the "nonuniform" keyword as non-uniform (serialised), but GenX_IR's
		 * writer never sets the bit; the full layout says what the text meant */
		other16(e, (unsigned)oi->sub | (sample && w->layout == VB_FULL ? 1u << 10 : 0));
		exec_slot(w, e, in);
		pred_slot(w, e, in);
		other8(e, (unsigned)v);
		vec_opnd(w, e, in, &o[0], 0); /* aoffimmi */
		if (sample)
			state_handle(w, e, in, &o[1]);
		state_handle(w, e, in, &o[first - 2]);
		raw_opnd(w, e, in, &o[first - 1]);
		other8(e, (unsigned)(in->nops - first));
		for (i = (size_t)first; i < (size_t)in->nops; i++)
			raw_opnd(w, e, in, &o[i]);
		break;
	}
	}
	return w->err ? -1 : 0;
}

/* Appends one encoded instruction to the code, whole or as the finalizer's
 * writer leaves it (its first nexplicit descriptor slots). */
static void emit(W *w, Enc *e)
{
	size_t keep = e->b.n;
	if (w->layout == VB_GENX_IR && e->nexplicit < e->nslots)
		keep = e->nexplicit ? e->end[e->nexplicit - 1] : 1;
	buf_add(&w->code, e->b.s, keep);
	w->code_size += e->b.n;
}

/* label and .function lines: opcode and a two-byte label number */
static void emit_label(W *w, const char *name, int kind)
{
	Enc e;
	memset(&e, 0, sizeof e);
	put8(&e.b, kind == LABEL_SUBROUTINE ? OP_SUBROUTINE : OP_LABEL);
	other16(&e, (unsigned)label_id(w, name, kind));
	emit(w, &e);
	buf_free(&e.b);
}

static int encode_code(W *w)
{
	const VKernel *k = w->k;
	size_t f, i;
	for (f = 0; f < k->funcs.n && !w->err; f++) {
		const VFunc *fn = k->funcs.v[f];
		emit_label(w, f == 0 ? "_main" : fn->name, LABEL_SUBROUTINE);
		for (i = 0; i < fn->code.n && !w->err; i++) {
			const VInst *in = &fn->code.v[i];
			Enc e;
			if (in->label) {
				/* a label named like a function is that function's (the
				 * parser skips the definition) */
				size_t j;
				int is_func = 0;
				for (j = 0; j < w->labels.n; j++)
					is_func |= w->labels.v[j].kind == LABEL_SUBROUTINE && !strcmp(w->labels.v[j].name, in->label);
				if (!is_func)
					emit_label(w, in->label, LABEL_BLOCK);
				continue;
			}
			memset(&e, 0, sizeof e);
			if (encode(w, &e, in) == 0)
				emit(w, &e);
			buf_free(&e.b);
		}
	}
	return w->err ? -1 : 0;
}

/* ---- kernel object and file --------------------------------------------- */

static unsigned align_code(int bytes)
{
	switch (bytes) {
	case 1: return 0;
	case 2: return 1;
	case 4: return 2;
	case 8: return 3;
	case 16: return 4;
	case 32: return 7; /* hword */
	case 64: return 6; /* 2GRF */
	default: return 5; /* GRF */
	}
}

static void attr_int(Buf *b, uint32_t name, int size, uint32_t v)
{
	put32(b, name);
	put8(b, (unsigned)size);
	if (size == 1)
		put8(b, v);
	else
		put32(b, v);
}

/* the kernel object; *input_at is the offset of its num_inputs field */
static void kernel_object(W *w, Buf *b, size_t *input_at, uint32_t *attr_names)
{
	const VKernel *k = w->k;
	size_t i, kind;
	unsigned nsamp = 0, nsurf = 0;
	uint32_t nvars = 0;
	uint16_t npred = 0, naddr = 0;
	put32(b, (uint32_t)w->strings.n);
	for (i = 0; i < w->strings.n; i++)
		buf_add(b, w->strings.v[i], strlen(w->strings.v[i]) + 1);
	put32(b, 0); /* name: string 0 */
	for (i = 0; i < k->decls.n; i++) {
		const VDecl *d = k->decls.v[i];
		if (d->predefined)
			continue;
		nvars += d->kind == VD_GENERAL;
		npred += d->kind == VD_PRED;
		naddr += d->kind == VD_ADDR;
		nsurf += d->kind == VD_SURFACE;
		nsamp += d->kind == VD_SAMPLER;
	}
	/* the tables in file order; a decl's string is its position among the
	 * non-predefined decls after the predefined names */
	for (kind = 0; kind < 5; kind++) {
		static const VDeclKind order[] = {VD_GENERAL, VD_ADDR, VD_PRED, VD_SAMPLER, VD_SURFACE};
		uint32_t name = 1 + (uint32_t)(NELEM(predef_general) + NELEM(predef_surface)) + 1;
		switch (order[kind]) {
		case VD_GENERAL: put32(b, nvars); break;
		case VD_ADDR: put16(b, naddr); break;
		case VD_PRED: put16(b, npred); break;
		case VD_SAMPLER: put8(b, nsamp); break;
		case VD_SURFACE: put8(b, nsurf); break;
		}
		for (i = 0; i < k->decls.n; i++) {
			const VDecl *d = k->decls.v[i];
			if (d->predefined)
				continue;
			if (d->kind == order[kind]) {
				put32(b, name);
				if (d->kind == VD_GENERAL) {
					put8(b, type_code[d->type] | align_code(d->align) << 4);
					put16(b, (unsigned)d->nelts);
					put32(b, d->alias ? (uint32_t)var_id(w, d->alias) : 0);
					put16(b, d->alias ? (unsigned)d->alias_off : 0);
					put8(b, 0); /* alias scope: local */
				} else {
					put16(b, (unsigned)d->nelts);
				}
				put8(b, 0); /* attributes */
			}
			name++;
		}
		if (order[kind] == VD_PRED) {
			put16(b, (unsigned)w->labels.n);
			for (i = 0; i < w->labels.n; i++) {
				put32(b, w->labels.v[i].str);
				put8(b, (unsigned)w->labels.v[i].kind);
				put8(b, 0);
			}
		}
	}
	put8(b, 0); /* vme_count */
	*input_at = b->n;
	put32(b, (uint32_t)k->inputs.n);
	for (i = 0; i < k->inputs.n; i++) {
		const VInput *in = &k->inputs.v[i];
		put8(b, in->var->kind == VD_SAMPLER ? 1 : in->var->kind == VD_SURFACE ? 2 : 0);
		put32(b, (uint32_t)var_id(w, in->var));
		put16(b, (unsigned)in->offset);
		put16(b, (unsigned)in->size);
	}
	put32(b, (uint32_t)w->code_size);
	{
		/* entry: the instructions follow size, entry and the attributes */
		size_t attrs = 2 + 6 + 9 + (k->spill_mem_offset ? 9 : 0);
		put32(b, (uint32_t)(b->n + 4 + attrs));
	}
	put16(b, k->spill_mem_offset ? 3 : 2);
	attr_int(b, attr_names[0], 1, 1); /* Target = 3d */
	attr_int(b, attr_names[1], 4, (uint32_t)k->simd);
	if (k->spill_mem_offset)
		attr_int(b, attr_names[2], 4, (uint32_t)k->spill_mem_offset);
	buf_add(b, w->code.s, w->code.n);
	for (i = w->code.n; i < w->code_size; i++) /* what the finalizer did not write */
		put8(b, 0);
}

int visa_platform_code(const char *genx)
{
	static const struct { const char *name; int code; } t[] = {
		{"BDW", 3}, {"CHV", 4}, {"SKL", 5}, {"BXT", 6}, {"ICLLP", 10}, {"TGLLP", 12},
		{"XeHP_SDV", 11}, {"DG2", 13}, {"MTL", 13}, {"PVC", 14}, {"PVCXT", 15},
	};
	size_t i;
	for (i = 0; i < NELEM(t); i++)
		if (genx && !strcmp(t[i].name, genx))
			return t[i].code;
	return 0;
}

int vk_isa(const VKernel *k, const VisaBinOptions *opt, Buf *out, char **why)
{
	W w;
	Buf kb = {0};
	size_t i, input_at = 0, header, base = out->n;
	uint32_t attr_names[3] = {0, 0, 0};
	memset(&w, 0, sizeof w);
	w.k = k;
	w.layout = opt->layout;
	add_string(&w, k->name);
	for (i = 0; i < NELEM(predef_general); i++)
		add_string(&w, predef_general[i]);
	for (i = 0; i < NELEM(predef_surface); i++)
		add_string(&w, predef_surface[i]);
	add_string(&w, BINDLESS_SAMPLER);
	for (i = 0; i < k->decls.n; i++)
		if (!k->decls.v[i]->predefined)
			add_string(&w, k->decls.v[i]->name);
	attr_names[0] = add_string(&w, "Target");
	attr_names[1] = add_string(&w, "SimdSize");
	if (k->spill_mem_offset)
		attr_names[2] = add_string(&w, "SpillMemOffset");
	if (number_decls(&w) == 0 && encode_code(&w) == 0) {
		kernel_object(&w, &kb, &input_at, attr_names);
		/* header: magic, version 4.1, one kernel, no file-scope variables or functions */
		buf_add(out, "CISA", 4);
		put8(out, 4);
		put8(out, 1);
		put16(out, 1);
		put16(out, (unsigned)strlen(k->name));
		buf_add(out, k->name, strlen(k->name));
		header = out->n - base + 4 + 4 + 4 + 2 + 2 + 1 + (opt->gen ? 9 : 0) + 2 + 2;
		put32(out, (uint32_t)header);
		put32(out, (uint32_t)kb.n);
		put32(out, (uint32_t)(header + input_at));
		put16(out, 0);
		put16(out, 0);
		put8(out, opt->gen ? 1 : 0);
		if (opt->gen) {
			put8(out, (unsigned)opt->gen_platform);
			put32(out, (uint32_t)(header + kb.n));
			put32(out, (uint32_t)opt->gen_size);
		}
		put16(out, 0);
		put16(out, 0);
		buf_add(out, kb.s, kb.n);
		if (opt->gen)
			buf_add(out, opt->gen, opt->gen_size);
	}
	if (w.err && why)
		*why = w.err;
	else
		free(w.err);
	vec_free(&w.strings);
	vec_free(&w.labels);
	free(w.id);
	buf_free(&w.code);
	buf_free(&kb);
	return w.err ? -1 : 0;
}
