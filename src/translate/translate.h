/* translate.h - the translation layer: AMD's runtime ABI mapped onto the
 * Level Zero payload, address provenance, and the lowering of linked IL to
 * vISA.
 *
 * translate_kernel: requires a linked Kernel (md_link) and a Platform;
 * provides a VKernel ready for the text writer and the ZeKernel fields that
 * describe its payload (the code itself comes from the finalizer later).
 */
#ifndef TRANSLATE_H
#define TRANSLATE_H

#include "../gen/gen.h"
#include "../metadata/metadata.h"
#include "../visa/visa.h"

/* Where a cb0 component comes from (data/cb0.xml). */
typedef enum Cb0Source { CB0_UNSUPPORTED, CB0_PAYLOAD, CB0_CONSTANT, CB0_PRINTF, CB0_DATASEG } Cb0Source;

typedef struct Cb0Entry {
	const char *meaning;   /* "global work size x" */
	Cb0Source source;
	ZeArgType arg;         /* CB0_PAYLOAD: implicit argument */
	int element;           /* CB0_PAYLOAD: dword inside that argument;
	                        * CB0_PRINTF: 0 buffer base, 1 slot size (printf.c);
	                        * CB0_DATASEG: 0 low, 1 high dword of the data blob's address */
	uint32_t value;        /* CB0_CONSTANT: bit pattern */
	int present;           /* the table names this slot/component */
} Cb0Entry;

#define CB0_SLOTS 16
typedef struct Cb0Table {
	Cb0Entry e[CB0_SLOTS][4];   /* [slot][component] */
	Cb0Entry e64[CB0_SLOTS][4]; /* AMD's 64-bit ABI: entries replacing e's (present ones) */
} Cb0Table;

/* cb0table.c */
int cb0_load(const char *datadir, Cb0Table *t); /* 0 ok; diagnostics on failure */
int implicit_arg_size(ZeArgType t);            /* bytes of an implicit payload argument */
/* the entry of cb0[slot].comp for a kernel of the 32-bit or 64-bit ABI */
const Cb0Entry *cb0_entry(const Cb0Table *t, int abi64, int slot, int comp);

/* printf.c: the program's ;printf_fmt formats turned into Level Zero
 * printf records (NEO's token protocol).  One argument of one format: */
typedef struct PfArg {
	int amd_bytes;      /* size from ;printf_fmt */
	int amd_dwords;     /* dwords AMD's kernel stored; 0 for an inline %s string */
	int tag;            /* NEO token type (PF_*), 0 = no conversion consumes it */
	int elem;           /* bytes per element as AMD stored it */
	int count;          /* vector elements, 0 for a scalar */
	int half;           /* half-precision values widened to float */
	int bytes;          /* bytes of the NEO token (tag included), 0 when dropped */
} PfArg;
enum { PF_BYTE = 1, PF_SHORT, PF_INT, PF_FLOAT, PF_STRING, PF_LONG, PF_POINTER, PF_DOUBLE,
       PF_VBYTE, PF_VSHORT, PF_VINT, PF_VLONG, PF_VFLOAT, PF_VDOUBLE };
typedef struct PfFormat {
	const MdPrintf *md;
	int id;
	size_t str;         /* offset of the Level Zero format string in the string section */
	int nargs;
	PfArg *args;
	int record;         /* bytes of one Level Zero record */
} PfFormat;
typedef struct PfTable {
	VEC(PfFormat) f;    /* by increasing id */
	Buf strings;        /* .data.const.string: NUL-terminated format strings */
	size_t placeholder; /* offset of the text printed for a runtime %s string */
	size_t empty;       /* offset of "", what an overflowing record's remains point to */
} PfTable;
#define PF_STRINGS_SYMBOL "amd_printf_strings" /* the string section's zebin symbol */
#define PF_BUFFER_BYTES 4194304  /* the printf buffer Level Zero allocates (NEO) */
#define PF_SLOT_DWORDS 1024      /* default per-work-item slot (cb0[8].z) */
int printf_format(const MdPrintf *m, PfFormat *f, Buf *strings); /* 0 ok; warns */
int printf_table(const Program *p, PfTable *t);  /* 0 ok; every format of the program */
void printf_table_free(PfTable *t);

typedef struct TranslateOptions {
	const Platform *plat;
	int simd;              /* 0 = platform default */
	const Cb0Table *cb0;
	const long long *seg_off; /* data blob offset per Program.segs index, NULL if no data */
	const PfTable *pf;     /* the program's printf formats, NULL if none */
	int pf_slot;           /* printf slot of one work-item in dwords (cb0[8].z), 0 = default */
	int mutate;            /* a deliberate bug (MUT_*), to prove --conform catches it */
	int no_fp64_emu;       /* --no-fp64-emulation: refuse doubles without fp64 hardware */
	int messages;          /* --messages: MSG_DEFAULT (LSC on devices without a legacy
	                        * dataport), MSG_LSC or MSG_LEGACY */
} TranslateOptions;
enum { MSG_DEFAULT, MSG_LSC, MSG_LEGACY };
enum { MUT_NONE, MUT_FLIP_COMPARE, MUT_CB1_OFFSET, MUT_DROP_FENCE_LDS, MUT_DROP_BARRIER };

/* isa.c: the coverage table of docs/ISA.md.  lower_knows (lower.c) says
 * whether the lowering has code for a mnemonic; isa_refusal the reason of the
 * target a mnemonic is refused for, NULL when there is none; isa_table
 * writes the Markdown table (tested[op] != 0: the conformance corpus uses op;
 * platforms: the devices that translate). */
int lower_knows(Opcode op);
const char *isa_refusal(Opcode op);
/* isa_undocumented: why a mnemonic no source defines is refused (NULL when
 * a source does); the lowering's diagnostic and docs/ISA.md both print it */
const char *isa_undocumented(Opcode op);
const char *isa_icb_reason(void); /* why icb[i] is refused */
void isa_table(Buf *out, const unsigned char *tested, const char *platforms,
               const char *sampler_platforms); /* image instructions: the devices with a sampler */

/* macro.c: a copy of kernel k whose functions have every mcall inlined
 * (macro registers renamed apart from the caller's); 0 ok, -1 after
 * diagnostics.  expand_macros_free releases the copy's function list. */
int expand_macros(Program *p, const Kernel *k, Kernel *out);
void expand_macros_free(Kernel *k);

/* provenance.c: for every UAV access of the kernel, the pointer argument
 * its address derives from: one (an index), one of several per lane (a
 * set, PV_SET | mask of argument indices: the lowering keeps a per-lane
 * shadow of the candidate, dynbase.c), or none (a PV_* value). */
typedef long long PvVal;
typedef struct PvCtx {
	const Func *f;            /* the function entered */
	int parent;               /* context of the caller, -1 for the wrapper */
	const Inst *call;         /* the call instruction in the parent, NULL for the wrapper */
} PvCtx;
/* A register definition the shadows follow (mov, iadd, iand, ior, ixor,
 * cmov_logical into a temporary): per component the values of the result
 * and of the sources that carry a pointer (mov: ops[1]; the bitwise and
 * add forms: ops[1], ops[2]; cmov_logical: ops[2], ops[3]), joined over
 * every visit in one context (ctx) or in all (ctx -1). */
typedef struct PvDef {
	const Inst *in;
	int ctx;
	PvVal res[4], src[4][2];
} PvDef;
typedef struct Provenance {
	VEC(const Inst *) insts;  /* memory instructions visited */
	VEC(PvVal) base;          /* argument index or a PV_* value, parallel to insts */
	/* per calling context (call path from the wrapper): context 0 is the
	 * wrapper; an instruction's base in one context, when the joined one is
	 * PV_TOP because calls pass different pointers, lets the lowering clone
	 * the function per context (provenance_clones) */
	VEC(PvCtx) ctx;
	VEC(const Inst *) cinsts;
	VEC(int) cctx;
	VEC(PvVal) cbase;
	int ctx_overflow;         /* more call paths than PV_MAX_CTX: no clones */
	/* only when some access has a set: every tracked definition */
	VEC(PvDef) defs;
	size_t *dhash, dcap;      /* (inst, ctx) -> index into defs + 1, 0 empty */
} Provenance;
#define PV_MAX_CTX 64
/* PV_MEM: data read from memory (a UAV, LDS, GDS), which may be a pointer
 * a kernel stored there; an access whose base is PV_MEM finds its argument
 * per lane at run time (dynbase.c mem_base) */
enum { PV_UNDEF = -1, PV_NONPTR = -2, PV_TOP = -3, PV_MEM = -4 };
#define PV_DATASEG (1 << 20) /* a base that is the global data segment (cb0[8].x) */
#define PV_PRINTF (PV_DATASEG + 1) /* the printf buffer (cb0[8].y) */
#define PV_SET (1LL << 62)   /* | a mask of argument indices below PV_SET_ARGS */
#define PV_SET_ARGS 62
#define pv_is_set(v) ((v) >= PV_SET)
#define pv_is_arg(v) ((v) >= 0 && (v) < PV_DATASEG)
int provenance(Program *p, Kernel *k, Provenance *out); /* 0 ok */
PvVal provenance_of(const Provenance *pv, const Inst *in);
PvVal provenance_in(const Provenance *pv, const Inst *in, int ctx); /* in one context */
int provenance_child(const Provenance *pv, int ctx, const Inst *call); /* callee's context, -1 */
int provenance_clones(const Provenance *pv); /* 1 when some base differs only across contexts */
const PvDef *provenance_def(const Provenance *pv, const Inst *in, int ctx); /* ctx -1: joined */
const Operand *provenance_addr(const Inst *in); /* the address operand of a uav_* access */
int provenance_addr_comp(const Inst *in); /* its component holding the pointer */
void provenance_free(Provenance *pv);

/* abi.c: the ABI plan, where every value the kernel reads lives on the AMD
 * side (cb0 slot or cb1 bytes, UAV/LDS/CB id) and on the Level Zero side
 * (payload arguments, thread-payload bytes, vISA input). */
typedef enum AbiKind { AK_ARG, AK_CB0 } AbiKind;

typedef struct AbiEntry {
	AbiKind kind;
	const MdArg *arg;       /* AK_ARG: the metadata argument */
	int slot, comp;         /* AK_CB0: cb0[slot].xyzw[comp] */
	const char *meaning;    /* AK_CB0: what the slot holds */
	int cb, cb_offset, cb_size; /* AMD location: buffer, byte offset, bytes */
	int amd_id;             /* pointers: UAV / LDS / CB id, else -1 */
	const char *provenance; /* pointers: how an access finds its base; cb0[8].y: printf */
	Cb0Source source;       /* AK_CB0: payload or constant */
	uint32_t constant;      /* AK_CB0 constant bits */
	int element;            /* AK_CB0 payload: dword inside the implicit argument */
	const char *data_symbol;/* AK_CB0 data segment base: the zebin symbol (offset 0) */
	int ze_first, ze_count; /* the ZeArgs (ZeKernel.args) that carry it */
	const char *input;      /* vISA input variable holding it */
	int payload_offset;     /* byte of the thread payload where it starts */
} AbiEntry;

typedef struct AbiPlan {
	const char *kernel;     /* OpenCL name */
	int simd, grf_bytes;
	int local_id_size;      /* per-thread local ids (3 channels) */
	int cross_start;        /* thread-payload byte of cross-thread data */
	int cb1_cross;          /* cross-thread byte of the cb1 image, -1 if none */
	int cb1_bytes;          /* size of the cb1 image */
	int lds_bytes;          /* AMD: static LDS (SLM on Intel: slm_size) */
	int private_bytes;      /* AMD: private memory per work-item (Intel: scratch/SIMD) */
	int data_bytes;         /* program data blob in .data.const, 0 if none */
	int printf_slot;        /* dwords of a work-item's staged printf slot, 0 if it never prints */
	const MdBlock *md;      /* the kernel's metadata (source position, printf formats) */
	int derived;            /* a CAL kernel's derived ABI: no cb1 on the AMD side */
	const PfTable *pf;      /* the program's printf formats, NULL if none */
	const char *approx;     /* the approximate math instructions the code uses ("exp inv"),
	                         * NULL when every result is exact (interned) */
	int mem_pointers;       /* some access's address is a pointer read from memory: the
	                         * host must keep every buffer within one 4 GiB span */
	VEC(AbiEntry) entries;  /* explicit arguments in order, then cb0 reads */
} AbiPlan;

/* What a translated kernel may need (docs/LIMITS.md); beyond these the
 * translator refuses the kernel with the limit named, before the finalizer
 * or Level Zero would fail or crash on it. */
#define ABI_MAX_ARG_BLOCK 2048     /* cb1 bytes: Intel's largest kernel argument block
                                    * (CL_DEVICE_MAX_PARAMETER_SIZE), and what the
                                    * finalizer takes as GRF payload at SIMD32 */
#define ABI_MAX_LDS       65536    /* ;memory:hwlocal bytes: SLM per work-group */
#define ABI_MAX_PRIVATE   65536    /* ;memory:uavprivate bytes per work-item */
#define ABI_MAX_CB_SEG    65536    /* a ;#DATASTART:<cb> segment: one hardware constant
                                    * buffer, 4096 entries of 16 bytes */
#define ABI_MAX_DATA      (16 << 20) /* the global ;#DATASTART segment and all segments together */
int abi_check_args(const Kernel *k);             /* 0 when every argument kind is supported */
int abi_check_segments(const Program *p);        /* 0 when the data segments fit the limits */
int abi_cb1_size(const Kernel *k);               /* bytes of cb1 the kernel declares or uses */
int abi_value_pieces(const MdArg *a, int off[], int size[], int src[], int max);
void abi_plan_free(AbiPlan *p);
size_t abi_data_blob(const Program *p, uint8_t **bytes, long long *seg_off);
#define ABI_DATA_SYMBOL "amd_data_segments" /* the blob's zebin symbol */

/* abimap.c: --emit abi, one XML file (schema data/abimap.xsd) and one text table */
char *abi_map_xml(const AbiPlan *p, const ZeKernel *ze, const char *device);
char *abi_map_text(const AbiPlan *p, const ZeKernel *ze, const char *device);
/* --cal-abi FILE: the argument order of each derived (CAL) kernel from an
 * ABI map: each <argument name="..." index="..."/> of FILE puts the derived
 * argument of that name at that index; 0 ok, else diagnostics naming FILE */
int cal_abi_apply(Program *p, const char *path);

/* arginfo.c: the kernel's OpenCL attributes and clGetKernelArgInfo's view
 * of its arguments (ze->attr_*, ze->arg_info) from its metadata */
void kernel_arg_info(const Kernel *k, ZeKernel *ze);
const char *approx_math(const VKernel *vk); /* AbiPlan.approx */

/* lower.c */
int translate_kernel(Program *p, Kernel *k, const TranslateOptions *o,
                     VKernel **vk, ZeKernel *ze, AbiPlan *plan);

#endif
