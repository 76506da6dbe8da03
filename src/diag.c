/* diag.c - the one printer of user diagnostics.
 *
 * Format: "file:line:col: error: message", then (when the file's text is
 * known) the source line and a caret under the column, the way jq and cproc
 * show them.  Internal bugs go through die(), never through here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

typedef struct Source {
	const char *file; /* interned */
	const char *text;
	size_t len;
} Source;

static VEC(Source) sources;
static int nerrors;
static FILE *out;
static int quiet_source;
static int muted;
static DiagHook hook;

void diag_set_stream(FILE *f) { out = f; }
void diag_set_quiet_source(int q) { quiet_source = q; }
void diag_set_hook(DiagHook h) { hook = h; }
void diag_mute(int on) { muted = on; }
int diag_muted(void) { return muted; }
int diag_errors(void) { return nerrors; }

void diag_source(const char *file, const char *text, size_t len)
{
	Source s = {intern(file), text, len};
	size_t i;
	for (i = 0; i < sources.n; i++)
		if (sources.v[i].file == s.file) {
			sources.v[i] = s;
			return;
		}
	vec_push(&sources, s);
}

void diag_release(void) { vec_free(&sources); }

static void show_line(FILE *f, Loc l)
{
	size_t i;
	const Source *s = NULL;
	const char *p, *end, *e;
	int line;
	if (quiet_source || !l.file || l.line <= 0)
		return;
	for (i = 0; i < sources.n; i++)
		if (sources.v[i].file == l.file || strcmp(sources.v[i].file, l.file) == 0)
			s = &sources.v[i];
	if (!s)
		return;
	p = s->text;
	end = s->text + s->len;
	for (line = 1; line < l.line && p < end; p++)
		if (*p == '\n')
			line++;
	if (line != l.line)
		return;
	for (e = p; e < end && *e != '\n' && *e != '\r'; e++)
		;
	if (e - p > 200) { /* do not flood the terminal with megabyte lines */
		fprintf(f, "  %.*s...\n", 200, p);
		if (l.col > 200)
			return;
	} else {
		fprintf(f, "  ");
		for (const char *q = p; q < e; q++)
			fputc(*q == '\0' ? ' ' : *q, f);
		fputc('\n', f);
	}
	fprintf(f, "  ");
	for (i = 1; (int)i < l.col && p + i - 1 < e; i++)
		fputc(p[i - 1] == '\t' ? '\t' : ' ', f);
	fputs("^\n", f);
}

static void vdiag(Loc l, const char *kind, const char *fmt, va_list ap)
{
	FILE *f = out ? out : stderr;
	if (hook) {
		Buf msg = {0};
		va_list copy;
		va_copy(copy, ap);
		buf_vprintf(&msg, fmt, copy);
		va_end(copy);
		hook(l, kind, msg.s ? msg.s : "");
		buf_free(&msg);
	}
	if (l.file)
		fprintf(f, "%s:%d:%d: %s: ", l.file, l.line, l.col, kind);
	else
		fprintf(f, "translate: %s: ", kind);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	show_line(f, l);
	fflush(f);
}

void diag_error(Loc l, const char *fmt, ...)
{
	va_list ap;
	if (muted)
		return;
	nerrors++;
	va_start(ap, fmt);
	vdiag(l, "error", fmt, ap);
	va_end(ap);
}

void diag_warning(Loc l, const char *fmt, ...)
{
	va_list ap;
	if (muted)
		return;
	va_start(ap, fmt);
	vdiag(l, "warning", fmt, ap);
	va_end(ap);
}

void diag_note(Loc l, const char *fmt, ...)
{
	va_list ap;
	if (muted)
		return;
	va_start(ap, fmt);
	vdiag(l, "note", fmt, ap);
	va_end(ap);
}

void diag_plain(const char *fmt, ...)
{
	va_list ap;
	Loc none = {0};
	nerrors++;
	va_start(ap, fmt);
	vdiag(none, "error", fmt, ap);
	va_end(ap);
}

_Noreturn void die_(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fprintf(stderr, "translate: internal error at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
