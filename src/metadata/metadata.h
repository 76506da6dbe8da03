/* metadata.h - the AMD OpenCL compiler's comment-borne metadata and the
 * kernels it describes.
 *
 * md_read: requires a parsed Module; provides one MdBlock per
 * ;ARGSTART...;ARGEND block and the kernels (functions named
 * __OpenCL_<k>_kernel) with their call closure resolved by "call N".
 */
#ifndef METADATA_H
#define METADATA_H

#include "../ilparse/il.h"

typedef enum MdArgKind { MA_VALUE, MA_POINTER, MA_IMAGE, MA_SAMPLER, MA_COUNTER, MA_SEMA } MdArgKind;

/* One kernel argument (;value / ;pointer / ;image / ;counter / ;sema / argument ;sampler). */
typedef struct MdArg {
	Loc loc;            /* of the metadata line */
	MdArgKind kind;
	const char *name;   /* argument name */
	const char *type;   /* value/pointee type: i32, float, struct ... */
	int nelem;          /* vector length (struct: byte size) */
	int cb;             /* constant buffer holding it (1) */
	int offset;         /* byte offset in that buffer */
	int size;           /* bytes the host passes (pointers: 8 on Level Zero) */
	const char *mem;    /* pointer memory type: uav g c hc l hl p hp ... */
	int bufid;          /* UAV / LDS / CB id */
	int align;          /* pointee alignment */
	const char *access; /* RO WO RW (11+ field pointers), NULL otherwise */
	int is_volatile, is_restrict, is_const;
	int index;          /* argument position in the OpenCL signature */
} MdArg;

typedef VEC(long long) IdVec;

typedef struct MdBlock {
	Loc loc;               /* of ;ARGSTART */
	const char *name;      /* function name after ;ARGSTART: */
	int version[3];        /* ;version M:m:r, all 0 when absent */
	const char *device;
	long long uniqueid;    /* -1 when absent */
	int mem_private, mem_hwprivate, mem_uavprivate, mem_local, mem_hwlocal;
	int mem_region, mem_hwregion;
	int datareqd, compilerwrite, abi64;
	int cws[3];            /* reqd_work_group_size, 0 = none */
	int uavid, printfid, cbid, privateid; /* -1 when absent */
	VEC(MdArg) args;       /* in argument order */
	IdVec functions;           /* ;function: callee ids */
	IdVec intrinsics;          /* ;intrinsic: macro ids */
	VEC(const Comment *) errors; /* the ;error: lines */
	VEC(const char *) reflections; /* by argument index */
} MdBlock;

typedef struct Kernel {
	const char *name;     /* OpenCL name: "saxpy" */
	MdBlock *md;          /* the wrapper's metadata */
	Func *wrapper;        /* func with id md->uniqueid */
	VEC(Func *) funcs;    /* call closure, wrapper first, in first-call order */
} Kernel;

typedef struct Program {
	Module *m;
	VEC(MdBlock *) blocks;
	VEC(Kernel *) kernels;
} Program;

/* metadata.c */
Program *md_read(Module *m);            /* NULL after diagnostics if the metadata is malformed */
MdBlock *md_block(Program *p, const char *name);
int md_link(Program *p, Kernel *k);     /* resolves the call closure; 0 ok */
void md_free(Program *p);

/* mdprint.c: canonical text of the whole program (IL and metadata) */
void md_print_program(Buf *out, const Program *p);

#endif
