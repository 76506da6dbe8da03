/* mdprintf.c - ;printf_fmt:id:nargs:size1:...:sizeN:len:format; lines.
 *
 * The format runs to the ';' that ends the line and may itself contain ':'
 * and ';'.  The AMD compiler escapes only newline and carriage return; the
 * AMD runtime decodes \n \r \a \b \f \v as one character each, and so do we
 * when that makes the decoded length equal the declared one.  When only the
 * raw text has the declared length the backslashes are taken literally
 * (warning); otherwise the length mismatch is an error.
 */
#include <string.h>

#include "mdint.h"

static const char escapes[] = "nrabfv";
static const char decoded[] = "\n\r\a\b\f\v";

static size_t count_escapes(const char *s, size_t n)
{
	size_t i, e = 0;
	for (i = 0; i + 1 < n; i++)
		if (s[i] == '\\' && strchr(escapes, s[i + 1])) {
			e++;
			i++;
		}
	return e;
}

static char *decode(Ctx *c, const char *s, size_t n, size_t *len)
{
	char *d = arena_alloc(&c->m->arena, n + 1);
	size_t i, k = 0;
	for (i = 0; i < n; i++) {
		const char *e = i + 1 < n && s[i] == '\\' ? strchr(escapes, s[i + 1]) : NULL;
		if (e) {
			d[k++] = decoded[e - escapes];
			i++;
		} else {
			d[k++] = s[i];
		}
	}
	d[k] = '\0';
	*len = k;
	return d;
}

/* Offset in s of the last character of the decoded format (an escape
 * counts from its backslash), 0 when empty. */
static size_t last_char(const char *s, size_t n)
{
	size_t i, last = 0;
	for (i = 0; i < n; i++) {
		last = i;
		if (i + 1 < n && s[i] == '\\' && strchr(escapes, s[i + 1]))
			i++;
	}
	return last;
}

/* Numeric fields 1.. before the last field (which is always format text). */
static int numeric_prefix(const Ctx *c)
{
	long long v;
	int k = 1;
	while (k < md_nf(c) && md_dec(md_f(c, k), &v) == 0)
		k++;
	return k - 1;
}

static int head(Ctx *c, MdPrintf *p)
{
	long long id, nargs, v;
	int num = numeric_prefix(c), i;
	if (md_need(c, 4, INT_MAX) || md_int(c, 1, 0, INT_MAX, &id) || md_int(c, 2, 0, 65535, &nargs))
		return -1;
	if (num < 3 + nargs) {
		int listed = num > 3 ? num - 3 : 0;
		md_err(c, md_floc(c, 2), "';printf_fmt' declares %lld argument%s but lists %d size%s", nargs,
		       nargs == 1 ? "" : "s", listed, listed == 1 ? "" : "s");
		return -1;
	}
	p->id = (int)id;
	p->nargs = (int)nargs;
	p->sizes = nargs ? arena_alloc(&c->m->arena, (size_t)nargs * sizeof *p->sizes) : NULL;
	for (i = 0; i < nargs; i++) {
		if (md_int(c, 3 + i, 0, INT_MAX, &v))
			return -1;
		p->sizes[i] = (int)v;
	}
	return md_int(c, 3 + (int)nargs, 0, INT_MAX, &p->len);
}

static int body(Ctx *c, MdPrintf *p)
{
	const char *t = c->cm->text;
	size_t n = md_trim_len(t), off = (size_t)c->fs.f.v[4 + p->nargs].off, raw, esc;
	if (n == off || t[n - 1] != ';') {
		md_err(c, md_col(c, (int)(off + last_char(t + off, n - off))),
		       "';printf_fmt' format must end with ';'");
		return -1;
	}
	raw = n - 1 - off;
	esc = count_escapes(t + off, raw);
	p->text = md_keepn(c, t + off, raw);
	if ((size_t)p->len == raw - esc) {
		p->fmt = decode(c, t + off, raw, &p->fmt_len);
	} else if (esc && (size_t)p->len == raw) {
		diag_warning(md_floc(c, 3 + p->nargs), "';printf_fmt' backslashes taken literally to "
		             "match the declared length %lld", p->len);
		p->fmt = p->text;
		p->fmt_len = raw;
	} else {
		md_err(c, md_floc(c, 3 + p->nargs), "';printf_fmt' declares length %lld but the format "
		       "has %zu characters", p->len, raw - esc);
		return -1;
	}
	return 0;
}

void md_printf_line(Ctx *c)
{
	MdPrintf p;
	memset(&p, 0, sizeof p);
	p.loc = c->cm->loc;
	if (head(c, &p) || body(c, &p))
		return;
	vec_push(&c->b->printfs, p);
	md_line(c, ML_PRINTF, c->b->printfs.n - 1, 0);
}
