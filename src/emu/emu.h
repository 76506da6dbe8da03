/* emu.h - the emulation layer: both runtimes on the host, so that a
 * translation can be checked without a GPU.
 *
 *   AMD side   emu_amd_run: AMD's OpenCL runtime (cb0 filled as for
 *              clEnqueueNDRangeKernel, cb1 from the metadata layout, UAVs by
 *              id, LDS per group, private memory, the data segment, printf
 *              slots decoded with ;printf_fmt) and a GPU executing the linked
 *              IL per work-item, work-items of a group in lock-step between
 *              barriers.
 *   Intel side emu_ze_run: NEO (the payload built from OUR .ze_info:
 *              cross-thread data, per-thread local ids, r0, stateless
 *              addresses, SLM, scratch, data sections and relocations, the
 *              printf buffer decoded with our format strings) and a Gen GPU
 *              executing our vISA text per SIMD thread with per-lane masks.
 *              vISA it does not understand is refused, never guessed.
 *
 * Both take the same EmuLaunch (the host's view: NDRange and the explicit
 * argument values as an OpenCL host program would pass them) and fill an
 * EmuResult (every buffer's final bytes, printf output, status), which
 * conform.c compares byte for byte.
 *
 * requires: a linked Kernel (md_link) for the AMD side; the zebin and the
 * vISA text of the same kernel for the Intel side.
 */
#ifndef EMU_H
#define EMU_H

#include "../gen/gen.h"
#include "../metadata/metadata.h"
#include "../translate/translate.h"

/* The NDRange of clEnqueueNDRangeKernel / zeCommandListAppendLaunchKernel:
 * whole work-groups only (global[d] is a multiple of local[d]). */
typedef struct EmuRange {
	int dim;                 /* 1..3; unused dimensions have global = local = 1 */
	uint32_t global[3];      /* global work size */
	uint32_t local[3];       /* work-group size */
	uint32_t offset[3];      /* global work offset */
} EmuRange;

/* One explicit kernel argument as the host passes it. */
typedef enum EmuArgKind {
	EA_VALUE,    /* by value: bytes in OpenCL C's host layout (sizeof the type;
	              * a 3-element vector takes 4 elements) */
	EA_BUFFER,   /* __global / __constant pointer: the buffer's initial bytes */
	EA_LOCAL,    /* __local pointer: size bytes of local memory, no contents */
	EA_NULL,     /* a NULL pointer (global or constant) */
	EA_IMAGE,    /* an image (clCreateImage): EmuArg.image, the texels in bytes */
	EA_SAMPLER,  /* a sampler (clCreateSampler): EmuArg.sampler, no bytes */
} EmuArgKind;

/* The OpenCL enums an image or sampler is described with (cl.h values, which
 * both runtimes' metadata carry unchanged). */
enum {
	EMU_CL_R = 0x10B0, EMU_CL_RG = 0x10B2, EMU_CL_RGBA = 0x10B5,          /* channel order */
	EMU_CL_UNORM_INT8 = 0x10D2, EMU_CL_SIGNED_INT8 = 0x10D7, EMU_CL_SIGNED_INT16 = 0x10D8,
	EMU_CL_SIGNED_INT32 = 0x10D9, EMU_CL_UNSIGNED_INT8 = 0x10DA, EMU_CL_UNSIGNED_INT16 = 0x10DB,
	EMU_CL_UNSIGNED_INT32 = 0x10DC, EMU_CL_FLOAT = 0x10DE,                /* channel data type */
	EMU_CL_ADDRESS_NONE = 0x1130, EMU_CL_ADDRESS_CLAMP_TO_EDGE = 0x1131, EMU_CL_ADDRESS_CLAMP = 0x1132,
	EMU_CL_ADDRESS_REPEAT = 0x1133, EMU_CL_ADDRESS_MIRRORED_REPEAT = 0x1134, /* addressing */
	EMU_CL_FILTER_NEAREST = 0x1140, EMU_CL_FILTER_LINEAR = 0x1141,        /* filter */
};

/* cl_image_desc's image_type, as the metadata of both sides names them */
typedef enum EmuImageType { EI_1D, EI_1D_ARRAY, EI_1D_BUFFER, EI_2D, EI_2D_ARRAY, EI_3D } EmuImageType;

/* An image as clCreateImage sees it (cl_image_format + cl_image_desc).  Its
 * texels are EmuArg.bytes (size = slice_pitch * (depth or array_size),
 * in and out), texel (x, y, z) at x * texel + y * row_pitch + z * slice_pitch
 * where z is the layer of a 2-D array and y the layer of a 1-D array. */
typedef struct EmuImage {
	EmuImageType type;
	uint32_t width;          /* texels in a row */
	uint32_t height;         /* rows: 2D, 2DA, 3D; 1 otherwise */
	uint32_t depth;          /* slices: 3D; 1 otherwise */
	uint32_t array_size;     /* layers: 1DA, 2DA; 0 otherwise */
	uint32_t order;          /* channel order: EMU_CL_R, EMU_CL_RG, EMU_CL_RGBA */
	uint32_t data_type;      /* channel data type: EMU_CL_UNORM_INT8 ... EMU_CL_FLOAT */
	uint32_t texel;          /* bytes of one texel (channels * channel bytes) */
	uint32_t row_pitch;      /* bytes from one row to the next (>= width * texel) */
	uint32_t slice_pitch;    /* bytes from one slice / layer to the next (>= row_pitch *
	                          * height; row_pitch for a 1-D array) */
} EmuImage;

/* A sampler as clCreateSampler sees it. */
typedef struct EmuSampler {
	int normalized;          /* CL_TRUE: normalized coordinates */
	uint32_t addressing;     /* EMU_CL_ADDRESS_* */
	uint32_t filter;         /* EMU_CL_FILTER_NEAREST / _LINEAR */
} EmuSampler;

typedef struct EmuArg {
	EmuArgKind kind;
	uint8_t *bytes;          /* EA_VALUE, EA_BUFFER, EA_IMAGE: contents (owned by the launch) */
	size_t size;             /* bytes of the value / buffer / local allocation / texels */
	EmuImage image;          /* EA_IMAGE */
	EmuSampler sampler;      /* EA_SAMPLER */
} EmuArg;

typedef struct EmuLaunch {
	EmuRange range;
	VEC(EmuArg) args;        /* in argument order, one per metadata argument */
	int printf_slot;         /* AMD's cb0[8].z in dwords (the translation's --printf-slot) */
	uint64_t step_limit;     /* instructions per work-item (AMD) / thread (Intel) before
	                          * the run is declared hung; 0 = a default */
	/* the Intel device (data/platforms.xml): its register size (0 = 32),
	 * whether its compute walker leaves the per-thread data to the kernel's
	 * prolog (XeHP class) and delivers the first cross-thread GRF as
	 * inline data */
	int grf_bytes, thread_prolog, inline_data;
	/* hostile execution (docs/TESTING.md, "The memory model the emulators
	 * run"); stores always wait in per-work-item store buffers until a
	 * fence or barrier of their kind, atomics excepted */
	uint64_t sched_seed;     /* 0: work-items (AMD) / threads (Intel) in id order, each to its
	                          * next barrier; else the seed of a random interleaving
	                          * (random slices, random group order) */
	int variant;             /* --conform: which of its launch variants this is (0 the
	                          * generated one; conform.c, "variants") */
	int poison;              /* pattern (0 or 1, hostile.h) uninitialised local and
	                          * private memory holds */
	int heap_window;         /* Level Zero: place every buffer within one 4 GiB span, as
	                          * the ABI map's pointers_from_memory asks of the host;
	                          * otherwise each buffer gets its own high dword */
} EmuLaunch;

/* What a run leaves behind. */
typedef struct EmuResult {
	int ok;                  /* 1 when the kernel ran to its end on every work-item */
	char *error;             /* otherwise why, naming the work-item / thread and the
	                          * instruction (malloc'd) */
	VEC(Buf) buffers;        /* final bytes of every EA_BUFFER and EA_IMAGE argument (an
	                          * image's texels laid out as its EmuImage says), argument
	                          * order (empty Bufs for the other kinds) */
	VEC(int64_t *) writers;  /* optional, parallel to buffers: per byte the flat global
	                          * id of the work-item that stored it last, -1 if none
	                          * (NULL entries or an empty vector: not tracked) */
	VEC(int64_t *) racers;   /* optional, parallel to buffers: per byte a work-item whose
	                          * plain store there was unordered with another work-item's
	                          * store (a write-write race), -1 if none */
	VEC(uint8_t *) taints;   /* optional (AMD side), parallel to buffers: per byte the
	                          * class of its final value (amdint.h Run.taint: low 7 bits
	                          * 0 exact, 1..126 within that many ulps, 0x7f a hardware
	                          * approximation; bit 0x80 from an out-of-range
	                          * conversion); NULL entries: not tracked */
	Buf printf_text;         /* printf output as the runtime prints it, records in the
	                          * order the runtime reads them */
	VEC(Buf) printf_items;   /* one entry per printed record, the text of that record,
	                          * for order-independent comparison */
	uint64_t steps;          /* instructions executed (statistics) */
	int approx;              /* 1 when an approximate operation (transcendental math,
	                          * float divide) produced a value: floats compare with a
	                          * tolerance */
	int approx_ulps;         /* AMD side: when every approximate value came from a
	                          * library macro with a bound in ulps (OpenCL 1.2 7.4),
	                          * the largest bound; 0 otherwise */
	char *lds_race;          /* AMD side: the first byte of local memory two work-items
	                          * of a group stored with no barrier between, said in words
	                          * (the bytes read after depend on the order); NULL */
	char *cvt_range;         /* AMD side: the first float-to-integer conversion of a value
	                          * out of the result's range (or NaN), said in words: AMD
	                          * saturates, an OpenCL C cast is implementation-defined
	                          * there (OpenCL C 1.2 section 6.2.3.3); NULL */
	int cvt_cf;              /* AMD side: a value that depends on such a conversion
	                          * decided a branch, an address, an index or a printf
	                          * record (what depends on it is then not known element
	                          * by element: EmuResult.taints) */
	int poison_read;         /* a load read a byte of local or private memory (or an
	                          * indexed temporary) that nothing had written yet */
} EmuResult;

/* emu_image.c: an image's texel memory and the sampling rules of OpenCL 1.2
 * section 8 (addressing, nearest and linear filtering, format conversions),
 * which both GPUs implement alike; which image, sampler state and
 * coordinates a message uses is each side's own business.  Coordinates are
 * in message order: u (1D), u layer (1DA), u v (2D), u v layer (2DA),
 * u v w (3D); results are four dwords: float bits, or the raw integers of an
 * integer format; missing channels read 0 (alpha 1). */
int emu_image_texel_bytes(uint32_t order, uint32_t data_type);  /* 0: unsupported */
int emu_image_channels(uint32_t order);                          /* R 1, RG 2, RGBA 4; 0: unsupported */
int emu_image_coords(EmuImageType t);        /* coordinates a message takes: 1..3 */
int emu_image_axes(const EmuImage *d);       /* filtered axes (the rest is a layer): 1..3 */
int emu_image_is_int(const EmuImage *d);     /* integer channel data type */
/* NULL when d and its bytes describe a supported image, else why (static text) */
const char *emu_image_check(const EmuImage *d, size_t size);
/* sample with float coordinates: 0, or -1 with *why (malloc'd) when the result
 * is undefined (CL_ADDRESS_NONE outside the image, repeat with unnormalized
 * coordinates, linear filtering of integers, NaN coordinates, a buffer image) */
int emu_image_sample(const EmuImage *d, const uint8_t *b, const EmuSampler *s, const float *c,
                     uint32_t out[4], char **why);
/* read with integer coordinates; outside the image every channel reads 0 */
void emu_image_load(const EmuImage *d, const uint8_t *b, const int32_t *c, uint32_t out[4]);
/* typed write, converted to the format (saturating); outside the image
 * dropped; returns the byte offset of the texel written, or -1 */
long emu_image_store(const EmuImage *d, uint8_t *b, const int32_t *c, const uint32_t v[4]);
/* the same texel's bytes (at most 16) and offset, nothing written (the
 * Level Zero emulator puts them in a thread's store buffer) */
long emu_image_encode(const EmuImage *d, const int32_t *c, const uint32_t v[4], uint8_t *texel);

void emu_result_free(EmuResult *r);
void emu_launch_free(EmuLaunch *l);

/* amd.c: AMD's runtime + the IL.  cb0 as data/cb0.xml describes AMD's
 * layout (the AMD meaning of each slot, not the Level Zero source).
 * Returns 0 when the run could be made (r->ok tells whether the kernel
 * finished), -1 when the kernel cannot be emulated (r->error says why). */
int emu_amd_run(Program *p, Kernel *k, const EmuLaunch *l, EmuResult *r);

/* zeread.c: the parts of a zebin a launch needs, read the way NEO's
 * decoder reads them (its .ze_info, data sections, symbols, relocations). */
typedef struct ZeImage {
	uint8_t *file;           /* the whole zebin (owned) */
	size_t size;
	VEC(ZeKernel) kernels;   /* .ze_info kernels; code = the .text section bytes */
	VEC(ZeData) data;        /* .data.const, .data.const.string: section, symbol, bytes */
} ZeImage;
int zeimage_read(const uint8_t *bytes, size_t n, ZeImage *out, char **err); /* 0 ok */
const ZeKernel *zeimage_kernel(const ZeImage *z, const char *name);
void zeimage_free(ZeImage *z);

/* ze.c: NEO + a Gen GPU running our vISA text (what GenX_IR was given).
 * Same return convention as emu_amd_run. */
int emu_ze_run(const char *visa_text, const ZeImage *img, const char *kernel,
               const EmuLaunch *l, EmuResult *r);

/* twin.c: the kernel's OpenCL C twin (K.cl) as host code, the third
 * opinion: 0 when it ran (r->buffers hold its results), -1 with *why
 * (malloc'd) when it cannot give one (no clang, a builtin the host runtime
 * data/twinrt.c lacks, ...). */
int twin_run(const char *datadir, const char *cl, const Kernel *k, const EmuLaunch *l, EmuResult *r,
             char **why);

/* pocl.c: the third runtime, the kernel's OpenCL C twin (K.cl) built and
 * run on the same launch by pocl's CPU device (an OpenCL implementation
 * written elsewhere), in a child process with a time limit.  POCL_RAN: r
 * holds every buffer's and image's final bytes and the printf records;
 * POCL_SKIPPED: no OpenCL here (built without it, no pocl platform), *why
 * says so; POCL_FAILED: pocl could not build or run it (build log, a crash,
 * a timeout), *why says which (both malloc'd). */
enum { POCL_RAN = 0, POCL_SKIPPED = 1, POCL_FAILED = -1 };
int pocl_run(const char *cl, const Kernel *k, const EmuLaunch *l, EmuResult *r, char **why);

/* conform.c: translate --conform.  Per kernel: a launch generated from the
 * metadata (deterministic seed; several work-groups, a partial tail for
 * size arguments), both runtimes, every buffer and the printf output
 * compared byte for byte (floats within EMU_TOLERANCE when a side used
 * approximate math), the first difference reported with its element and
 * the work-items that may have written it.  Optionally a JUnit XML file and,
 * with -o, per kernel the NDRange, every argument's initial bytes and both
 * sides' final bytes plus manifest.xml naming them. */
typedef struct ConformOptions {
	unsigned long long seed;  /* --seed */
	const char *outdir;       /* -o DIR: dumps (NULL: none) */
	const char *junit;        /* --junit FILE (NULL: none) */
	const char *device;
	const char *datadir;      /* data/ (twinrt.c for the third opinion) */
	int simd;                 /* the translation's SIMD width (for reports) */
	int printf_slot;          /* the translation's --printf-slot */
	int quiet;                /* only disagreements on stdout */
	int offset;               /* --offset: global work offset in x (default 0) */
	const char *inputs;       /* --inputs DIR: launches read from DIR/<kernel>/manifest.xml */
	int grf_bytes, thread_prolog, inline_data; /* the device's payload (EmuLaunch) */
	int no_pocl;              /* --no-pocl: the third runtime is not run */
	int shapes;               /* --shapes N: N random launch shapes per kernel besides the default */
	int in_order;             /* --in-order: no random interleaving (work-items in id order) */
	int no_variants;          /* --no-launch-variants: the generated launch only */
} ConformOptions;
#define EMU_TOLERANCE 1e-5    /* relative, for floats after approximate math */

/* 0 when every kernel of the program agrees on both runtimes; the kernels
 * are the program's, in order, with their vISA texts and the zebin image;
 * heap_window (NULL: none) says per kernel that its ABI map asks for every
 * buffer within one 4 GiB span (EmuLaunch.heap_window). */
int conform_program(const ConformOptions *o, Program *p, const char *input, const ZeImage *img,
                    char *const *visa, const int *heap_window);
void conform_untranslated(const ConformOptions *o, const char *input, const char *kernel);
int conform_finish(const ConformOptions *o);  /* writes the JUnit file; 0 ok */
/* conform_inputs.c: the launch of kernel k of program file `input` as
 * DIR/<kernel_out_stem>/manifest.xml states it (NDRange and every argument's
 * initial bytes, the format -o writes); 0 ok, -1 with *why (malloc'd). */
int conform_read_inputs(const Kernel *k, const char *input, const char *dir, EmuLaunch *l, char **why);

#endif
