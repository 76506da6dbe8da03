/* util.h - containers, arenas, strings and diagnostics shared by every layer.
 *
 * Error policy: bad input is reported with diag_error() and recorded in the
 * current error count; the stage that found it returns failure and the batch
 * goes on with the next kernel.  Broken invariants inside the translator call
 * die(), which names the source position of the bug and aborts.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* A position in an input file; line and col are 1-based, col counts bytes. */
typedef struct Loc {
	const char *file; /* interned file name (never freed) */
	int line;         /* 1-based line */
	int col;          /* 1-based byte column */
} Loc;

/* Growable array: VEC(int) v = {0}; vec_push(&v, 3); v.v[i], v.n. */
#define VEC(T) struct { T *v; size_t n, cap; }
#define vec_push(vp, x) \
	(vec_reserve_((void **)&(vp)->v, &(vp)->cap, (vp)->n + 1, sizeof(*(vp)->v)), \
	 (vp)->v[(vp)->n++] = (x))
#define vec_free(vp) (free((vp)->v), (vp)->v = NULL, (vp)->n = (vp)->cap = 0)
void vec_reserve_(void **v, size_t *cap, size_t need, size_t elem);
typedef VEC(char *) StrVec;

/* util.c: allocation (out of memory is fatal: it is not an input error) */
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t m);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* A set of strings it does not own (open addressing, the hash intern uses). */
typedef struct StrSet {
	const char **slot;
	size_t cap, n;
} StrSet;
int strset_has(const StrSet *t, const char *s);
void strset_add(StrSet *t, const char *s); /* nothing when already there */
void strset_free(StrSet *t);
char *intern(const char *s); /* process-lifetime copy, equal strings share storage */
void intern_release(void);  /* at exit only: frees every interned string */

/* Arena: many small allocations freed together (one per module / kernel). */
typedef struct Arena {
	struct ArenaBlock *head; /* newest block first */
} Arena;
void *arena_alloc(Arena *a, size_t n);           /* zeroed, 16-byte aligned */
char *arena_strdup(Arena *a, const char *s);
char *arena_strndup(Arena *a, const char *s, size_t n);
void arena_free(Arena *a);

/* Growable string buffer. */
typedef struct Buf {
	char *s;      /* NUL-terminated contents (NULL while empty) */
	size_t n;     /* length without the NUL */
	size_t cap;   /* allocated bytes */
} Buf;
void buf_grow(Buf *b, size_t n); /* room for n more bytes and the NUL */
/* inline: the vISA writer adds millions of short pieces, most of them
 * constant strings whose length and copy the compiler then folds */
static inline void buf_add(Buf *b, const void *p, size_t n)
{
	if (b->n + n + 1 > b->cap)
		buf_grow(b, n);
	if (n) /* p may be NULL with n 0 (an empty buffer's bytes) */
		memcpy(b->s + b->n, p, n);
	b->n += n;
	b->s[b->n] = 0;
}
static inline void buf_puts(Buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}
void buf_printf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(Buf *b, const char *fmt, va_list ap);
void buf_free(Buf *b);

/* diag.c: user diagnostics "file:line:col: error: msg" plus the source line
 * and a caret when the file's text was registered with diag_source(). */
void diag_source(const char *file, const char *text, size_t len);
void diag_error(Loc l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_warning(Loc l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void diag_note(Loc l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* on: diag_error, diag_warning and diag_note print, count and report
 * nothing (a kernel lowered again at another width: its warnings were said
 * once, and a failure there only means the first width is kept) */
void diag_mute(int on);
int diag_muted(void);
void diag_plain(const char *fmt, ...) __attribute__((format(printf, 1, 2))); /* "translate: error: msg" */
int diag_errors(void);        /* errors reported so far */
void diag_set_stream(FILE *f); /* default stderr; tests capture it */
void diag_set_quiet_source(int quiet); /* 1: no source line/caret */
/* Called for every diagnostic just before it is printed (kind "error",
 * "warning", "note"; l.file NULL for a plain one): the batch report
 * collects them and clears its progress line. */
typedef void (*DiagHook)(Loc l, const char *kind, const char *message);
void diag_set_hook(DiagHook hook);
void diag_release(void); /* at exit: forgets the registered sources */

_Noreturn void die_(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
#define die(...) die_(__FILE__, __LINE__, __VA_ARGS__)

/* file helpers */
char *read_file(const char *path, size_t *len); /* NULL + errno on failure */
void remove_tree(const char *path);             /* a folder and all below it, or a file */
const char *path_base(const char *path);        /* pointer into path */
char *path_stem(const char *path);              /* base name without extension */
/* the name of one kernel's own outputs (<kernel>.visaasm, --conform's
 * DIR/<kernel>/): the input's stem when the kernel is named like it, else
 * <stem>.<kernel>, so two inputs with a kernel of the same name never share
 * a file */
char *kernel_out_stem(const char *input, const char *kernel);

#endif
