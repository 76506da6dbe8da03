/* mdint.h - what the files of src/metadata share while md_read runs: the
 * reading context, a line split into ':' fields with their columns, and the
 * diagnostics helpers.  Not part of the public interface.
 */
#ifndef MDINT_H
#define MDINT_H

#include <limits.h>

#include "metadata.h"

/* One ':'-separated field of a comment line. */
typedef struct Field {
	const char *s;      /* NUL-terminated text */
	int off;            /* byte offset in the comment text */
} Field;

/* A comment line split at every ':'; field 0 is the token. */
typedef struct Fields {
	char *buf;          /* copy of the text, ':' replaced by NUL */
	VEC(Field) f;       /* the fields */
} Fields;

typedef struct Ctx {
	Module *m;          /* module being read */
	Program *p;         /* program being built */
	MdBlock *b;         /* open block, NULL outside */
	long seg;           /* open data segment in p->segs, -1 outside */
	const Comment *cm;  /* line being read */
	size_t ci;          /* its index in m->comments */
	Fields fs;          /* its fields */
	int bad;            /* an error was reported */
} Ctx;

/* mdutil.c */
size_t md_trim_len(const char *s);                   /* length without trailing blanks */
void md_split(Ctx *c, const char *text);             /* c->fs from text */
void md_fields_free(Ctx *c);
int md_nf(const Ctx *c);                             /* fields after the token */
const char *md_f(const Ctx *c, int k);               /* field k */
Loc md_col(const Ctx *c, int off);                   /* location of text byte off */
Loc md_floc(const Ctx *c, int k);                    /* location of field k */
void md_err(Ctx *c, Loc l, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
int md_need(Ctx *c, int lo, int hi);                 /* field count check; 0 ok */
int md_dec(const char *s, long long *v);             /* decimal number; 0 ok */
int md_int(Ctx *c, int k, long long lo, long long hi, long long *v); /* 0 ok */
int md_ints(Ctx *c, int from, int to, int *out);     /* int fields from..to; 0 ok */
int md_oneof(Ctx *c, int k, const char *const *set, size_t n); /* index, -1 after an error */
const char *md_keep(Ctx *c, const char *s);
const char *md_keepn(Ctx *c, const char *s, size_t n);
const char *md_verbatim(Ctx *c, Buf *model);         /* NULL if model spells the line; frees it */

/* mdblock.c */
void md_block_line(Ctx *c);                          /* one line inside a block */
void md_block_finish(Ctx *c);                        /* checks at ;ARGEND */
void md_line(Ctx *c, MdLineKind k, size_t index, int count);
void md_raw(Ctx *c, MdLineKind k);                   /* keeps the line as written */

/* mdargs.c */
void md_arg_value(Ctx *c);
void md_arg_pointer(Ctx *c);
void md_arg_image(Ctx *c);
void md_arg_counter(Ctx *c);
void md_arg_sema(Ctx *c);
void md_sampler(Ctx *c);
void md_constarg(Ctx *c);
void md_reflection(Ctx *c);
void md_args_finish(Ctx *c);                         /* links samplers and constargs */

/* mdprintf.c */
void md_printf_line(Ctx *c);

/* mdprint.c: one line from the model alone, without ';' text fallback or newline */
void md_model_line(Buf *o, const MdBlock *b, const MdLine *l);
void md_model_item(Buf *o, const DataItem *it);
void md_model_seg_start(Buf *o, const DataSeg *s);
void md_model_seg_end(Buf *o, const DataSeg *s);

/* mddata.c */
int md_data_line(Ctx *c);                            /* 1 if the line belongs to data segments */
void md_data_finish(Ctx *c);                         /* at end of input */

#endif
