/* amdint.h - private types of the AMD side of the emulator (amd*.c).
 *
 * amd_decode.c turns the linked IL of one kernel (main + the call closure)
 * into one flat array of decoded instructions (AInst) with every operand
 * resolved (dense register numbers, literal values, control-flow targets,
 * call targets) and refuses what it cannot run.  amd.c is AMD's runtime
 * (cb0, cb1, UAV memories, LDS, the group loop, results), amd_exec.c the
 * GPU (one resumable interpreter per work-item), amd_alu.c the per-component
 * ALU semantics, amd_mem.c the memory instructions, amd_printf.c the
 * runtime's printf decoder, amd_image.c images and samplers (the info
 * blocks in cb1, sampler states, sample / load / typed uav_load and
 * uav_store).
 */
#ifndef AMDINT_H
#define AMDINT_H

#include "emu.h"
#include "hostile.h"

/* ---- decoded code ------------------------------------------------------- */

typedef enum SrcKind {
	S_TEMP,     /* r<n>: reg = dense register index */
	S_LIT,      /* literal or immediate: lit[] */
	S_CB,       /* cb<reg>[idx (+ rel)] */
	S_ITEMP,    /* x<reg>[idx (+ rel)]: reg = array index in AmdCode.arrays */
	S_SPECIAL,  /* vTidInGrp ...: reg = Special */
	S_GLOBAL,   /* g[idx (+ rel)]: a derived (CAL) kernel's global buffer */
	S_OUTPUT,   /* o<reg>: an il_ps kernel's render target register */
} SrcKind;

typedef struct ASrc {
	uint8_t kind;       /* SrcKind */
	uint8_t sel[4];     /* SEL_X .. SEL_1 per result component */
	uint8_t neg;        /* bit c: negate result component c */
	uint8_t abs;        /* 1: absolute value (float) */
	uint8_t rel_sel;    /* component of the relative index register */
	int reg;
	int idx;            /* constant index (S_CB, S_ITEMP) */
	int rel;            /* dense register of a relative index, -1 = none */
	uint32_t lit[4];    /* S_LIT */
} ASrc;

typedef enum DstKind { D_NONE, D_TEMP, D_ITEMP, D_MEM, D_GLOBAL, D_OUTPUT /* il_ps oN: reg = N */ } DstKind;

typedef struct ADst {
	uint8_t kind;       /* DstKind */
	uint8_t m[4];       /* WM_SKIP / WM_WRITE / WM_ZERO / WM_ONE */
	uint8_t rel_sel;
	int reg;            /* dense register / array index */
	int idx;
	int rel;            /* -1 = none */
} ADst;

/* Pseudo opcodes appended after the IL's own. */
enum { AOP_FUNC_END = OP_COUNT, AOP_MAIN_END };

typedef struct AInst {
	const Inst *in;     /* the IL instruction (NULL for pseudo ones) */
	Loc loc;
	int op;             /* Opcode or AOP_* */
	int nsrc;
	int target;         /* control flow: jump target; call: first instruction */
	int target2;        /* switch: end; case: value */
	int uav;            /* memory: UAV / LDS id; fence: 1 = barrier */
	int aux;            /* relop, zeroop policy, access size, ... */
	uint8_t sat, arena, cond_z;
	uint8_t b64;        /* UAV atomics: _b64, 64-bit values in component pairs */
	uint8_t unnorm;     /* sample: _coordtype(unnormalized); resinfo: _uint */
	int8_t off[3];      /* sample: _aoffimmi(u,v,w), texel offsets */
	uint8_t coordtype;  /* sample: the instruction has _coordtype (else a CAL resource's
	                     * declaration decides) */
	int samp;           /* sample: _sampler(n), -1 = none */
	uint32_t k;         /* cmp: the _cmpval constant's bits */
	uint8_t rnd;        /* _rte/_rtp/_rtn/_rtz: 1..4, 0 = none (amd_fmath.c) */
	int8_t shift;       /* _x2.._x8 / _d2.._d8: the power of two, 0 = none */
	uint8_t approx;     /* the output copy of an approximate library macro: OpenCL's
	                     * bound in ulps (255: 255 or more) */
	ADst d;
	ASrc s[4];
} AInst;

typedef struct AArray {
	int num;            /* x<num> */
	int len;            /* elements (vec4) */
	int base;           /* first element in the work-item's array store */
} AArray;

typedef struct AmdCode {
	VEC(AInst) code;    /* main first (entry 0), then every function */
	int nregs;          /* dense r# registers */
	VEC(long long) regnum; /* IL number of each dense register */
	VEC(AArray) arrays;
	int array_elems;    /* elements over all arrays */
	int priv_uav;       /* private UAV id, -1 = none */
	int arena_uav;      /* Evergreen's dcl_arena_uav_id, -1 = none (amd_mem.c amd_heap_uav) */
	long long priv_bytes; /* its size per work-item */
	int lds_dcl;        /* largest dcl_lds size of the first LDS id, -1 when none */
	int lds_ids[8], lds_sizes[8], nlds; /* every LDS id declared, ascending, its largest size */
	int lds_strides[8]; /* dcl_struct_lds: the id's stride; 0 raw */
	int r7_size;        /* R7xx LDS: dwords of each thread's area (0: not used), */
	int r7_abs;         /* ... 1: _wavefrontAbs (area = thread mod 64), 0: _wavefrontRel */
	int cb1_dcl;        /* dcl_cb cb1[n] * 16 */
	VEC(int) uav_dcl;   /* raw/typeless (non-private) UAV ids declared */
	VEC(int) struct_uav, struct_stride; /* dcl_struct_uav ids and their strides */
	int reqd[3];        /* dcl_num_thread_per_group, 0 = none */
	int wavesize;       /* dcl_wavesize, 0 = none (the device's) */
} AmdCode;

/* amd_decode.c: 0 ok, -1 with *err set (malloc'd, naming file:line) */
int amd_decode(Program *p, Kernel *k, AmdCode *c, char **err);
void amd_code_free(AmdCode *c);

/* ---- memories ----------------------------------------------------------- */

typedef struct Region {
	uint32_t start, end; /* [start, end) bytes */
} Region;

/* A byte-addressed memory: a UAV, LDS, a constant buffer, private memory. */
typedef struct Mem {
	int id;              /* UAV / CB id */
	int is_uav;          /* the data segment and printf area are mapped into it */
	uint8_t *b;
	uint32_t size;
	VEC(Region) ok;      /* where accesses may go (empty: everywhere below size) */
	int64_t *writer;     /* per byte: flat global id of the last store, -1 (UAVs and
	                      * the LDS of kernel-declared or __local memory) */
	uint32_t *wepoch;    /* per byte: Run.epoch (UAVs) or Run.lds_epoch (LDS) of that
	                      * store */
	int64_t *racer;      /* per byte: a work-item whose plain store to it is unordered
	                      * with another work-item's store (a write-write race), -1 */
	uint8_t *init;       /* LDS, private: per byte 1 once a store reached it (poison
	                      * reads are noted); NULL for the others */
	uint8_t *taint;      /* per byte: the approximation class of the value stored
	                      * there (Run.taint); NULL: never approximate (constant
	                      * buffers) */
} Mem;

/* what a store waits in a work-item's store buffer for (hostile.h kinds):
 * LDS stores until a fence or barrier with _lds, UAV stores until one with
 * _memory; private stores are visible at once (only their owner sees them) */
enum { AK_LDS, AK_GLOBAL };

/* An image argument: resource `id` (read-only) or UAV `id` (the others). */
typedef struct AImg {
	const MdArg *md;     /* its ;image line */
	const EmuImage *d;   /* the host's description */
	int arg;             /* argument index */
	uint8_t *b;          /* the texels (a copy: the result) */
	size_t size;
	int64_t *writer;     /* per byte, as Mem's: the last work-item that stored it, -1 */
	uint32_t *wepoch;    /* ...the Run.epoch of that store */
	int64_t *racer;      /* ...a work-item whose store is unordered with another's, -1 */
	uint8_t *taint;      /* ...the approximation class of the stored value (Run.taint) */
	uint8_t tmax;        /* the largest class stored (what a load of it gets) */
} AImg;

/* ---- the launch ----------------------------------------------------------- */

enum { WI_RUN, WI_BARRIER, WI_DONE };

#define AMD_CALL_DEPTH 64

typedef struct Item {
	uint32_t *r;         /* nregs * 4 */
	uint32_t *x;         /* indexed temporaries: array_elems * 4 */
	uint8_t *priv;       /* private UAV bytes */
	int pc, state, sp;
	uint64_t steps;      /* instructions executed */
	int stack[AMD_CALL_DEPTH];
	uint32_t lid[3], flat_lid;
	uint32_t gid[3];     /* global id (without offset), as vAbsTid */
	int64_t flat_gid;    /* flat global id (for writers and messages) */
	uint8_t *priv_init;  /* per private byte: written */
	uint8_t *x_init;     /* per indexed-temporary component: written */
	uint8_t *rt, *xt, *priv_t; /* per register component, indexed-temporary component and
	                      * private byte: the approximation class of its value */
	HzStoreBuf sb;       /* LDS and UAV stores not yet visible to the others */
	uint32_t o[MD_CAL_OUTPUTS * 4]; /* il_ps: the render targets' values (0 unless written) */
	uint8_t ot[MD_CAL_OUTPUTS * 4]; /* ...the approximation class of each */
	int killed;          /* il_ps: the pixel was discarded */
} Item;

typedef struct Run {
	Program *p;
	Kernel *k;
	const EmuLaunch *l;
	EmuResult *res;
	AmdCode c;
	uint32_t cb0[16 * 4];
	uint8_t cb0_set[16 * 4];     /* 1: the runtime fills this component */
	Mem cb1;
	VEC(Mem) cbs;                /* hardware constant buffers cb2.. */
	VEC(Mem) uavs;
	Mem lds;                     /* the first (lowest) LDS id */
	VEC(Mem) lds_more;           /* each further LDS id: its own memory, id = the LDS id */
	uint32_t lds_static;         /* static LDS bytes (hl arguments follow) */
	uint32_t data_off, data_size;     /* global data segment in every UAV */
	uint32_t pf_off, pf_size;         /* printf area in every UAV */
	uint8_t *data;                    /* the data segment bytes (shared) */
	uint8_t *pf;                      /* the printf area (shared) */
	uint32_t *buf_off;           /* per argument: its offset in its memory */
	uint8_t **ctr;               /* per argument: a counter's bytes (a copy: the result;
	                              * the counter is the first dword), NULL for the others */
	VEC(AImg) imgs;              /* image arguments */
	uint32_t group[3], ngroups[3], nlocal;
	Item *items;
	uint64_t limit;
	int approx;                  /* an approximate instruction ran */
	int approx_hw;               /* ...one without a bound in ulps (exp_vec, sin_vec, a
	                              * library macro of 255 ulps or more) */
	int approx_ulps;             /* the largest bound of the library macros' results */
	int refused;                 /* the error is a refusal (not emulated), not a kernel fault */
	int pf_stop;                 /* an unknown printf id stopped printing */
	char *err;                   /* first execution error */
	uint64_t rng;                /* the interleaving's random stream (sched_seed) */
	uint64_t slice;              /* instructions a work-item runs before the next is
	                              * chosen; 0: to its barrier */
	uint32_t *order;             /* nlocal work-item indices (scheduling scratch) */
	int poison_read;             /* a load read never-written LDS / private bytes */
	HzCount pend;                /* pending bytes of the group's store buffers */
	uint32_t epoch;              /* a new one per group and per barrier that orders
	                              * global memory: stores of one epoch are unordered */
	uint32_t group_epoch;        /* the running group's first epoch */
	uint32_t lds_epoch;          /* a new one per barrier that orders LDS */
	char *lds_race;              /* the first LDS byte two work-items of a group
	                              * stored with no barrier between (NULL: none) */
	char *cvt_range;             /* the first float-to-integer conversion whose
	                              * operand was out of range (NULL: none) */
	/* Taint: every register component, memory byte and texel carries a
	 * class.  Its low 7 bits say how approximate the value is: 0 computed
	 * exactly, n (1..126) within n ulps (a library macro's OpenCL bound),
	 * AMD_TAINT_HW from a hardware approximation (no bound) or a wider
	 * bound; bit AMD_TAINT_IMPL says it depends on a float-to-integer
	 * conversion of an out-of-range operand (implementation-defined in
	 * OpenCL C).  A result's class joins its sources' (addresses and
	 * relative indices included) and the instruction's own; conform.c
	 * widens a tolerance, or skips pocl's opinion, only for the elements
	 * whose class asks for it.  Control flow does not taint: a branch on
	 * an approximate value is compared as is; one on an implementation-
	 * defined value (or such a value as an address, an index, a printf
	 * argument) sets impl_cf, and then the whole kernel is excused. */
	uint8_t taint;               /* the running instruction's: its sources read so far */
	int impl_cf;                 /* an AMD_TAINT_IMPL value decided more than the data
	                              * it flows into: a branch, loop exit or switch, the
	                              * address of a store or atomic, an indexed temporary's
	                              * index, an image store's coordinates, a printf record */
	uint8_t ct[4], percomp;      /* percomp: amd_write takes result component c's class
	                              * from ct[c] (instructions whose components read
	                              * their own source components), else taint */
} Run;

#define AMD_TAINT_HW 0x7f
#define AMD_TAINT_IMPL 0x80

/* the class of a value computed from values of classes a and b */
static inline uint8_t amd_taint_join(uint8_t a, uint8_t b)
{
	uint8_t x = a & AMD_TAINT_HW, y = b & AMD_TAINT_HW;
	return (uint8_t)(((a | b) & AMD_TAINT_IMPL) | (x > y ? x : y));
}

/* a value of class c decides more than the data it flows into (a branch,
 * an address, an index, a printf record): Run.impl_cf */
static inline void amd_taint_steers(Run *R, uint8_t c)
{
	if (c & AMD_TAINT_IMPL)
		R->impl_cf = 1;
}

/* amd_exec.c */
int amd_r7_lockstep(Run *R, const AInst *a); /* R7xx LDS, the whole group at once; 0 ok */
int amd_wave_op(int op);                     /* cu_id wave_id lane_id poisonv */
int amd_run_item(Run *R, Item *it);          /* runs to a barrier / the end / R->slice
                                              * instructions; state */
/* notes the first out-of-range float-to-integer conversion (Run.cvt_range) */
void amd_note_cvt(Run *R, const Item *it, const AInst *a, double x);
void amd_fail(Run *R, const Item *it, const AInst *a, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
uint32_t amd_src(Run *R, Item *it, const AInst *a, const ASrc *s, int c, int isfloat);
void amd_write(Run *R, Item *it, const AInst *a, int c, uint32_t v);

/* amd_alu.c: one result component; 0 ok, -1 not an ALU op (the executor
 * refuses it).  v[i] = component c of source i, modifiers applied. */
int amd_alu_kind(int op);                    /* 0 not ALU, 1 int sources, 2 float sources and
                                              * result, 3 float sources, integer result,
                                              * 4 64-bit integer (component pairs),
                                              * 5 double (amd_f64.c), 6 amd_intx.c, 7 amd_fmath.c */
int amd_alu_approx(int op);                  /* approximate (transcendental, fast divide) */
uint32_t amd_alu(const AInst *a, const uint32_t *v);
/* does the conversion op (ftoi, ftou and their floor/ceil forms) get an
 * operand (bits v) out of its result's range, NaN included?  AMD's result
 * is defined (saturated); an OpenCL C cast's is implementation-defined */
int amd_cvt_out_of_range(int op, uint32_t v);
uint32_t amd_dot(const AInst *a, uint32_t v[3][4]); /* dp2/dp3/dp4 */
uint64_t amd_alu64(int op, uint64_t a, uint64_t b); /* kind 4: one component pair */
float amd_ftz(float f);                      /* single-precision denormals flushed */
float amd_fi(uint32_t u);                    /* a float source: its bits, flushed */
uint32_t amd_fo(float f);                    /* a float result: flushed, NaN 0x7FC00000 */

/* amd_fmath.c: the further float instructions (amd_alu_kind 6) and the
 * rounding-mode and destination-shift modifiers */
int amd_fmath_op(int op);
int amd_fmath_int_src(int op, int i);        /* source i is an integer */
int amd_fmath_lane_w(int op);                /* legacy scalar: reads lane w */
uint32_t amd_fmath(const AInst *a, const uint32_t *v);
int amd_fmath_mod(const char *name);         /* a modifier amd_fmath_mods reads */
const char *amd_fmath_mods(const Inst *in, AInst *a); /* NULL, or why it is refused */
int amd_round_begin(const AInst *a);         /* the host rounding mode set; the old one */
void amd_round_end(int old);
float amd_shift(const AInst *a, float r);    /* the destination shift applied */

int amd_flat_size(const char *arg);        /* amd_mem.c: flat _size(): bytes | 0x100 signed, -1 */

/* amd_f64.c: the double instructions (amd_alu_kind 5, component pairs) */
int amd_f64_op(int op);                      /* 1 for a double instruction emulated */
const char *amd_f64_check(const AInst *a);   /* NULL, or why the decoder refuses it */
void amd_f64(Run *R, Item *it, const AInst *a, uint32_t res[4]);

/* amd_intx.c: 64-bit division, vmad_*, media ops2 (amd_alu_kind 6) */
int amd_intx_op(int op);
const char *amd_intx_check(const AInst *a);  /* NULL, or why the decoder refuses it */
void amd_intx(Run *R, Item *it, const AInst *a, uint32_t res[4]);

/* amd_mem.c: memory instructions; 1 handled, 0 not a memory op */
int amd_mem(Run *R, Item *it, const AInst *a);
Mem *amd_uav(Run *R, int id);
/* a derived kernel's g[i].c: the dword at byte 16 i + 4 c of its g argument */
uint32_t amd_global_load(Run *R, Item *it, const AInst *a, int idx, int rel, int rel_sel, int c);
void amd_global_store(Run *R, Item *it, const AInst *a, int c, uint32_t v);
int amd_heap_uav(const Run *R, int id); /* the memory a UAV id names (arena: the default) */
/* the host address of n bytes at addr of m, NULL after an error (outside m);
 * store: 0 a load, 1 a store, 2 an atomic (read and written) */
uint8_t *amd_mem_at(Run *R, Mem *m, uint32_t addr, uint32_t n, const Item *it, const AInst *a,
                    int store);
uint32_t amd_cb_comp(Run *R, Item *it, const AInst *a, const ASrc *s, int comp);

/* amd_abi64.c: AMD's 64-bit ABI.  UAV byte off lies at AMD_ABI64_BASE + off */
#define AMD_ABI64_BASE 0x00000A64FFFFF000ull
int amd_abi64(const Run *R);                 /* the kernel uses the 64-bit ABI */
uint64_t amd_abi64_addr(uint32_t off);
uint32_t amd_abi64_offset(Run *R, Item *it, const AInst *a, const ASrc *s);

/* amd_image.c */
int amd_image_setup(Run *R);                 /* checks and copies the images; 0 ok */
void amd_image_cb1(Run *R);                  /* info blocks and sampler dwords */
int amd_image(Run *R, Item *it, const AInst *a); /* 1 handled, 0 not an image op */
void amd_ps_outputs(Run *R, Item *it, const AInst *a); /* il_ps: the render-target writes */
void amd_ps_buffer(Run *R, Item *it, const AInst *a, const MdArg *buf, const uint32_t v[4], const uint8_t t[4]);
int amd_image_dcl(const Kernel *k, const Inst *in, char **why); /* dcl checks: 0 ok */
int amd_image_samples(Opcode op);            /* sample, sample_l, sample_b, sample_g */
void amd_image_free(Run *R);

/* amd_printf.c: decodes the printf slots of one group into R->res */
int amd_printf_group(Run *R);

#endif
