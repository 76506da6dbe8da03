/* zeint.h - the Intel side of the emulator, private to src/emu/ze*.c and
 * src/emu/visa_*.c.
 *
 *   visa_parse.c  the vISA text GenX_IR reads -> XProg (variables with their
 *                 storage, decoded instructions, labels resolved); anything
 *                 not understood is refused with the line and the mnemonic
 *   visa_exec.c   one SIMD thread of an XProg: register file, predicates,
 *                 per-lane goto/join state, subroutine frames, ALU and the
 *                 dataport messages on a ZeMachine's memories
 *   zemem.c       the device's sparse 64-bit address space (regions)
 *   zeprintf.c    NEO's PrintFormatter over the printf buffer
 *   ze.c          NEO's launch: payload, dispatch of groups and threads,
 *                 barriers, SLM, scratch, the result
 */
#ifndef ZEINT_H
#define ZEINT_H

#include "emu.h"
#include "hostile.h"

/* ---- device memory (zemem.c) ---------------------------------------- */

typedef struct ZeRegion {
	uint64_t base, size;
	uint8_t *bytes;          /* owned */
	const char *name;        /* "argument 2", ".data.const", "printf buffer" */
	int readonly;            /* stores are errors */
} ZeRegion;

typedef struct ZeMem {
	VEC(ZeRegion) r;
	size_t last;             /* region of the last hit (lookup cache) */
} ZeMem;

ZeRegion *zemem_add(ZeMem *m, uint64_t base, uint64_t size, const char *name, int readonly);
/* n bytes at addr inside one region, or NULL (also for stores to readonly) */
uint8_t *zemem_at(ZeMem *m, uint64_t addr, uint64_t n, int store);
void zemem_free(ZeMem *m);

/* ---- the parsed vISA program (visa_parse.c) -------------------------- */

typedef enum XType {
	XT_UD, XT_D, XT_UW, XT_W, XT_UB, XT_B, XT_UQ, XT_Q, XT_F, XT_HF, XT_DF,
	XT_V, XT_UV, XT_NONE
} XType;

typedef enum XVarKind {
	XV_GRF,      /* general variable (also %r0, %group_id_*) */
	XV_PRED,     /* predicate: one bit per lane */
	XV_SURF,     /* surface variable (T) */
	XV_SAMP,     /* sampler variable (S) */
	XV_NULL,     /* %null */
	XV_SLM,      /* %slm */
	XV_SCRATCH,  /* %scratch */
} XVarKind;

typedef struct XVar {
	const char *name;
	XVarKind kind;
	XType type;
	int nelts;
	int base;    /* GRF: byte offset of this view in the register file;
	              * PRED/SURF/SAMP: index in their own table */
	int lo, hi;  /* GRF: the storage owner's bytes [lo, hi) */
	int line;
} XVar;

typedef enum XOpndKind { XO_NONE, XO_REG, XO_IMM, XO_RAW, XO_PRED, XO_LABEL, XO_VAR, XO_SYM } XOpndKind;
enum { XM_NONE, XM_NEG, XM_ABS, XM_NEGABS, XM_NOT };

typedef struct XOpnd {
	XOpndKind kind;
	int mod;
	XType type;      /* REG: the variable's type; IMM: the immediate's */
	int var;         /* REG RAW PRED VAR: index in XProg.vars */
	int off;         /* REG: byte offset of the origin in the variable; RAW: byte offset */
	int vs, w, hs;   /* REG: region (dst: hs only, w = 1, vs = hs) */
	uint64_t imm;    /* IMM bits */
	int target;      /* LABEL: instruction index */
	const char *sym; /* SYM (faddr) */
} XOpnd;

typedef enum XOp { /* the order matters: visa_exec.c tests ranges (X_AND..X_ASR, X_FBH..X_BFI, X_INV..X_POW) */
	X_MOV, X_SEL, X_ADD, X_MUL, X_MAD, X_MULH, X_AVG, X_MIN, X_MAX, X_AND, X_OR, X_XOR, X_NOT,
	X_SHL, X_SHR, X_ASR, X_CMP, X_ADDC, X_SUBB, X_FBH, X_FBL, X_CBIT, X_BFREV, X_LZD, X_BFE, X_BFI,
	X_FRC, X_RNDD, X_RNDE, X_RNDU, X_RNDZ,
	X_INV, X_SQRT, X_RSQRT, X_LOG, X_EXP, X_SIN, X_COS, X_POW, X_DIV, X_MOD,
	X_DIVM, X_SQRTM, /* IEEE divide and square root (the exact macros), after the approximate range */
	X_GOTO, X_CALL, X_RET, X_BARRIER, X_FENCE, X_FADDR, X_MOVS,
	X_SVM_GATHER4, X_SVM_SCATTER4, X_SVM_ATOMIC, X_SVM_GATHER, X_SVM_SCATTER,
	X_GATHER4, X_SCATTER4, X_GATHER, X_SCATTER, X_DWORD_ATOMIC,
	X_SAMPLE_LZ, X_LOAD_LZ, X_SCATTER4_TYPED, /* image messages (sampler engine, typed dataport) */
	X_TGM_LOAD, X_TGM_STORE, /* lsc_load_quad.tgm / lsc_store_quad.tgm: o[0] data, o[1..] the
	                          * coordinates, sub the channel mask, lsc.aoff the bti */
	X_LSC_LOAD, X_LSC_STORE, X_LSC_ATOMIC, X_LSC_FENCE, /* LSC messages (XInst.lsc) */
	X_FELL_OFF,  /* end of a function: executing it is an error */
} XOp;

enum { XR_EQ, XR_NE, XR_GT, XR_GE, XR_LT, XR_LE };   /* cmp relops */
enum { XP_NONE, XP_ANY, XP_ALL };                    /* predicate control */
typedef enum XAtom {
	XA_ADD, XA_SUB, XA_INC, XA_DEC, XA_MIN, XA_MAX, XA_XCHG, XA_CMPXCHG, XA_AND, XA_OR,
	XA_XOR, XA_MINSINT, XA_MAXSINT, XA_FMIN, XA_FMAX, XA_FCMPWR,
	XA_LOAD,         /* LSC atomic load: the old value, memory unchanged */
	XA_64 = 0x100, /* svm_atomic.<op>.64: or'ed into sub, quadword operands */
} XAtom;

/* An LSC message's fields (X_LSC_*).  Operands: o[0] data (load
 * destination, store source, atomic old value; %null allowed), o[1] the
 * addresses, o[2] o[3] an atomic's sources (%null when unused), o[4] the
 * ss() surface-state variable (XO_RAW) when model is XL_SS. */
enum { XL_UGM, XL_SLM };
enum { XL_FLAT, XL_SS };
typedef struct XLsc {
	int sfid;        /* XL_UGM, XL_SLM */
	int model;       /* XL_FLAT, XL_SS */
	int asize;       /* address bits: 32 or 64 */
	int64_t aoff;    /* immediate byte offset added to every address */
	int dbytes;      /* bytes of one element in memory: 1 2 4 8 */
	int rbytes;      /* bytes of one element in the register: 4 for d8c32/d16c32 */
	int vec;         /* elements per address */
	int transpose;   /* 't': one address, the elements contiguous in the register */
} XLsc;
/* what a store waits in a thread's store buffer for (hostile.h kinds, one
 * owner per lane): SLM stores until a fence_local, global ones until a
 * fence_global; scratch stores are visible at once (the lane's own) */
enum { ZK_SLM, ZK_GLOBAL };

typedef struct XInst {
	XOp op;
	int sub;         /* CMP relop, atomic op, channel mask (bit 0 = R), block bytes,
	                  * fence: ZK_SLM / ZK_GLOBAL */
	int exec, moff;  /* execution size; first lane (M1 0, M3 8, M5 16, M7 24) */
	int nomask, sat;
	int pred;        /* predicate variable, -1 none */
	int pred_not, pred_ctrl;
	int join;        /* lanes may be waiting here (a label, or after a backward goto) */
	int nops;
	XOpnd o[7];
	XLsc lsc;        /* X_LSC_* */
	int line;
	const char *mnem; /* the mnemonic as written (for messages) */
} XInst;

typedef struct XInput { int var, offset, size; } XInput;

typedef struct XProg {
	Arena arena;
	const char *kernel;
	int simd;
	int grf_bytes;    /* size of one thread's register file */
	int row;          /* bytes of one GRF (operand rows): 32, 64 on PVC */
	int per_thread_input; /* .kernel_attr PerThreadInputSize, 0 if absent */
	int npred, nsurf;
	int r0, gid[3];   /* predefined variables, -1 when not used */
	int cr0;          /* %cr0 (control register: rounding mode bits 5:4), -1 when not used */
	int approx;       /* uses the extended math unit (approximate on hardware) */
	VEC(XVar) vars;
	VEC(XInst) code;
	VEC(XInput) inputs;
	VEC(const char *) faddr_syms; /* symbols faddr names */
	/* name hash of vars */
	int *hash;
	size_t hcap;
} XProg;

/* 0 ok; else *err (malloc'd) names the line */
int visa_parse(const char *text, XProg *p, char **err);      /* 32-byte GRFs */
int visa_parse_grf(const char *text, int grf, XProg *p, char **err);
void visa_prog_free(XProg *p);
int xtype_size(XType t);
int xtype_float(XType t);
int xtype_signed(XType t);

/* ---- one hardware thread (visa_exec.c) ------------------------------- */

typedef struct ZeMachine ZeMachine;

typedef enum XState { XS_RUN, XS_BARRIER, XS_END, XS_ERROR } XState;

typedef struct XFrame {
	int ret_pc;
	uint32_t waiting, outside, returned;
	int wait[32];
} XFrame;

typedef struct XThread {
	const XProg *p;
	ZeMachine *m;
	uint8_t *grf;
	uint32_t *pred;
	uint32_t *surf;
	int pc;
	uint32_t active, waiting, returned, outside;
	int wait[32];
	VEC(XFrame) frames;
	XState state;
	uint64_t steps;
	int index;               /* thread of the group */
	uint32_t scratch_base;   /* its area in the group's scratch */
	char *error;
	HzStoreBuf sb;           /* SLM and global stores not yet visible, owner = lane */
} XThread;

/* A binding-table entry NEO made for an image argument: its surface state
 * (type, size, format, pitches from the EmuImage) and the texels. */
typedef struct ZeSurface {
	int bti;
	int arg;                 /* explicit argument index */
	const EmuImage *d;
	uint8_t *b;              /* the texels (owned by ze.c, copied out as the result) */
	size_t size;
	ZeAccess access;
} ZeSurface;

/* A sampler state NEO made: from a sampler argument or an inline sampler. */
typedef struct ZeSamplerState {
	int index;               /* sampler_index */
	EmuSampler s;
} ZeSamplerState;

/* the memories a thread sees, filled by ze.c */
struct ZeMachine {
	ZeMem mem;
	uint8_t *slm;
	uint32_t slm_size;
	uint8_t *slm_init;       /* per SLM byte: a store reached it (else a load reads poison) */
	uint8_t *scratch;        /* the group's scratch, thread areas at XThread.scratch_base */
	uint8_t *scratch_init;   /* per scratch byte: written */
	uint64_t slice;          /* instructions xthread_run runs before it returns (XS_RUN);
	                          * 0: to the barrier / end */
	int poison;              /* the launch's poison pattern (registers start as it too) */
	int poison_read;         /* a load read a never-written SLM / scratch byte */
	HzCount pend;            /* pending bytes of the group's store buffers */
	uint32_t scratch_size;   /* bytes */
	uint32_t scratch_area;   /* bytes a thread may use */
	uint64_t step_limit;
	int approx_used;         /* an extended-math operation produced a value */
	const ZeImage *img;
	VEC(ZeSurface) surfaces;     /* binding table: image arguments */
	VEC(ZeSamplerState) samplers;
	uint64_t (*sym_addr)(ZeMachine *, const char *sym, int *found);
	void *ctx;
	char group[64];          /* "group (x,y,z)" for messages */
};

void xthread_init(XThread *t, const XProg *p, ZeMachine *m, uint32_t dispatch_mask);
/* runs until barrier, end, error or m->slice instructions */
void xthread_run(XThread *t);
void xthread_free(XThread *t);

/* ---- printf (zeprintf.c) --------------------------------------------- */

/* Decodes NEO's printf buffer into r->printf_text / printf_items; strings
 * (format and %s) resolve through host_base..+host_size to host_bytes.
 * 0 ok, -1 with *err set. */
int ze_printf_decode(const uint8_t *buf, size_t size, uint64_t host_base, const uint8_t *host_bytes,
                     size_t host_size, EmuResult *r, char **err);

#endif
