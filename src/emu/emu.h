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
} EmuArgKind;

typedef struct EmuArg {
	EmuArgKind kind;
	uint8_t *bytes;          /* EA_VALUE, EA_BUFFER: contents (owned by the launch) */
	size_t size;             /* bytes of the value / buffer / local allocation */
} EmuArg;

typedef struct EmuLaunch {
	EmuRange range;
	VEC(EmuArg) args;        /* in argument order, one per metadata argument */
	int printf_slot;         /* AMD's cb0[8].z in dwords (the translation's --printf-slot) */
	uint64_t step_limit;     /* instructions per work-item (AMD) / thread (Intel) before
	                          * the run is declared hung; 0 = a default */
} EmuLaunch;

/* What a run leaves behind. */
typedef struct EmuResult {
	int ok;                  /* 1 when the kernel ran to its end on every work-item */
	char *error;             /* otherwise why, naming the work-item / thread and the
	                          * instruction (malloc'd) */
	VEC(Buf) buffers;        /* final bytes of every EA_BUFFER argument, argument order
	                          * (empty Bufs for the other kinds) */
	VEC(int64_t *) writers;  /* optional, parallel to buffers: per byte the flat global
	                          * id of the work-item that stored it last, -1 if none
	                          * (NULL entries or an empty vector: not tracked) */
	Buf printf_text;         /* printf output as the runtime prints it, records in the
	                          * order the runtime reads them */
	VEC(Buf) printf_items;   /* one entry per printed record, the text of that record,
	                          * for order-independent comparison */
	uint64_t steps;          /* instructions executed (statistics) */
	int approx;              /* 1 when an approximate operation (transcendental math,
	                          * float divide) produced a value: floats compare with a
	                          * tolerance */
} EmuResult;

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
} ConformOptions;
#define EMU_TOLERANCE 1e-5    /* relative, for floats after approximate math */

/* 0 when every kernel of the program agrees on both runtimes; the kernels
 * are the program's, in order, with their vISA texts and the zebin image. */
int conform_program(const ConformOptions *o, Program *p, const char *input, const ZeImage *img,
                    char *const *visa);
void conform_untranslated(const ConformOptions *o, const char *input, const char *kernel);
int conform_finish(const ConformOptions *o);  /* writes the JUnit file; 0 ok */

#endif
