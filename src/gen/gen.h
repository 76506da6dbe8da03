/* gen.h - the Gen layer: platforms, the vISA finalizer (GenX_IR) and the
 * zebin container with its .ze_info description.
 *
 * Data flow: platform_find() names the target; finalize() turns one vISA text
 * file into Gen machine code; the translator fills a ZeKernel per kernel; and
 * zebin_write() packs every kernel of one input program into one ELF file.
 */
#ifndef GEN_H
#define GEN_H

#include <stddef.h>
#include <stdint.h>

#include "../util.h"

/* One device, from data/platforms.xml. */
typedef struct Platform {
	const char *name;        /* ocloc device name: "tgllp" */
	const char *genx;        /* GenX_IR -platform value: "TGLLP" */
	const char *description; /* human readable */
	uint32_t product_family; /* .note.intelgt.compat type 1 (PRODUCT_FAMILY) */
	uint32_t core_family;    /* type 2 (GFXCORE_FAMILY), 0 = unspecified */
	int grf_bytes;           /* 32, or 64 on PVC */
	int grf_count;           /* GRFs per thread the finalizer is run for */
	int simd_mask;           /* dispatch widths it runs: 8|16|32 bits */
	int default_simd;        /* dispatch width used without -simd */
	int max_msg_lanes;       /* largest exec size of one send message */
	int fp64;                /* native fp64 ALU */
	int int64;               /* native Q-type integer ALU */
	int int_divide;          /* vISA div/mod on integers supported */
	int lsc;                 /* LSC messages exist */
	int legacy_dataport;     /* legacy (HDC) messages exist: svm_*, gather4_scaled ... */
	int thread_prolog;       /* XeHP-class: the kernel loads its per-thread data
	                          * (PerThreadInputSize, offset_to_skip_per_thread_data_load) */
	int inline_data;         /* ...and its first cross-thread GRF is inline data
	                          * (-useInlineData, inline_data_payload_size) */
	int sampler;             /* has a sampler (images) */
	int supported;           /* the translator can target it today */
	const char *missing;     /* why not (supported = 0), NULL if not said */
} Platform;

/* platform.c */
int platforms_load(const char *datadir);          /* 0 ok; diagnostics on failure */
void platforms_set(const Platform *v, size_t n);   /* the table from checked entries (copied) */
const Platform *platform_find(const char *name);  /* NULL if unknown */
void platforms_free(void);
void platforms_list(FILE *f);                    /* "name  description" lines */
const Platform *platform_at(size_t i);           /* table order; NULL past the end */
void platforms_fp64(Buf *b);                     /* "skl, pvc": the devices with fp64 hardware */
void platforms_sampler(Buf *b);                  /* the supported devices with a sampler */
int platform_simd_ok(const Platform *p, int simd); /* the device runs this width */
char *platform_simd_list(const Platform *p);     /* "16 32" (malloc'd) */
#define PLATFORM_INLINE_BYTES 32                 /* inline data of a compute walker */

/* .ze_info model (ZE Info 1.15 as NEO 22.43 decodes it). */
typedef enum ZeArgType {
	ZA_LOCAL_SIZE, ZA_GROUP_COUNT, ZA_GLOBAL_ID_OFFSET, ZA_GLOBAL_SIZE,
	ZA_ENQUEUED_LOCAL_SIZE, ZA_PRIVATE_BASE_STATELESS, ZA_ARG_BYVALUE,
	ZA_ARG_BYPOINTER, ZA_BUFFER_ADDRESS, ZA_BUFFER_OFFSET, ZA_PRINTF_BUFFER,
	ZA_WORK_DIMENSIONS,
	/* image metadata (arg_index = the image) and sampler metadata (arg_index
	 * = the sampler): one dword each, patched by NEO's setArgImage/Sampler */
	ZA_IMAGE_WIDTH, ZA_IMAGE_HEIGHT, ZA_IMAGE_DEPTH, ZA_IMAGE_CHANNEL_DATA_TYPE,
	ZA_IMAGE_CHANNEL_ORDER, ZA_IMAGE_ARRAY_SIZE,
	ZA_SAMPLER_ADDRESS, ZA_SAMPLER_NORMALIZED, ZA_SAMPLER_SNAP_WA,
} ZeArgType;

typedef enum ZeAddrMode { ZM_NONE, ZM_STATELESS, ZM_STATEFUL, ZM_BINDLESS, ZM_SLM } ZeAddrMode;
typedef enum ZeAddrSpace { ZS_NONE, ZS_GLOBAL, ZS_LOCAL, ZS_CONSTANT, ZS_IMAGE, ZS_SAMPLER } ZeAddrSpace;
typedef enum ZeAccess { ZC_NONE, ZC_READONLY, ZC_WRITEONLY, ZC_READWRITE } ZeAccess;
/* image_type of an image arg_bypointer */
typedef enum ZeImageType { ZT_NONE, ZT_1D, ZT_1D_ARRAY, ZT_2D, ZT_2D_ARRAY, ZT_3D, ZT_BUFFER } ZeImageType;

typedef struct ZeArg {
	ZeArgType type;
	int offset;          /* byte offset in cross-thread data */
	int size;            /* bytes */
	int arg_index;       /* explicit argument index, -1 for implicit args */
	ZeAddrMode addrmode; /* arg_bypointer only */
	ZeAddrSpace addrspace;
	ZeAccess access;
	int source_offset;   /* -1 = not written; else byte offset in the host value */
	int slm_alignment;   /* 0 = not written */
	ZeImageType image_type; /* images (addrspace image) */
	int sampler_index;   /* written when addrspace is sampler */
	int has_bti, bti;    /* stateful: binding_table_indices entry bti -> arg_index */
} ZeArg;

/* A sampler defined in the kernel source (ze_info inline_samplers). */
typedef struct ZeInlineSampler {
	int index;             /* sampler_index the code uses */
	const char *addrmode;  /* none repeat clamp_edge clamp_border mirror */
	const char *filtermode;/* nearest linear */
	int normalized;        /* normalized coordinates */
	uint32_t amd_value;    /* the AMD ;sampler bits it comes from (ABI map only) */
} ZeInlineSampler;
#define ZE_MAX_INLINE_SAMPLERS 16

/* One argument as OpenCL's clGetKernelArgInfo reports it (.ze_info
 * kernels_misc_info args_info, as IGC writes it); strings interned. */
typedef struct ZeArgInfo {
	int index;
	const char *name;
	const char *address_qualifier; /* __global __constant __local __private */
	const char *access_qualifier;  /* __read_only __write_only __read_write NONE */
	const char *type_name;         /* OpenCL source type: "float4*", "image2d_t", "int" */
	int size;                      /* bytes the host passes (type_name's ";N") */
	const char *type_qualifiers;   /* "restrict const volatile" (that order) or NONE */
	/* for the ABI map: the element type and vector width of the value or
	 * the pointee, and where the type came from */
	const char *elem_type;         /* int uint float char ... ("" for images, samplers) */
	int vector;                    /* 1 for scalars */
	const char *type_source;       /* "reflection" (;reflection) or "metadata" (inferred) */
} ZeArgInfo;

/* A relocation in a kernel's code: the dword at `offset` of .text.<kernel>
 * receives the low (R_ZE_SYM_ADDR_32) or high (R_ZE_SYM_ADDR_32_HI) half of
 * the symbol's address, or the qword there all of it (R_ZE_SYM_ADDR: a
 * 64-bit immediate, on devices with a Q-type ALU). */
enum { ZR_ADDR = 1, ZR_ADDR_32 = 2, ZR_ADDR_32_HI = 3 };
typedef struct ZeReloc {
	uint64_t offset;       /* byte in the kernel's code */
	int type;              /* ZR_ADDR_32 or ZR_ADDR_32_HI */
	const char *symbol;    /* a ZeData symbol */
} ZeReloc;

/* Program-scope data: one section, one global symbol at its start. */
typedef struct ZeData {
	const char *section;   /* ".data.const" or ".data.const.string" */
	const char *symbol;    /* STT_OBJECT, STB_GLOBAL, value 0 */
	const uint8_t *bytes;
	size_t size;
} ZeData;

typedef struct ZeKernel {
	const char *name;      /* OpenCL kernel name: section .text.<name> */
	const uint8_t *code;   /* Gen machine code (GenX_IR .dat) */
	size_t code_size;
	int simd;              /* 8, 16 or 32 */
	int grf_count;
	int barrier_count;
	int slm_size;
	int has_global_atomics;
	int has_no_stateless_write;
	int has_4gb_buffers;
	int required_wg[3];    /* all 0 = none */
	int scratch_size;      /* per-thread scratch bytes; 0 = no per_thread_memory_buffers */
	int local_id_size;     /* bytes of per-thread local ids (3 channels) */
	int inline_data_size;  /* XeHP-class: bytes of cross-thread data in the walker's inline data */
	int skip_per_thread;   /* XeHP-class: code bytes of the per-thread prolog (NEO skips it when
	                        * it loads the per-thread data itself), -1 = not written */
	VEC(ZeArg) args;       /* payload_arguments in output order */
	VEC(ZeReloc) relocs;   /* into .rel.text.<name> */
	ZeInlineSampler inline_samplers[ZE_MAX_INLINE_SAMPLERS];
	int n_inline_samplers;
	/* user_attributes (OpenCL kernel attributes, as written in the source) */
	int attr_reqd_wg[3];   /* reqd_work_group_size, all 0 = none */
	int attr_wg_hint[3];   /* work_group_size_hint, all 0 = none */
	const char *attr_vec_type_hint; /* NULL = none */
	VEC(ZeArgInfo) arg_info; /* kernels_misc_info args_info, argument order */
	int heap_window;       /* not in the zebin: the ABI map asks the host to keep every
	                        * buffer within one 4 GiB span (pointers read from memory) */
} ZeKernel;

/* zeinfo.c: YAML text of .ze_info for the kernels (block style, version 1.15) */
char *zeinfo_yaml(ZeKernel *const *ks, size_t n);
const char *zearg_type_name(ZeArgType t);
const char *zeimage_type_name(ZeImageType t);

/* zebin.c: writes PATH atomically (temporary name, then rename); 0 on success.
 * On failure nothing is left at PATH and *err holds a message to free. */
int zebin_write(const char *path, const Platform *p, ZeKernel *const *ks, size_t n, char **err);
/* the same with program-scope data sections (ndata may be 0) */
int zebin_write_data(const char *path, const Platform *p, ZeKernel *const *ks, size_t n,
                     const ZeData *data, size_t ndata, char **err);

/* finalize.c: run GenX_IR on one vISA text file. */
typedef struct GenCode {
	uint8_t *code;     /* .dat contents (malloc'd) */
	size_t size;
	char *asm_text;    /* .asm listing (malloc'd, may be NULL) */
	int spill_bytes;   /* from "//.spill size N" */
	int grf_count;     /* from the .asm header when present */
	int inst_count;    /* Gen instructions, the listing's "//.instCount" (0 = unknown) */
	int prolog_bytes;  /* code bytes of the listing's per_thread_prolog block, 0 if none */
	VEC(uint64_t) faddr_lo, faddr_hi; /* code offsets of faddr's low/high immediates */
	VEC(size_t) faddr_lo_at, faddr_hi_at; /* ...and where their mov lines start in asm_text */
	VEC(uint64_t) faddr_64;        /* code offsets of faddr's one 64-bit immediate (SKL) */
	VEC(size_t) faddr_64_at;
} GenCode;
/* Returns 0 on success; on failure writes a one-line reason to *why (malloc'd)
 * and the finalizer's own output to *log (malloc'd, may be NULL). */
int finalize(const char *genx_ir, const Platform *p, const char *visa_text,
             const char *kernel, int timeout_s, GenCode *out, char **why, char **log);
void gencode_free(GenCode *g);
/* From a signal handler (async-signal-safe): kills the running finalizer's
 * process group and makes every later finalize() fail at once.  Returns 1
 * when a finalizer was running (finalize() then returns and removes its
 * temporary folder), 0 otherwise. */
int finalize_interrupt(void);

#endif
