/* util.c - allocation, arenas, buffers, interning and file helpers. */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

static _Noreturn void oom(void)
{
	fputs("translate: fatal: out of memory\n", stderr);
	exit(3);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	char *d = xmalloc(n + 1);
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

char *xasprintf(const char *fmt, ...)
{
	Buf b = {0};
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return b.s ? b.s : xstrdup("");
}

void vec_reserve_(void **v, size_t *cap, size_t need, size_t elem)
{
	size_t c = *cap;
	if (need <= c)
		return;
	c = c ? c : 8;
	while (c < need) {
		if (c > SIZE_MAX / 2 / elem)
			oom();
		c *= 2;
	}
	*v = xrealloc(*v, c * elem);
	*cap = c;
}

/* Interned strings: a small open-addressing hash set, process lifetime. */
static char **itab;
static size_t icap, icount;

static size_t hash(const char *s)
{
	size_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

char *intern(const char *s)
{
	size_t i;
	if (icount * 2 >= icap) {
		size_t ncap = icap ? icap * 2 : 256, j;
		char **nt = xcalloc(ncap, sizeof *nt);
		for (j = 0; j < icap; j++)
			if (itab[j]) {
				size_t k = hash(itab[j]) & (ncap - 1);
				while (nt[k])
					k = (k + 1) & (ncap - 1);
				nt[k] = itab[j];
			}
		free(itab);
		itab = nt;
		icap = ncap;
	}
	for (i = hash(s) & (icap - 1); itab[i]; i = (i + 1) & (icap - 1))
		if (strcmp(itab[i], s) == 0)
			return itab[i];
	icount++;
	return itab[i] = xstrdup(s);
}

/* the slot holding s, or the empty one where it would go (t->cap > 0) */
static size_t strset_slot(const StrSet *t, const char *s)
{
	size_t i;
	for (i = hash(s) & (t->cap - 1); t->slot[i] && strcmp(t->slot[i], s); i = (i + 1) & (t->cap - 1))
		;
	return i;
}

int strset_has(const StrSet *t, const char *s)
{
	return t->cap && t->slot[strset_slot(t, s)];
}

void strset_add(StrSet *t, const char *s)
{
	size_t i;
	if (2 * (t->n + 1) > t->cap) {
		StrSet g = {xcalloc(t->cap ? 2 * t->cap : 64, sizeof *t->slot), t->cap ? 2 * t->cap : 64, 0};
		for (i = 0; i < t->cap; i++)
			if (t->slot[i])
				g.slot[strset_slot(&g, t->slot[i])] = t->slot[i], g.n++;
		free(t->slot);
		*t = g;
	}
	i = strset_slot(t, s);
	if (!t->slot[i])
		t->slot[i] = s, t->n++;
}

void strset_free(StrSet *t)
{
	free(t->slot);
	t->slot = NULL;
	t->cap = t->n = 0;
}

/* process teardown only: every interned string dies (valgrind then sees no
 * memory left at exit); nothing may use one afterwards */
void intern_release(void)
{
	size_t i;
	for (i = 0; i < icap; i++)
		free(itab[i]);
	free(itab);
	itab = NULL;
	icap = icount = 0;
}

struct ArenaBlock {
	struct ArenaBlock *next;
	size_t used, size;
	_Alignas(16) unsigned char mem[];
};

void *arena_alloc(Arena *a, size_t n)
{
	struct ArenaBlock *b = a->head;
	void *p;
	n = (n + 15) & ~(size_t)15;
	if (!b || b->size - b->used < n) {
		size_t sz = n > 65536 - sizeof *b ? n : 65536 - sizeof *b;
		b = xmalloc(sizeof *b + sz);
		b->size = sz;
		b->used = 0;
		b->next = a->head;
		a->head = b;
	}
	p = b->mem + b->used;
	b->used += n;
	memset(p, 0, n);
	return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
	char *d = arena_alloc(a, n + 1);
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

char *arena_strdup(Arena *a, const char *s)
{
	return arena_strndup(a, s, strlen(s));
}

void arena_free(Arena *a)
{
	struct ArenaBlock *b, *n;
	for (b = a->head; b; b = n) {
		n = b->next;
		free(b);
	}
	a->head = NULL;
}

void buf_grow(Buf *b, size_t n)
{
	size_t c = b->cap ? b->cap : 64;
	while (c < b->n + n + 1)
		c *= 2;
	b->s = xrealloc(b->s, c);
	b->cap = c;
}

void buf_vprintf(Buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;
	char small[256];
	va_copy(aq, ap);
	n = vsnprintf(small, sizeof small, fmt, aq);
	va_end(aq);
	if (n < 0)
		die("vsnprintf failed");
	if ((size_t)n < sizeof small) {
		buf_add(b, small, (size_t)n);
		return;
	}
	buf_add(b, "", 0);
	if (b->n + (size_t)n + 1 > b->cap) {
		b->cap = b->n + (size_t)n + 1;
		b->s = xrealloc(b->s, b->cap);
	}
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	b->n += (size_t)n;
}

void buf_printf(Buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void buf_free(Buf *b)
{
	free(b->s);
	b->s = NULL;
	b->n = b->cap = 0;
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	Buf b = {0};
	char chunk[65536];
	size_t n;
	if (!f)
		return NULL;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_add(&b, chunk, n);
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		buf_free(&b);
		errno = e ? e : EIO;
		return NULL;
	}
	fclose(f);
	if (!b.s)
		buf_add(&b, "", 0);
	*len = b.n;
	return b.s;
}

const char *path_base(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

char *path_stem(const char *path)
{
	const char *b = path_base(path), *dot = strrchr(b, '.');
	return dot && dot != b ? xstrndup(b, (size_t)(dot - b)) : xstrdup(b);
}

char *kernel_out_stem(const char *input, const char *kernel)
{
	char *s = path_stem(input), *r;
	if (!strcmp(s, kernel))
		return s;
	r = xasprintf("%s.%s", s, kernel);
	free(s);
	return r;
}

void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	struct stat st;
	if (!d) {
		unlink(path);
		return;
	}
	while ((e = readdir(d))) {
		char *p;
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		p = xasprintf("%s/%s", path, e->d_name);
		if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode))
			remove_tree(p);
		else
			unlink(p);
		free(p);
	}
	closedir(d);
	rmdir(path);
}
