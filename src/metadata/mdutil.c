/* mdutil.c - splitting metadata lines into fields, reading numbers, and
 * diagnostics that point at the field at fault.
 *
 * Numbers are decimal (an optional '-' then digits), as every AMD emitter
 * writes them.  Every error goes through md_err, which marks the read bad.
 */
#include <stdarg.h>
#include <string.h>

#include "mdint.h"

size_t md_trim_len(const char *s)
{
	size_t n = strlen(s);
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n;
}

void md_split(Ctx *c, const char *text)
{
	size_t n = md_trim_len(text), i, start = 0;
	c->fs.buf = xstrndup(text, n);
	c->fs.f.n = 0;
	for (i = 0; i <= n; i++)
		if (i == n || c->fs.buf[i] == ':') {
			Field f = {c->fs.buf + start, (int)start};
			c->fs.buf[i] = '\0';
			vec_push(&c->fs.f, f);
			start = i + 1;
		}
}

void md_fields_free(Ctx *c)
{
	free(c->fs.buf);
	c->fs.buf = NULL;
	vec_free(&c->fs.f);
}

int md_nf(const Ctx *c)
{
	return (int)c->fs.f.n - 1;
}

const char *md_f(const Ctx *c, int k)
{
	return c->fs.f.v[k].s;
}

Loc md_col(const Ctx *c, int off)
{
	Loc l = c->cm->loc;
	l.col += 1 + off;
	return l;
}

Loc md_floc(const Ctx *c, int k)
{
	return md_col(c, c->fs.f.v[k].off);
}

void md_err(Ctx *c, Loc l, const char *fmt, ...)
{
	va_list ap;
	Buf b = {0};
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	diag_error(l, "%s", b.s ? b.s : "");
	buf_free(&b);
	c->bad = 1;
}

int md_need(Ctx *c, int lo, int hi)
{
	int n = md_nf(c);
	const char *t = md_f(c, 0);
	if (n >= lo && n <= hi)
		return 0;
	if (lo == hi)
		md_err(c, c->cm->loc, "';%s' takes %d field%s, found %d", t, lo, lo == 1 ? "" : "s", n);
	else if (hi == INT_MAX)
		md_err(c, c->cm->loc, "';%s' takes at least %d field%s, found %d", t, lo, lo == 1 ? "" : "s", n);
	else
		md_err(c, c->cm->loc, "';%s' takes %d to %d fields, found %d", t, lo, hi, n);
	return -1;
}

int md_dec(const char *s, long long *v)
{
	const char *p = s + (*s == '-');
	long long r = 0;
	if (!*p)
		return -1;
	for (; *p; p++) {
		if (*p < '0' || *p > '9' || r > (LLONG_MAX - (*p - '0')) / 10)
			return -1;
		r = r * 10 + (*p - '0');
	}
	*v = *s == '-' ? -r : r;
	return 0;
}

int md_int(Ctx *c, int k, long long lo, long long hi, long long *v)
{
	const char *s = md_f(c, k);
	if (md_dec(s, v)) {
		md_err(c, md_floc(c, k), "';%s' field %d must be a number, found '%s'", md_f(c, 0), k, s);
		return -1;
	}
	if (*v < lo || *v > hi) {
		md_err(c, md_floc(c, k), "';%s' field %d is out of range: %s", md_f(c, 0), k, s);
		return -1;
	}
	return 0;
}

int md_ints(Ctx *c, int from, int to, int *out)
{
	int k;
	long long v;
	for (k = from; k <= to; k++) {
		if (md_int(c, k, INT_MIN, INT_MAX, &v))
			return -1;
		out[k - from] = (int)v;
	}
	return 0;
}

int md_oneof(Ctx *c, int k, const char *const *set, size_t n)
{
	Buf b = {0};
	size_t i;
	for (i = 0; i < n; i++)
		if (strcmp(md_f(c, k), set[i]) == 0)
			return (int)i;
	for (i = 0; i < n; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : i + 1 == n ? " or " : ", ", set[i]);
	md_err(c, md_floc(c, k), "';%s' field %d must be %s, found '%s'", md_f(c, 0), k, b.s, md_f(c, k));
	buf_free(&b);
	return -1;
}

const char *md_keep(Ctx *c, const char *s)
{
	return arena_strdup(&c->m->arena, s);
}

const char *md_keepn(Ctx *c, const char *s, size_t n)
{
	return arena_strndup(&c->m->arena, s, n);
}

const char *md_verbatim(Ctx *c, Buf *model)
{
	const char *t = c->cm->text, *r = NULL;
	if (!model->s || model->s[0] != ';' || strcmp(model->s + 1, t))
		r = md_keep(c, t);
	buf_free(model);
	return r;
}
