/* metadata.h - the AMD OpenCL compiler's comment-borne metadata, its data
 * segments and the kernels they describe.
 *
 * md_read: requires a parsed Module; provides one MdBlock per
 * ;ARGSTART...;ARGEND block with every line typed and kept in order
 * (MdBlock.lines), one DataSeg per ;#DATASTART...;#DATAEND segment wherever
 * it stands, and the kernels (functions named __OpenCL_<k>_kernel) with their
 * call closure resolved by "call N".  Unknown tokens are kept raw with a
 * warning; malformed lines are errors and md_read returns NULL.
 *
 * md_print_block / md_print_data: regenerate the lines from the model, one
 * per line, each starting with ';'.  The canonical spelling is the one AMD's
 * emitters write: decimal numbers without leading zeros, no trailing blanks,
 * data values with their digit count and one case per value.  A line spelled
 * otherwise (MdLine.text and friends non-NULL) prints as written, so printing
 * is lossless.
 */
#ifndef METADATA_H
#define METADATA_H

#include "../ilparse/il.h"

/* Ranges the metadata layer accepts, so that no size computed from a field
 * overflows; the tighter limits of the target are the translator's
 * (translate.h, docs/LIMITS.md). */
#define MD_MAX_COUNT   (1 << 20)   /* ;value/;pointer element count */
#define MD_MAX_OFFSET  (1 << 24)   /* byte offset of an argument in its constant buffer */
#define MD_MAX_SEGMENT (1LL << 30) /* bytes of one ;#DATASTART segment */

typedef enum MdArgKind { MA_VALUE, MA_POINTER, MA_IMAGE, MA_SAMPLER, MA_COUNTER, MA_SEMA } MdArgKind;

/* One kernel argument (;value / ;pointer / ;image / ;counter / ;sema, or a
 * ;value that a ;sampler line with location 0 names). */
typedef struct MdArg {
	Loc loc;            /* of the metadata line */
	MdArgKind kind;     /* what the argument is */
	MdArgKind form;     /* token of its line: MA_VALUE for a sampler declared by ;value */
	const char *name;   /* argument name */
	const char *type;   /* value/pointee type: i32, float, struct ...; NULL for image/counter/sema */
	int nelem;          /* vector length (struct: byte size) */
	int cb;             /* constant buffer holding it (1) */
	int offset;         /* byte offset in that buffer */
	int size;           /* bytes the host passes (pointers, images, samplers: 8 on Level Zero) */
	const char *mem;    /* pointer memory type: uav g c hc l hl p hp ... */
	int bufid;          /* pointer: UAV/LDS/CB id; image: resource or UAV id; counter,
	                     * sema, sampler: their id */
	int align;          /* pointee alignment */
	const char *access; /* RO WO RW (9+ field pointers, images), NULL otherwise */
	int is_volatile;    /* 11+ field pointers: volatile field */
	int is_restrict;    /* 11+ field pointers: restrict field */
	int is_const;       /* named by a ;constarg line */
	int index;          /* argument position in the OpenCL signature */
	int nfields;        /* fields of its ;pointer line: 8, 9, 11 or 12 */
	int pipe;           /* 12-field pointers: the pipe field */
	const char *dim;    /* image dimension: 1D 1DA 1DB 2D 2DA 3D */
	int bits;           /* counter width: 32 or 64 */
	int sampler;        /* its line in MdBlock.samplers, -1 if none */
	int bytes;          /* derived (CAL) kernels: the buffer's size (16 k for dcl_cb
	                     * cbN[k]); 0 = not known */
	int unnorm;         /* derived image: dcl_resource ..._type(2d,unnorm), sampled
	                     * with unnormalized coordinates */
	const char *cal_fmt; /* derived image: its declaration's _fmtx (float, uint, sint,
	                      * unorm, ...; the host binds an image of that type), NULL */
	int output;         /* derived il_ps kernel: render target oN is output - 1 (a write-only
	                     * 2-D image, or with --cal-outputs buffer a uav pointer) */
} MdArg;

/* The buffer id a derived kernel's R7xx global buffer g[] is bound to (no
 * UAV declaration may use it). */
#define MD_CAL_GLOBAL_ID (1 << 20)
/* The UAV id a derived il_ps kernel's render target oN is written through. */
#define MD_CAL_OUTPUT_ID(n) (MD_CAL_GLOBAL_ID + 1 + (n))
/* Render targets of an il_ps kernel: o0..o7. */
#define MD_CAL_OUTPUTS 8
/* The sampler state of a derived kernel's _sampler(n) (AMD's bits): the host
 * of a CAL program sets none, so point sampling, coordinates clamped to the
 * edge, normalization from the resource's declaration (docs/abi-map.txt). */
#define MD_CAL_SAMPLER 0x14

typedef VEC(long long) IdVec;

/* ;memory spaces (with a byte count) and flags (without). */
typedef enum MdMemKind {
	MM_PRIVATE, MM_HWPRIVATE, MM_UAVPRIVATE, MM_LOCAL, MM_HWLOCAL, MM_REGION, MM_HWREGION,
	MM_DATAREQD, MM_COMPILERWRITE, MM_64BITABI, MM_PACKEDREG, MM_GWS, MM_SWGWS,
	MM_COUNT
} MdMemKind;

/* One ;memory line. */
typedef struct MdMem {
	Loc loc;            /* of the line */
	MdMemKind kind;     /* space or flag */
	long long size;     /* bytes of a space; -1 for flags */
} MdMem;

/* One ;sampler line: an argument sampler (location 0) or one defined in the
 * kernel source (location 1), which is not an argument. */
typedef struct MdSampler {
	Loc loc;            /* of the line */
	const char *name;   /* argument name; unknown_<value> for kernel-defined ones */
	int id;             /* sampler index (the _sampler(n) of sample instructions) */
	int location;       /* 0 = kernel argument, 1 = defined in the kernel */
	long long value;    /* sampler bits (location 1), 0 for arguments */
	int arg;            /* its argument in MdBlock.args, -1 for kernel-defined samplers */
} MdSampler;

/* One ;constarg:index:name line. */
typedef struct MdConstArg {
	Loc loc;            /* of its index field */
	int index;          /* argument index */
	const char *name;   /* argument name as written */
} MdConstArg;

/* One ;reflection:index:typename line. */
typedef struct MdRefl {
	Loc loc;            /* of the line */
	int index;          /* argument index */
	const char *type;   /* OpenCL source type name ("float*"), may contain ':' */
} MdRefl;

/* One ;printf_fmt:id:nargs:size1:...:sizeN:len:format; line. */
typedef struct MdPrintf {
	Loc loc;            /* of the line */
	int id;             /* program-wide printf id */
	int nargs;          /* arguments after the format */
	int *sizes;         /* their byte sizes, nargs entries */
	long long len;      /* declared length of the format */
	const char *fmt;    /* the format, escapes \n \r \a \b \f \v decoded, NUL-terminated */
	size_t fmt_len;     /* bytes in fmt (equals len) */
	const char *text;   /* the format as written (escapes kept), without the final ';' */
} MdPrintf;

/* One ;error or ;warning line. */
typedef struct MdMsg {
	Loc loc;            /* of the line */
	int warning;        /* 1 for ;warning, 0 for ;error */
	const char *code;   /* condition code before the first ':' ("E000"), NULL if none */
	const char *msg;    /* the message after it */
} MdMsg;

/* A line kept as written: an unknown token, a repeated one, ;queue. */
typedef struct MdRaw {
	Loc loc;            /* of the line */
	const char *token;  /* text before the first ':' */
	const char **fields;/* the ':'-separated fields after it */
	int nfields;        /* how many (0: no ':' at all) */
} MdRaw;

/* What a line of a block is; MdLine.index says where its data lives. */
typedef enum MdLineKind {
	ML_VERSION,        /* MdBlock.version */
	ML_DEVICE,         /* MdBlock.device */
	ML_UNIQUEID,       /* MdBlock.uniqueid */
	ML_MEMORY,         /* MdBlock.mems.v[index] */
	ML_CWS,            /* MdBlock.cws */
	ML_CRS,            /* MdBlock.crs */
	ML_WSH,            /* MdBlock.wsh */
	ML_VTH,            /* MdBlock.vth */
	ML_LWS,            /* MdBlock.lws */
	ML_LIMITGROUPSIZE, /* MdBlock.limitgroupsize */
	ML_ARG,            /* MdBlock.args.v[index] (;value ;pointer ;image ;counter ;sema) */
	ML_SAMPLER,        /* MdBlock.samplers.v[index] */
	ML_CONSTARG,       /* MdBlock.constargs.v[index] */
	ML_REFLECTION,     /* MdBlock.refls.v[index] */
	ML_FUNCTION,       /* MdBlock.functions.v[index .. index+count) */
	ML_INTRINSIC,      /* MdBlock.intrinsics.v[index .. index+count) */
	ML_PRINTF,         /* MdBlock.printfs.v[index] */
	ML_UAVID,          /* MdBlock.uavid */
	ML_PRINTFID,       /* MdBlock.printfid */
	ML_CBID,           /* MdBlock.cbid */
	ML_PRIVATEID,      /* MdBlock.privateid */
	ML_ENQUEUE_KERNEL, /* MdBlock.enqueue_kernel */
	ML_KERNEL_INDEX,   /* MdBlock.kernel_index */
	ML_ERROR,          /* MdBlock.msgs.v[index] */
	ML_WARNING,        /* MdBlock.msgs.v[index] */
	ML_QUEUE,          /* MdBlock.raws.v[index] */
	ML_RAW,            /* MdBlock.raws.v[index]: unknown or repeated token */
} MdLineKind;

/* One line of a block, in input order. */
typedef struct MdLine {
	Loc loc;            /* of the ';' */
	MdLineKind kind;    /* which token */
	int index;          /* into the kind's storage; lists: first id */
	int count;          /* lists: ids on the line */
	const char *text;   /* the line after ';' when not spelled canonically, else NULL */
} MdLine;

typedef struct MdBlock {
	Loc loc;               /* of ;ARGSTART */
	Loc end_loc;           /* of ;ARGEND */
	size_t cfirst, ccount; /* its lines are Module.comments.v[cfirst .. cfirst+ccount) */
	const char *name;      /* function name after ;ARGSTART: */
	const char *start_text, *end_text; /* ;ARGSTART / ;ARGEND not spelled canonically, else NULL */
	VEC(MdLine) lines;     /* every line between ;ARGSTART and ;ARGEND, in order */
	int version[3];        /* ;version M:m:r, all 0 when absent */
	const char *device;    /* ;device, NULL when absent */
	long long uniqueid;    /* -1 when absent */
	Loc uniqueid_loc;      /* of the ;uniqueid value */
	int mem_private, mem_hwprivate, mem_uavprivate, mem_local, mem_hwlocal; /* ;memory sums */
	int mem_region, mem_hwregion;   /* ;memory sums */
	int datareqd, compilerwrite, abi64; /* ;memory flags */
	int packedreg, gws, swgws;      /* ;memory flags */
	VEC(MdMem) mems;       /* every ;memory line */
	int cws[3];            /* reqd_work_group_size, 0 = none */
	int crs[3];            /* required region size, 0 = none */
	int wsh[3];            /* work_group_size_hint, 0 = none */
	const char *vth;       /* vec_type_hint, NULL when absent */
	int lws;               /* compiler group-size limit, -1 when absent */
	int limitgroupsize;    /* ;limitgroupsize present */
	int uavid, printfid, cbid, privateid; /* -1 when absent */
	int enqueue_kernel, kernel_index;     /* -1 when absent */
	VEC(MdArg) args;       /* in argument order */
	VEC(MdSampler) samplers;   /* every ;sampler line (argument and kernel-defined) */
	VEC(MdConstArg) constargs; /* every ;constarg line */
	VEC(MdRefl) refls;         /* every ;reflection line */
	VEC(const char *) reflections; /* type names by argument index, NULL for gaps */
	IdVec functions;           /* ;function: callee ids */
	VEC(Loc) function_locs;    /* of each id in functions */
	IdVec intrinsics;          /* ;intrinsic: macro ids */
	VEC(MdPrintf) printfs;     /* ;printf_fmt lines */
	VEC(MdMsg) msgs;           /* ;error and ;warning lines */
	VEC(const Comment *) errors; /* the ;error: lines */
	VEC(MdRaw) raws;           /* lines kept as written */
} MdBlock;

/* Element types of data segment items. */
typedef enum DataType {
	DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64,
	DT_HALF, DT_FLOAT, DT_DOUBLE, DT_STRUCT, DT_COUNT
} DataType;

/* One ;#<type>:<offset>:<count>:<v1>:...:<vN> line. */
typedef struct DataItem {
	Loc loc;               /* of the ';' */
	DataType type;         /* element type (struct: bytes) */
	int vec;               /* N of a "v<N><type>" spelling, 0 when absent */
	long long offset;      /* byte offset in the segment */
	long long count;       /* elements */
	uint64_t *values;      /* count bit patterns, zero-extended */
	unsigned char *digits; /* per value: hex digits written, | 0x80 when upper case */
	int uninit;            /* " <uninitalized constant>" instead of values */
	const char *text;      /* the line after ';' when not spelled canonically, else NULL */
} DataItem;

/* One ;#DATASTART[:cbid]:size ... ;#DATAEND[:cbid] segment. */
typedef struct DataSeg {
	Loc loc;               /* of ;#DATASTART */
	Loc end_loc;           /* of ;#DATAEND */
	size_t cfirst, ccount; /* its lines are Module.comments.v[cfirst .. cfirst+ccount) */
	int cbid;              /* constant buffer id, -1 for the global (emulated) segment */
	long long size;        /* bytes */
	int end_id;            /* id written after ;#DATAEND, -1 when none */
	const char *start_text, *end_text; /* ;#DATASTART / ;#DATAEND not spelled canonically */
	VEC(DataItem) items;   /* in input order */
} DataSeg;

typedef struct Kernel {
	const char *name;     /* OpenCL name: "saxpy" */
	MdBlock *md;          /* the wrapper's metadata */
	Func *wrapper;        /* func with id md->uniqueid */
	VEC(Func *) funcs;    /* call closure, wrapper first, in first-call order */
	Func *main;           /* the main program run before the wrapper: &Module.main,
	                       * or for a derived kernel an empty one */
	int derived;          /* a CAL compute kernel without metadata: its arguments
	                       * derived from the declarations (md_derive), its code
	                       * main's (the wrapper is a copy of main), cb0 and cb1
	                       * user buffers like every other cbN */
	int ps;               /* derived from an il_ps program: one work-item per pixel of
	                       * a 2-D domain, vWinCoord0, render targets o0..o7 */
} Kernel;

typedef struct Program {
	Module *m;                /* the parsed module */
	VEC(MdBlock *) blocks;    /* in file order */
	VEC(Kernel *) kernels;    /* in block order */
	VEC(DataSeg) segs;        /* in file order */
} Program;

/* metadata.c */
Program *md_read(Module *m);            /* NULL after diagnostics if the metadata is malformed */
/* --cal-outputs buffer: each il_ps kernel's render targets become buffer
 * arguments (16 bytes a pixel, row-major over the domain) */
void md_cal_output_buffers(Program *p);
/* a derived kernel's arguments: index = position, each in the next 16-byte
 * slot (an image's info block takes two) */
void md_derived_slots(MdBlock *b);
MdBlock *md_block(Program *p, const char *name);
const MdPrintf *md_printf(const Program *p, int id); /* NULL if no block declares it */
int md_link(Program *p, Kernel *k);     /* call closure; checks call/mcall targets; 0 ok */
void md_free(Program *p);

/* mdblock.c */
const char *md_mem_name(MdMemKind k);   /* ;memory spelling */

/* mddata.c */
int md_data_type_size(DataType t);      /* bytes of one element */
const char *md_data_type_name(DataType t);

/* mdprint.c: regenerated lines; the whole program through il_print */
void md_print_block(Buf *out, const MdBlock *b);
void md_print_data(Buf *out, const DataSeg *s);
void md_print_program(Buf *out, const Program *p);

#endif
