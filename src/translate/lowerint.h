/* lowerint.h - private to the lowering files: the state of one kernel's
 * translation and the emission helpers they share. */
#ifndef LOWERINT_H
#define LOWERINT_H

#include "translate.h"

enum { V_VEC, V_SCALAR, V_IMM };

typedef struct Val {
	int kind;        /* V_VEC per-lane variable, V_SCALAR one element, V_IMM */
	VDecl *var;      /* V_VEC / V_SCALAR */
	int elem;        /* V_SCALAR element */
	uint32_t imm;    /* V_IMM bits */
	int neg, abs;    /* source modifiers still to apply */
} Val;

typedef struct RegVar {
	long long num;   /* r<num>; x<a>[i] is -(a * 2^32 + i) - 1 */
	VDecl *c[4];     /* component variables, created on first use */
} RegVar;

typedef struct Lit {
	long long num;   /* l<num> */
	uint32_t v[4];
} Lit;

typedef struct Ctl {
	OpKind kind;            /* K_IF or K_LOOP */
	const char *l_else;     /* if: where the false lanes go */
	const char *l_end;      /* if: after endif; loop: exit */
	const char *l_head;     /* loop: top */
	const char *l_cont;     /* loop: continue target */
	int has_else;
	const char **l_case;    /* switch: label of each case/default, in order */
	int ncase, next_case;   /* ...their number, the next to place */
} Ctl;

enum { IMP_GLOBAL_ID_OFFSET, IMP_LOCAL_SIZE, IMP_GLOBAL_SIZE, IMP_GROUP_COUNT,
       IMP_ENQUEUED_LOCAL_SIZE, IMP_WORK_DIM, IMP_PRINTF_BUFFER, IMP_COUNT };
static const ZeArgType imp_type[IMP_COUNT] = {
	ZA_GLOBAL_ID_OFFSET, ZA_LOCAL_SIZE, ZA_GLOBAL_SIZE, ZA_GROUP_COUNT,
	ZA_ENQUEUED_LOCAL_SIZE, ZA_WORK_DIMENSIONS, ZA_PRINTF_BUFFER,
};
static const char *const imp_name[IMP_COUNT] = {
	"GLOBAL_ID_OFFSET", "LOCAL_SIZE", "GLOBAL_SIZE", "GROUP_COUNT", "ENQ_LOCAL_SIZE", "WORK_DIM",
	"PRINTF_BUFFER",
};

#define LDS_IDS 8 /* LDS ids one kernel may declare */

/* A 64-bit address lower_mem.c computed, kept for reuse in the same basic
 * block (address_memo) */
typedef struct AddrMemo {
	VFunc *f;        /* the vISA function it was emitted in */
	size_t at;       /* f->code.n after its instructions */
	Val a, lo, hi;   /* 32-bit address (kind 0 for a direct base) and base */
	int offset;      /* Base.offset */
	int h, chunk;
	VDecl *addr;
} AddrMemo;

typedef struct L {
	Program *p;
	Kernel *k;
	const TranslateOptions *o;
	VKernel *vk;
	ZeKernel *ze;
	int simd, chunk, nchunks;
	int warned_inf_else_max; /* its warning, once a kernel */
	Provenance pv;
	VEC(RegVar) regs;
	VEC(Lit) main_lits, func_lits, all_lits; /* all: every function of the kernel */
	VDecl *cb1;            /* cb1 image input */
	int cb1_bytes;
	VDecl *imp[IMP_COUNT]; /* implicit argument inputs */
	VDecl *lid[3];         /* local id inputs (uw) */
	VDecl *tid[3];         /* local id per lane (d) */
	VDecl *grp[3];         /* group id scalars (d) */
	VDecl *abs_tid[3];     /* absolute id per lane */
	VDecl *tid_flat, *grp_flat, *abs_flat;
	VEC(Ctl) ctl;
	const char *fend;      /* end label of the function being lowered */
	int stores;            /* global stores seen */
	AddrMemo amemo[8];     /* recent 64-bit addresses, a ring (lower_mem.c) */
	int namemo;
	int bad;
	Loc last_err;          /* location of the last error, to say it once */
	AbiPlan *plan;         /* filled by layout() */
	unsigned char cb0_read[CB0_SLOTS]; /* components of each cb0 slot read (bits xyzw) */
	VDecl *dseg;             /* address of the data blob (uq), NULL if unused */
	int priv_uav;            /* UAV id of private memory, -1 if none */
	int arena_uav;           /* Evergreen's dcl_arena_uav_id, -1 none, -2 not looked up
	                          * (lower_mem.c heap_uav) */
	int mem_pointers;        /* some access's base is found per lane from a pointer
	                          * read from memory (mem_base; AbiPlan.mem_pointers) */
	int priv_bytes;          /* private bytes per work-item */
	VDecl *pbase;            /* per lane: scratch offset of its private dword 0 */
	int itemp_k0[16];        /* x<n>[] with a register index: first private dword, -1 if in registers */
	int itemp_len[16];       /* ...its declared vec4 elements */
	const Operand *hwcb_op;  /* hardware-CB operand whose 4 dwords are loaded */
	VDecl *hwcb_val[4];      /* ...into these */
	/* LDS and barriers (set by lower_mem.c) */
	int slm_static;        /* static SLM bytes (ze_info slm_size): the larger of
	                        * ;memory:hwlocal and dcl_lds, or hwlocal alone when
	                        * __local arguments follow it; see lds_static_size */
	int barriers;          /* 1 when the kernel has a barrier (fence_threads*) */
	int lds_ids[LDS_IDS], lds_bytes[LDS_IDS], nlds; /* dcl_lds_id(n) bytes, per LDS id, ascending */
	int lds_base[LDS_IDS]; /* each id's region: SLM offset of its byte 0 */
	int lds_stride[LDS_IDS]; /* dcl_struct_lds_id(n) stride, count: the stride; 0 raw */
	int lds_laid;          /* 1: the ids above are laid out, -1: refused */
	int r7_size, r7_abs, r7_laid; /* R7xx LDS: dwords a thread, _wavefrontAbs; laid as lds_laid */
	const Func *func;      /* the IL function being lowered (NULL: the IL main) */
	const Func *body;      /* the code lower_body walks (for switch's look-ahead) */
	size_t *close, *else_at; /* body's nesting (il_nest) */
	int clones, ctx;       /* functions lowered per calling context; the one being lowered */
	struct DynState *dyn;  /* per-lane shadows of pointer registers (dynbase.c), NULL if none */
	unsigned char sampler_warned[64]; /* sampler arguments whose dword read was warned */
	const Operand *cb0_rel_warned; /* the relative cb0 operand last warned about */
	/* printf (set by printf.c) */
	int pf_used;           /* the kernel stores to the printf buffer */
	int pf_slot;           /* dwords of one work-item's slot: cb0[8].z */
	int pf_k0;             /* private dword where the slot is staged */
	VDecl *pf_strings;     /* address of the format strings (uq) */
	/* images and samplers (set by lower_image.c) */
	VDecl *img_surf;       /* surface variable, movs'd to an image's BTI before each message */
	VDecl *img_samp;       /* sampler variable, movs'd to the sampler index */
	/* doubles (set by lower_f64.c) */
	struct F64State *f64;  /* software-double routines emitted, their argument variables */
	int f64_native;        /* a native df instruction was emitted (f64_prologue) */
	/* 64-bit division (set by lower_int64.c) */
	struct I64State *i64;  /* the u64_divrem routine, its argument variables */
	/* memory messages (lower_lsc.c) */
	int lsc;               /* LSC messages instead of the legacy dataport's */
	VDecl *scratch_ss;     /* LSC: the thread's scratch surface state (r0.5 >> 4) */
	/* CAL pixel shaders (lower_ps.c) */
	VDecl *ps_pix[2];      /* the lane's pixel (d): absolute id + global offset */
	VDecl *ps_win[2];      /* its window coordinate (f): pixel + 0.5 */
	VDecl *ps_o[MD_CAL_OUTPUTS][4]; /* render target registers (ud) */
	VDecl *ps_killed;      /* 1 where the pixel was discarded */
	VEC(long long) written; /* 4 r + c of every r<n>.c some instruction writes, sorted */
} L;


/* lower.c */
void lerr(L *l, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
VDecl *reg_comp(L *l, long long num, int c);
VDecl *cb1_image(L *l);
VOpnd opnd(L *l, Val v, VType t, int h);
VInst *emit_chunk(L *l, const char *op, int h);
/* dst = P ? a : b (!P with pnot), chunk by chunk, in type t */
void lower_select(L *l, VDecl *p, int pnot, VDecl *dst, VType t, Val a, Val b);
void alu(L *l, const char *op, VType t, VDecl *dst, int ns, const Val *s, int sat);
Val int_abs_cleared(L *l, Val v);             /* AMD's integer _abs: the sign bit cleared */
VDecl *compare(L *l, const char *rel, VType t, Val a, Val b);
Val val_vec(VDecl *v);
Val val_scalar(VDecl *v, int elem);
Val val_imm(uint32_t bits);
Val lsrc(L *l, const Operand *o, int c);
Val lsrc1(L *l, const Operand *o);
int alu_dst(L *l, const Operand *d, long long *key, int *scratch, int m[4]);
void alu_store(L *l, const Operand *d, long long key, int scratch, const int m[4], VDecl *const tmp[4]);

int global_segment(const L *l);      /* the program has a global ;#DATASTART segment */
VDecl *data_segment(L *l);
VDecl *data_blob(L *l);

/* lower_mem.c: memory instructions; 1 when the instruction was one */
int private_memory(L *l);
int itemp_in_scratch(L *l, long long array);
Val itemp_load(L *l, const Operand *o, int comp);
void itemp_store(L *l, const Operand *d, int comp, Val v);
void private_prologue(L *l);
int lower_mem(L *l, const Inst *in);
int mem_knows(Opcode op);                  /* lower_mem lowers op (not only diagnoses it) */
Val hw_cb_read(L *l, const Operand *o, int sel);  /* cbN[i], and a derived kernel's g[i] */
void global_store(L *l, const Operand *d, const int m[4], VDecl *const tmp[4]); /* g[i] = tmp */
/* the 16 bytes at 16 idx in a derived kernel's buffer argument := v[0..3] */
void elem_store4(L *l, const MdArg *buf, Val idx, const Val v[4]);
Val cb1_relative(L *l, const Operand *o, int sel); /* cb1[r.c + k] (lower_mem.c) */
int hc_pointer_at(L *l, int byte);
VDecl *priv_load(L *l, int base, Val idx);     /* private dword base+idx of every lane */
void svm_store(L *l, VDecl *addr, int h, uint64_t off, int n, const Val *v); /* A64 dwords, chunk h */
void priv_store(L *l, int base, Val idx, Val v);

/* printf.c */
int printf_memory(L *l, int priv_dwords);  /* reserves the staging slot; new private dword count */
int printf_access(L *l, const Inst *in, int uav); /* 1 when the access is to the printf buffer */
void printf_stage(L *l, int store, Val a, int n, const Operand *dst, const Val *data);
Val printf_cb0(L *l, int element);         /* cb0[8].y (0) / cb0[8].z (1) */
void printf_prologue(L *l);
void printf_epilogue(L *l);
Val flat_local_id(L *l);                   /* lower.c: vTidInGrpFlat.x */
/* abi64.c: AMD's 64-bit ABI.  abi64_access: the pair an access's address
 * operand a names (0 ok, else a diagnostic); abi64_address: chunk h of it
 * as an A64 address */
int abi64_access(L *l, const Inst *in, const Operand *a, Val *lo, Val *hi);
VDecl *abi64_address(L *l, Val lo, Val hi, int h);
int abi64_addr_mod(L *l, const Inst *in, const Mod *m); /* _addr(64): 0 ok */
PvVal pv_base(L *l, const Inst *in);       /* lower.c: provenance in the current context */
VDecl *implicit_arg(L *l, int which);      /* lower.c: an implicit payload argument */
Val lower_special(L *l, Special sr, int sel); /* lower.c: a special register's component */

/* lower_ps.c: CAL pixel shaders (il_ps kernels) */
Val ps_win_coord(L *l, int sel);             /* vWinCoord0 component */
Val ps_input(L *l, const Operand *o, int sel); /* v<n>: the window position if declared so */
int ps_output_dst(L *l, const Operand *d);    /* oN as a destination: 0 ok */
VDecl *ps_out_reg(L *l, int n, int c);       /* component c of render target n */
void ps_output_store(L *l, const Operand *d, const int m[4], VDecl *const tmp[4]);
void ps_kill(L *l, VDecl *p, int pnot);       /* discard where p (!p with pnot) */
int ps_dcl(L *l, const Inst *in);             /* dcl_input / dcl_output: 0 ok */
void ps_setup(L *l);                          /* before the prologue: what it computes */
void ps_prologue(L *l);
void ps_epilogue(L *l);                       /* the render-target writes */
/* lower_image.c: typed write of data[0..3] to texel uvr of image img */
void image_write(L *l, const MdArg *img, VDecl *const uvr[3], VDecl *const data[4]);
int uav_atomic_op(Opcode op); /* uav_<op> / uav_read_<op> that lower_mem lowers */

/* dynbase.c: accesses whose base is one of several arguments per lane */
void dyn_setup(L *l);                       /* after l->clones: which registers get a shadow */
void dyn_free(L *l);
void dyn_def(L *l, const Inst *in);         /* before lowering in: its shadow updates */
/* the per-lane base of an access whose provenance is `set`; fits checks (and
 * diagnoses) each candidate; 0 ok */
/* the per-lane base of an access whose address was read from memory: the
 * candidate argument nearest below it (dynbase.c) */
/* lower_mem.c: one A64 access of 1 or 2 bytes a lane in chunk h; a load's
 * bytes extended into dst */
void a64_sub_dword(L *l, int store, int h, VDecl *addr, int size, int sign, VDecl *data, VDecl *dst);
int mem_base(L *l, const Inst *in, const MdArg *const *cand, size_t n, Val *lo, Val *hi);
int dyn_base(L *l, const Inst *in, PvVal set, int (*fits)(L *, const Inst *, const MdArg *, int),
             int uav, Val *lo, Val *hi);

/* lower_div.c: dst = n / d (or n % d when mod), unsigned 32-bit, on devices
 * without an integer divide; by 0 both give 0xFFFFFFFF as on AMD */
void udiv_emulated(L *l, int mod, VDecl *dst, Val n, Val d);

/* lower_image.c: image and sampler arguments */
int image_inst(Opcode op);                  /* an image instruction or declaration lower_image owns */
int lower_image(L *l, const Inst *in);      /* 1 when it was one (lowered or diagnosed) */
int image_lowers(Opcode op);                /* lower_image lowers op (not only diagnoses it) */
void image_layout(L *l, const MdArg *m, AbiEntry *e, int cb1_cross); /* payload args of one argument */
void image_prologue(L *l);                  /* info blocks and sampler dwords in the cb1 image */

/* lower_f64.c: double-precision instructions in software (32-bit integer
 * vISA); 1 when the instruction was one (lowered or diagnosed) */
int lower_f64(L *l, const Inst *in);
int f64_knows(Opcode op);                   /* lower_f64 lowers op (not only diagnoses it) */
void f64_prologue(L *l);                    /* cr0's double denormal bit, if native doubles are used */

/* lower.c: a 64-bit instruction per written component pair (checks, temporaries, store) */
void alu_pairs(L *l, const Inst *in, void (*f)(L *, const Inst *, VDecl *[2], int));

/* lower_int64.c: i64div u64div i64mod u64mod vmad_u64_u32 vmad_i64_i32;
 * 1 when the instruction was one.  Also 32-bit helpers for lower_media.c. */
int lower_int64(L *l, const Inst *in);
int int64_knows(Opcode op);
VDecl *ix_t(L *l);                                    /* a fresh 32-bit temporary */
Val ix_bin(L *l, const char *op, VType t, Val a, Val b); /* a temporary = a op b */
Val ix_un(L *l, const char *op, VType t, Val a);
Val ix_sel(L *l, VDecl *p, Val a, Val b);             /* (p) a, else b */
void ix_mov(L *l, VDecl *d, Val v);

/* lower_media.c: sad4 sad_u16 sad_u32 msad u4lerp qsad mqsad mqsad_u32_u8 */
int lower_media(L *l, const Inst *in);
int media_knows(Opcode op);

/* lower_flat.c: CI flat_load / flat_store (64-bit ABI: global A64) */
int lower_flat(L *l, const Inst *in);         /* 1 when one */
int flat_knows(Opcode op);
/* lower_wave.c */
int lower_wave(L *l, const Inst *in);         /* cu_id wave_id lane_id poisonv; 1 when one */
int wave_knows(Opcode op);
/* lower_lsc.c: memory messages in LSC form (when L.lsc) */
typedef enum LscMem { LSC_UGM, LSC_SLM, LSC_SCRATCH } LscMem;
int lsc_choose(const TranslateOptions *o);  /* the kernel's messages are LSC */
void lsc_move(L *l, LscMem m, int store, int h, VDecl *addr, int aoff, int64_t imm, int bytes, int n,
              VDecl *data, int doff);
void lsc_atomic(L *l, int global, VDecl *addr, int h, const char *vop, VOpnd dst, VOpnd s0, VOpnd s1,
                const char *dtype);
void lsc_fence(L *l, int slm);
void lsc_scratch_prologue(L *l);           /* L.scratch_ss */
/* lower_fmath.c: further float instructions and the rounding-mode and
 * destination-shift modifiers */
int lower_fmath(L *l, const Inst *in);       /* 1 when the instruction was one */
int fmath_knows(Opcode op);                  /* lower_fmath lowers op */
int fmath_mod(const char *name);             /* _rte.._rtz, _x2.._d8 */
const char *fmath_check(const Inst *in);     /* NULL, or why its modifiers are refused */
int fmath_shift(const Inst *in);             /* the destination shift's power of two, 0 none */
void fmath_post(L *l, const Inst *in, VDecl *dst); /* the shift, then _sat */
void fmath_round(L *l, const Inst *in);      /* cr0's rounding mode flipped (twice: back) */
Opcode fmath_alu_op(const Inst *in);
int fmath_round_mode(const Inst *in);        /* 0 even, 1 +Inf, 2 -Inf, 3 zero (lower_f64.c) */         /* mul/mad with a rounding mode: the _ieee form */

#endif
