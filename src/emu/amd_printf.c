/* amd_printf.c - AMD's runtime reading the printf slots of one group
 * (printf.md 1.2 and 1.4; the AMDIL-path decoder PrintfDbg of AMD's
 * runtime, whose observable behaviour this reimplements).
 *
 * Slot of flat local id L: dwords [L*S, (L+1)*S) of the printf area, S =
 * cb0[8].z; dword 0 = write pointer (1 before the launch).  Records are read
 * while z < write pointer and z < S: [ID][arguments...].  An ID no
 * ;printf_fmt declares stops all further printing (the runtime logs "The
 * format string wasn't reported" and gives up).
 *
 * A record is printed piece by piece with the host C library: for each
 * argument the format is cut after its next conversion (a conversion is '%'
 * followed by characters up to the first of "cdieEfgGaosuxXp"; spaces right
 * after '%' are deleted; "%%" and "%n" print the character after '%'), the
 * piece printed with the argument, then the text after the last conversion.
 * Arguments: %s prints the string stored inline and advances by its length
 * + 1 rounded up to dwords (a zero first dword prints "(null)" and advances
 * 2 dwords); otherwise by the ;printf_fmt size: 1 byte as unsigned char, 2
 * or 4 bytes as a 32-bit integer or (e E f g G a) a float, where infinities
 * and NaNs print as infinity, -infinity, nan, -nan through "%s"; 8 bytes as
 * a double or a 64-bit integer (an 'l' inserted before the conversion); "hh"
 * prints the low byte with the "hh" removed, "hl" is removed.  Vectors
 * ("%v<n>..."): the element size is size/n (n = 3: size/4), elements joined
 * by ",".  These rules keep AMD's quirks (the first 'h' or 'l' of the piece
 * is where "hl"/"hh" is removed, even in plain text before the '%').
 *
 * A piece the host C library cannot print safely (a '*' width, an 'L', 'j',
 * 'z', 't' length, an integer argument for a float conversion) stops the run
 * with an error instead of reproducing undefined behaviour.
 */
#include <math.h>
#include <string.h>

#include "amdint.h"

#define NPOS ((size_t)-1)
#define PAD 4096 /* zero bytes after the area: what a record may read past it */

static const char specifiers[] = "cdieEfgGaosuxXp";

typedef struct PF {
	Run *R;
	Buf *out;
	const uint8_t *end;   /* end of the readable copy */
	int bad;
} PF;

typedef struct Str {
	char *s;
	size_t n;
} Str;

static Str str_sub(const Str *a, size_t from, size_t len)
{
	Str r;
	if (from > a->n)
		from = a->n;
	if (len > a->n - from)
		len = a->n - from;
	r.s = xstrndup(a->s + from, len);
	r.n = len;
	return r;
}

static void str_erase(Str *a, size_t at, size_t len)
{
	if (at >= a->n)
		return;
	if (len > a->n - at)
		len = a->n - at;
	memmove(a->s + at, a->s + at + len, a->n - at - len + 1);
	a->n -= len;
}

static size_t find_of(const Str *a, const char *set, size_t from)
{
	size_t i;
	for (i = from; i < a->n && from != NPOS; i++)
		if (a->s[i] && strchr(set, a->s[i]))
			return i;
	return NPOS;
}

/* ---- printing one piece with the C library -------------------------------- */

enum { V_INT, V_U64, V_DOUBLE, V_STR };

typedef struct Val {
	int kind;
	uint64_t u;
	double d;
	const char *s;
} Val;

static int stop(PF *pf, const char *piece, const char *why)
{
	if (!pf->bad)
		amd_fail(pf->R, NULL, NULL, "printf: the piece \"%s\" of a format %s", piece, why);
	pf->bad = 1;
	return -1;
}

/* piece = text % flags width precision length conversion */
static int print_piece(PF *pf, const char *piece, Val v)
{
	const char *p = strchr(piece, '%');
	char conv, fmt[256];
	int nl = 0, nh = 0;
	size_t k = 0;
	if (!p || strchr(p + 1, '%'))
		return stop(pf, piece, "does not hold exactly one conversion");
	for (p++; *p && strchr("-+ #0123456789.", *p); p++)
		;
	for (; *p == 'h' || *p == 'l'; p++)
		*p == 'h' ? nh++ : nl++;
	conv = *p;
	if (!conv || p[1] || !strchr(specifiers, conv) || nh > 2 || nl > 2 || (nh && nl))
		return stop(pf, piece, "cannot be printed safely by the host C library");
	if (strlen(piece) >= sizeof fmt)
		return stop(pf, piece, "is too long");
	if (conv == 's') {
		if (v.kind != V_STR || nl)
			return stop(pf, piece, "prints a non-string with %s");
		buf_printf(pf->out, piece, v.s);
	} else if (strchr("eEfgGa", conv)) {
		if (v.kind != V_DOUBLE || nl || nh)
			return stop(pf, piece, "prints an integer with a float conversion (undefined)");
		buf_printf(pf->out, piece, v.d);
	} else if (v.kind == V_DOUBLE || v.kind == V_STR) {
		return stop(pf, piece, "prints a float or string with an integer conversion (undefined)");
	} else if (conv == 'p') {
		/* the pointer without length modifiers */
		for (p = piece; *p; p++)
			if (!(p > strchr(piece, '%') && (*p == 'l' || *p == 'h')))
				fmt[k++] = *p;
		fmt[k] = 0;
		buf_printf(pf->out, fmt, (void *)(uintptr_t)v.u);
	} else if (nl) {
		if (conv == 'c')
			return stop(pf, piece, "uses %lc");
		buf_printf(pf->out, piece, (unsigned long long)v.u);
	} else {
		buf_printf(pf->out, piece, (unsigned)v.u);
	}
	return 0;
}

static void text(PF *pf, const Str *t)
{
	buf_add(pf->out, t->s, strlen(t->s));
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v;
	memcpy(&v, p, 4);
	return v;
}

/* "hl" / "hh": the two characters from the first 'h' or 'l' (resp. 'h') */
static Str erased(const Str *f, const char *set)
{
	Str r = str_sub(f, 0, f->n);
	str_erase(&r, find_of(&r, set, 0), 2);
	return r;
}

static size_t out_float(PF *pf, const Str *f, int hl, const uint8_t *arg)
{
	float x;
	Val v = {V_DOUBLE, 0, 0, NULL};
	memcpy(&x, arg, 4);
	if (isinf(x) || isnan(x)) {
		/* the conversion replaced by s: '%' .. first float letter -> "%s" */
		Str t = str_sub(f, 0, f->n);
		size_t s = find_of(&t, "%", 0), e = find_of(&t, "eEfgGa", 0);
		if (s != NPOS && e != NPOS) {
			/* std::string::replace(s + 1, e - s, "s"): the count wraps (to
			 * the end of the piece) when the letter comes before the '%' */
			size_t from = e >= s ? (e + 1 < t.n ? e + 1 : t.n) : t.n;
			Str head = str_sub(&t, 0, s + 1), tail = str_sub(&t, from, NPOS);
			free(t.s);
			t.s = xasprintf("%ss%s", head.s, tail.s);
			t.n = strlen(t.s);
			free(head.s);
			free(tail.s);
		}
		v.kind = V_STR;
		v.s = isinf(x) ? (signbit(x) ? "-infinity" : "infinity") : (signbit(x) ? "-nan" : "nan");
		print_piece(pf, t.s, v);
		free(t.s);
	} else {
		Str h = erased(f, "hl");
		v.d = x;
		print_piece(pf, hl ? h.s : f->s, v);
		free(h.s);
	}
	return 4;
}

/* one argument printed with piece f; returns the bytes it takes (the
 * runtime's count), 0 when the record stops */
static size_t out_arg(PF *pf, const Str *f, int pfloat, size_t size, const uint8_t *arg)
{
	Val v = {V_INT, 0, 0, NULL};
	int hl = strstr(f->s, "hl") != NULL;
	size_t n = 0;
	if (arg + 8 > pf->end) {
		stop(pf, f->s, "reads past the printf area");
		return 0;
	}
	if (f->n && f->s[f->n - 1] == 's') {
		char *s;
		if (rd32(arg) == 0) {
			v.kind = V_STR, v.s = "(null)";
			print_piece(pf, f->s, v);
			return 6;
		}
		while (arg + n < pf->end && arg[n])
			n++;
		s = xstrndup((const char *)arg, n);
		v.kind = V_STR, v.s = s;
		print_piece(pf, f->s, v);
		free(s);
		return n + 1;
	}
	switch (size) {
	case 1:
		v.u = arg[0];
		print_piece(pf, f->s, v);
		return 1;
	case 2:
	case 4:
		if (pfloat)
			return out_float(pf, f, hl, arg) ? size : 0;
		if (strstr(f->s, "hh")) {
			Str h = erased(f, "h");
			v.u = arg[0];
			print_piece(pf, h.s, v);
			free(h.s);
		} else {
			Str h = erased(f, "hl");
			v.u = rd32(arg);
			print_piece(pf, hl ? h.s : f->s, v);
			free(h.s);
		}
		return size;
	case 8:
		if (pfloat) {
			Str h = erased(f, "hl");
			v.kind = V_DOUBLE;
			memcpy(&v.d, arg, 8);
			print_piece(pf, hl ? h.s : f->s, v);
			free(h.s);
		} else {
			char *l = xasprintf("%.*sl%s", (int)(f->n - 1), f->s, f->s + f->n - 1);
			memcpy(&v.u, arg, 8);
			print_piece(pf, l, v);
			free(l);
		}
		return 8;
	default:
		buf_printf(pf->out, "Error: Unsupported data size for PrintfDbg. %d bytes", (int)size);
		return 0;
	}
}

/* ---- one record -------------------------------------------------------------------- */

/* "%v<n>": the vector size (2 3 4 8 16, else 0) of the conversion ending
 * before *cur; *cur becomes the length of "v<n>" */
static int vector_size(const Str *s, size_t start, size_t *cur)
{
	size_t pos = *cur, size = *cur - start;
	int n = 0;
	if (size < 3)
		return 0;
	size = 0;
	if (s->s[*cur - 3] == 'v')
		size = 2;
	else if (s->s[*cur - 4] == 'v')
		size = 3;
	else if (*cur >= 5 && s->s[*cur - 5] == 'v')
		size = 4;
	if (!size)
		return 0;
	*cur = size;
	pos -= size;
	n = s->s[pos++] - '0';
	if (n == 1)
		return s->s[pos] - '0' == 6 ? 16 : 0;
	return n == 2 || n == 3 || n == 4 || n == 8 ? n : 0;
}

/* the piece before the next conversion: "%%"-like specials are printed
 * here; returns the '%'+1 position or NPOS */
static size_t next_conversion(PF *pf, Str *str, size_t *pos)
{
	for (;;) {
		size_t ps = find_of(str, "%", *pos), t1, t2;
		if (ps == NPOS) {
			if (*pos < str->n) {
				Str rest = str_sub(str, *pos, NPOS);
				text(pf, &rest);
				free(rest.s);
			}
			return NPOS;
		}
		ps++;
		while (ps < str->n && str->s[ps] == ' ')
			str_erase(str, ps, 1);
		t1 = find_of(str, "%n", ps);
		t2 = find_of(str, specifiers, ps);
		if (t1 < t2) {
			Str f = str_sub(str, *pos, ps + 1 - *pos);
			str_erase(&f, ps - *pos - 1, 1);
			text(pf, &f);
			free(f.s);
			*pos = ps + 1;
			continue;
		}
		return ps;
	}
}

/* one argument of a record at dword *i; 0 when the record stops */
static int record_arg(PF *pf, Str *str, size_t *pos, int size, const uint8_t *slot, size_t *i)
{
	size_t ps = next_conversion(pf, str, pos), pe, cur, id = 0;
	int vec;
	Str f;
	if (ps == NPOS)
		return 1;
	if ((pe = find_of(str, specifiers, ps)) == NPOS) {
		*pos = NPOS;
		return 0;
	}
	cur = ++pe;
	vec = vector_size(str, ps, &cur);
	f = str_sub(str, *pos, pe - *pos);
	if (vec) {
		size_t vs = f.n - (cur + 1), vm = find_of(&f, "hl", vs + 1), m = find_of(str, "hl", ps);
		str_erase(&f, vs, m < pe ? vm - vs : cur);
		id = ps - *pos - 1;
	}
	*pos = pe;
	{
		int pfloat = f.n && strchr("eEfgGa", f.s[f.n - 1]);
		const uint8_t *arg = slot + 4 * *i;
		if (!vec) {
			size_t len = out_arg(pf, &f, pfloat, (size_t)size, arg);
			*i += (len + 3) / 4;
			free(f.s);
			return len != 0;
		} else {
			size_t el = (size_t)size / (size_t)(vec == 3 ? 4 : vec);
			Str es = str_sub(&f, id, NPOS);
			int e, ok = out_arg(pf, &f, pfloat, el, arg) != 0;
			for (e = 1; ok && e < vec; e++) {
				buf_puts(pf->out, ",");
				out_arg(pf, &es, pfloat, el, arg + e * el);
			}
			if (ok)
				*i += ((size_t)size + 3) / 4;
			free(es.s);
			free(f.s);
			return ok;
		}
	}
}

static void record(PF *pf, const MdPrintf *info, const uint8_t *slot, size_t *i)
{
	Str str;
	size_t pos = 0;
	int j;
	str.s = xstrndup(info->fmt, info->fmt_len);
	str.n = strlen(str.s);
	for (j = 0; j < info->nargs && !pf->bad; j++)
		if (!record_arg(pf, &str, &pos, info->sizes[j], slot, i) && pos != NPOS) {
			free(str.s);
			return;
		} else if (pos == NPOS) {
			break;
		}
	if (pos != NPOS && pos < str.n) {
		Str rest = str_sub(&str, pos, NPOS);
		text(pf, &rest);
		free(rest.s);
	}
	free(str.s);
}

int amd_printf_group(Run *R)
{
	uint32_t S = R->cb0[8 * 4 + 2], l;
	uint8_t *copy = xcalloc(R->pf_size + PAD, 1);
	PF pf;
	memset(&pf, 0, sizeof pf);
	pf.R = R;
	pf.end = copy + R->pf_size + PAD;
	memcpy(copy, R->pf, R->pf_size);
	for (l = 0; l < R->nlocal && !R->pf_stop && !pf.bad; l++) {
		const uint8_t *slot = copy + (size_t)l * S * 4;
		uint32_t wp = rd32(slot);
		size_t z = 1;
		while (z < S && z < wp && !pf.bad) {
			const MdPrintf *info = md_printf(R->p, (int)rd32(slot + 4 * z));
			Buf rec = {0};
			if (!info) {
				R->pf_stop = 1; /* the runtime stops printing altogether */
				break;
			}
			z++;
			pf.out = &rec;
			record(&pf, info, slot, &z);
			if (z > wp) {
				/* cut off by the slot's end (items the kernel skipped): its
				 * arguments past the write pointer are whatever memory
				 * held, so the record is not printed and the slot ends
				 * (the translation does the same, docs/abi-map.txt 8) */
				buf_free(&rec);
				break;
			}
			if (rec.n)
				buf_add(&R->res->printf_text, rec.s, rec.n);
			vec_push(&R->res->printf_items, rec);
		}
	}
	free(copy);
	return pf.bad ? -1 : 0;
}
