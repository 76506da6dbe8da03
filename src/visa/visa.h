/* visa.h - the vISA layer: an in-memory vISA kernel and its text writer.
 *
 * The translator builds a VKernel with vk_decl/vk_input/vk_emit; the writer
 * prints the .visaasm text GenX_IR reads (syntax of IGC 1.0.12504's
 * CISA.y, every form used here checked against the installed finalizer).
 */
#ifndef VISA_H
#define VISA_H

#include "../util.h"

typedef enum VType { VT_UD, VT_D, VT_UW, VT_W, VT_UB, VT_B, VT_F, VT_HF, VT_DF, VT_Q, VT_UQ, VT_V } VType;
/* VT_V: packed vector of eight 4-bit integers (immediates only) */
int vtype_size(VType t);
const char *vtype_name(VType t);

typedef enum VDeclKind { VD_GENERAL, VD_PRED, VD_ADDR, VD_SURFACE, VD_SAMPLER } VDeclKind;

typedef struct VDecl {
	const char *name;     /* vISA identifier */
	VDeclKind kind;
	VType type;           /* general variables */
	int nelts;            /* elements (predicates: lanes) */
	int align;            /* bytes: 4, 8, 16 ... or 0 = GRF */
	struct VDecl *alias;  /* storage owner, NULL if none */
	int alias_off;        /* byte offset inside the owner */
	int predefined;       /* %r0, %slm ...: not declared */
	int index;            /* position in the kernel's declaration list */
	int grf;              /* GRF bytes of the kernel (row size of operands) */
	struct VDecl *views;  /* vk_alias's views of this decl, newest first */
	struct VDecl *next_view;
} VDecl;

typedef enum VOpndKind {
	VO_NONE,
	VO_REG,    /* V(row,col) with a region (src) or <hstride> (dst) */
	VO_IMM,    /* value:type */
	VO_RAW,    /* V.byteoffset (message operands) */
	VO_PRED,   /* predicate variable as an operand (cmp destination) */
	VO_LABEL,  /* goto / call target */
	VO_SURF,   /* surface / sampler variable */
	VO_STATE,  /* V(off): one element of a surface / sampler variable (movs) */
	VO_LSCADDR, /* LSC address: flat[V.off+imm]:aN or ss(S)[V.off+imm]:aN */
	VO_LSCDATA, /* LSC data: V.off:<lsc> (d32x4, d8c32 ...), or %null:<lsc> */
	VO_LSCTGM,  /* LSC typed address: bti(imm)[U.off,V.off,R.off]:a32 (var, ss, r; 1-3 of them) */
} VOpndKind;

typedef struct VOpnd {
	VOpndKind kind;
	VDecl *var;
	int row, col;          /* VO_REG */
	int vs, w, hs;         /* source region; dst uses hs only */
	int is_dst;
	int mod;               /* VM_* source modifier */
	VType itype;           /* VO_IMM */
	uint64_t imm;          /* VO_IMM bit pattern */
	int off;               /* VO_RAW byte offset, VO_STATE element */
	const char *label;     /* VO_LABEL */
	const char *lsc;       /* VO_LSCDATA: data type "d32x4"; VO_LSCADDR: address size "a64" */
	VDecl *ss;             /* VO_LSCADDR: surface-state offset variable of ss(), NULL = flat;
	                        * VO_LSCTGM: the second coordinate */
	VDecl *r;              /* VO_LSCTGM: the third coordinate */
} VOpnd;

enum { VM_NONE, VM_NEG, VM_ABS, VM_NEGABS, VM_NOT };

typedef struct VInst {
	const char *op;        /* mnemonic with its dotted variant: "cmp.lt", "svm_gather4scaled.R" */
	int exec;              /* execution size; 0 = no "(mask, n)" group */
	int emask;             /* 1-based Mn channel offset group: M1 lanes 0.., M3 lanes 8.., M5 16.. */
	int nomask;            /* _NM */
	int sat;               /* .sat */
	VDecl *pred;           /* predicate or NULL */
	int pred_not;          /* (!P) */
	const char *pred_ctrl; /* "any" / "all" / NULL */
	const char *label;     /* this is a label line, not an instruction */
	const char *comment;   /* trailing // comment or NULL */
	int nops;
	VOpnd ops[8];
} VInst;

typedef VEC(VInst) VInstVec;

typedef struct VFunc {
	const char *name;      /* label of the subroutine; "_main" for the entry */
	VInstVec code;
} VFunc;

typedef struct VInput {
	VDecl *var;
	int offset;            /* byte offset in the thread payload */
	int size;
} VInput;

typedef struct VKernel {
	Arena arena;           /* every decl, name and function lives here */
	const char *name;      /* kernel name (.kernel) */
	int simd;              /* dispatch width */
	int grf_bytes;         /* 32 or 64: row size of operands */
	VEC(VDecl *) decls;
	VEC(VDecl *) predefs;  /* the predefined ones among decls (vk_predefined looks here) */
	VEC(VInput) inputs;
	VEC(VFunc *) funcs;    /* funcs.v[0] is the entry */
	VFunc *cur;            /* function receiving instructions */
	int nlabels;           /* label counter for vk_label_name */
	int nvars;             /* counter for generated names */
	int spill_mem_offset;  /* bytes of scratch the kernel uses itself; spills go above */
	int per_thread_input;  /* XeHP-class: bytes of per-thread payload the prolog loads, 0 none */
} VKernel;

/* visa.c */
VKernel *vk_new(const char *name, int simd, int grf_bytes);
void vk_free(VKernel *k);
VDecl *vk_decl(VKernel *k, const char *name, VType t, int nelts, int align);
VDecl *vk_temp(VKernel *k, const char *prefix, VType t, int nelts); /* fresh name */
VDecl *vk_alias(VKernel *k, VDecl *base, VType t, int off);        /* one view per (base,type,off) */
VDecl *vk_pred(VKernel *k);                                        /* fresh simd-lane predicate */
VDecl *vk_predefined(VKernel *k, const char *name, VType t);        /* %r0, %group_id_x ... */
void vk_input(VKernel *k, VDecl *d, int offset, int size);
VFunc *vk_func(VKernel *k, const char *name);
const char *vk_label_name(VKernel *k, const char *hint);
VInst *vk_emit(VKernel *k, const char *op, int exec, int emask);
void vk_label(VKernel *k, const char *label);

/* operand constructors */
VOpnd vo_dst(VDecl *v, int elem);                 /* V(row,col)<1> at element elem */
VOpnd vo_src(VDecl *v, int elem);                 /* vector <1;1,0> */
VOpnd vo_scalar(VDecl *v, int elem);              /* broadcast <0;1,0> */
VOpnd vo_region(VDecl *v, int elem, int vs, int w, int hs);
VOpnd vo_dst_stride(VDecl *v, int elem, int hs);
VOpnd vo_imm(uint64_t bits, VType t);
VOpnd vo_raw(VDecl *v, int byteoff);
VOpnd vo_predop(VDecl *p);
VOpnd vo_label(const char *l);
VOpnd vo_surf(VDecl *s);
VOpnd vo_state(VDecl *s, int elem);
VOpnd vo_mod(VOpnd o, int mod);
/* LSC operands: an address (imm: immediate byte offset; ss NULL = flat) and data */
VOpnd vo_lsc_addr(VDecl *v, int byteoff, int64_t imm, const char *asize, VDecl *ss);
VOpnd vo_lsc_data(VDecl *v, int byteoff, const char *dtype);
/* bti(bti)[c[0].off,...]:a32, n = 1..3 coordinates at one byte offset */
VOpnd vo_lsc_tgm(int bti, VDecl *const *c, int n, int byteoff);

/* visa_opt.c: clean-ups of a finished kernel that keep its meaning */
void vk_inline(VKernel *k); /* subroutines with one call site copied into their caller */
void vk_scalar_copies(VKernel *k);
void vk_dce(VKernel *k);    /* pure instructions whose results nothing reads removed */
void vk_prune_decls(VKernel *k); /* declarations nothing refers to dropped (after vk_dce) */

/* visa_text.c */
char *vk_text(const VKernel *k); /* the whole .visaasm file */

/* visa_bin.c: the binary vISA object (.isa) of the kernel, numbered as
 * GenX_IR numbers the text of vk_text (docs/visa-binary.txt). */
typedef enum VisaBinLayout {
	VB_FULL,    /* every operand, as the vISA specification lays it out */
	VB_GENX_IR, /* as IGC 1.0.12504's GenX_IR writes it: trailing operands of
	             * instructions with exec/predicate slots dropped, zeros at the end */
} VisaBinLayout;

typedef struct VisaBinOptions {
	VisaBinLayout layout;
	int gen_platform;      /* gen_binary_info platform code (12 = TGLLP) */
	const uint8_t *gen;    /* the kernel's Gen binary to embed, NULL = none */
	size_t gen_size;
} VisaBinOptions;

/* gen_binary_info platform code of a GenX_IR -platform name (TGLLP 12), 0 if unknown */
int visa_platform_code(const char *genx);

/* Appends the .isa file to out; 0, or -1 with *why (malloc'd) naming an
 * instruction or operand the binary form cannot express. */
int vk_isa(const VKernel *k, const VisaBinOptions *opt, Buf *out, char **why);

#endif
