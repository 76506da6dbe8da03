/* zeprintf.c - NEO 22.43's PrintFormatter (zebin path) over the printf
 * buffer after a launch.
 *
 * The buffer: dword 0 = bytes used (NEO wrote 4 before the launch); the host
 * reads records from byte 4 while 8 more bytes fit below min(dword 0, buffer
 * size).  A record is [u64 format address][tokens]; the format is walked
 * (a backslash escapes the next character, "\n" a newline; "%%" adjacent is
 * a percent; '%' up to the first of diouxXaAeEfFgGscp is one conversion,
 * given to snprintf with the token the buffer holds there).  Reads past the
 * end leave the value 0 and do not advance, as NEO's read<T>() does.  Scalar
 * BYTE/SHORT tokens advance by 1/2 bytes (NEO reads sizeof(T)); vectors of
 * them are padded to 4 bytes per element.  Strings (the format, %s) must lie
 * in the host copy of .data.const.string; a format address outside it (NULL
 * included: NEO would dereference it) is an error.
 */
#include <string.h>

#include "zeint.h"

enum {
	T_INVALID, T_BYTE, T_SHORT, T_INT, T_FLOAT, T_STRING, T_LONG, T_POINTER, T_DOUBLE,
	T_VBYTE, T_VSHORT, T_VINT, T_VLONG, T_VFLOAT, T_VDOUBLE,
};
enum { MAX_OUT = 16 * 1024 };

typedef struct Pf {
	const uint8_t *buf;
	size_t limit, off;
	uint64_t host_base;
	const uint8_t *host;
	size_t host_size;
	char out[MAX_OUT];
	size_t cursor;
	char *err;
} Pf;

/* read<T>: little-endian, value 0 and no advance past the limit */
static uint64_t rd(Pf *p, int n)
{
	uint64_t v = 0;
	int i;
	if (p->off + (size_t)n > p->limit)
		return 0;
	for (i = n - 1; i >= 0; i--)
		v = v << 8 | p->buf[p->off + (size_t)i];
	p->off += (size_t)n;
	return v;
}

/* a NUL-terminated host string at addr, NULL when none */
static const char *host_str(const Pf *p, uint64_t addr)
{
	size_t o;
	if (addr < p->host_base || addr - p->host_base >= p->host_size)
		return NULL;
	o = (size_t)(addr - p->host_base);
	return memchr(p->host + o, 0, p->host_size - o) ? (const char *)p->host + o : NULL;
}

static int is_conv(char c)
{
	return c && strchr("diouxXaAeEfFgGscp", c) != NULL;
}

static void emit(Pf *p, const char *s, size_t n)
{
	if (p->cursor + n > MAX_OUT - 1)
		n = MAX_OUT - 1 - p->cursor;
	memcpy(p->out + p->cursor, s, n);
	p->cursor += n;
}

/* The value classes a conversion takes; the token's value is converted to
 * it so the host call is well defined (NEO passes the token's C type). */
typedef enum VClass { VC_NONE, VC_INT, VC_LONG, VC_DOUBLE, VC_LDOUBLE, VC_PTR, VC_STR } VClass;

static VClass vclass(const char *fmt)
{
	size_t n = strlen(fmt);
	char c = n ? fmt[n - 1] : 0;
	if (!is_conv(c) || strchr(fmt, '*') || strchr(fmt + 1, '%'))
		return VC_NONE;
	if (c == 's')
		return VC_STR;
	if (c == 'p')
		return VC_PTR;
	if (strchr("aAeEfFgG", c))
		return strchr(fmt, 'L') ? VC_LDOUBLE : VC_DOUBLE;
	if (strchr(fmt, 'l') || strchr(fmt, 'j') || strchr(fmt, 'z') || strchr(fmt, 't') || strchr(fmt, 'q'))
		return VC_LONG;
	return VC_INT;
}

/* snprintf of one fragment with an integer or a float value */
static void print1(Pf *p, const char *fmt, int is_float, int64_t i, double f)
{
	char tmp[MAX_OUT];
	int n;
	switch (vclass(fmt)) {
	case VC_INT: n = snprintf(tmp, sizeof tmp, fmt, is_float ? (int)f : (int)i); break;
	case VC_LONG: n = snprintf(tmp, sizeof tmp, fmt, is_float ? (long long)f : (long long)i); break;
	case VC_DOUBLE: n = snprintf(tmp, sizeof tmp, fmt, is_float ? f : (double)i); break;
	case VC_LDOUBLE: n = snprintf(tmp, sizeof tmp, fmt, (long double)(is_float ? f : (double)i)); break;
	case VC_PTR: n = snprintf(tmp, sizeof tmp, fmt, (void *)(uintptr_t)(uint64_t)i); break;
	case VC_STR: n = snprintf(tmp, sizeof tmp, fmt, "(null)"); break;
	default:
		emit(p, fmt, strlen(fmt)); /* nothing the host call would convert */
		return;
	}
	if (n > 0)
		emit(p, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* NEO's stripVectorFormat + stripVectorTypeConversion */
static void strip_vector(const char *f, char *out, size_t cap)
{
	size_t o = 0, len;
	while (*f && o + 1 < cap) {
		if (*f != 'v')
			out[o++] = *f++;
		else if (f[1] != '1')
			f += f[1] ? 2 : 1;
		else
			f += f[2] ? 3 : 2;
	}
	out[o] = 0;
	len = strlen(out);
	if (len > 3 && out[len - 3] == 'h' && out[len - 2] == 'l') {
		out[len - 3] = out[len - 1];
		out[len - 2] = 0;
	}
}

static int64_t sext(uint64_t v, int bytes)
{
	int sh = 64 - 8 * bytes;
	return bytes >= 8 ? (int64_t)v : (int64_t)(v << sh) >> sh;
}

static double as_float(uint64_t v, int bytes)
{
	if (bytes == 4) {
		float f;
		uint32_t u = (uint32_t)v;
		memcpy(&f, &u, 4);
		return f;
	} else {
		double d;
		memcpy(&d, &v, 8);
		return d;
	}
}

static void vector_token(Pf *p, const char *fmt, int bytes, int is_float)
{
	char stripped[1024];
	int count = (int)(int32_t)rd(p, 4), i;
	strip_vector(fmt, stripped, sizeof stripped);
	for (i = 0; i < count; i++) {
		uint64_t v = rd(p, bytes);
		if (is_float)
			print1(p, stripped, 1, 0, as_float(v, bytes));
		else
			print1(p, stripped, 0, sext(v, bytes), 0);
		if (i < count - 1)
			emit(p, ",", 1);
	}
	if (bytes < 4 && count > 0)
		p->off += (size_t)(4 - bytes) * (size_t)count;
}

static void token(Pf *p, const char *fmt)
{
	int type = (int)(int32_t)rd(p, 4);
	uint64_t v;
	switch (type) {
	case T_BYTE: print1(p, fmt, 0, sext(rd(p, 1), 1), 0); break;
	case T_SHORT: print1(p, fmt, 0, sext(rd(p, 2), 2), 0); break;
	case T_INT: print1(p, fmt, 0, sext(rd(p, 4), 4), 0); break;
	case T_FLOAT: print1(p, fmt, 1, 0, as_float(rd(p, 4), 4)); break;
	case T_LONG: print1(p, fmt, 0, (int64_t)rd(p, 8), 0); break;
	case T_POINTER: v = rd(p, 8); print1(p, fmt, 0, (int64_t)v, 0); break;
	case T_DOUBLE: print1(p, fmt, 1, 0, as_float(rd(p, 8), 8)); break;
	case T_VBYTE: vector_token(p, fmt, 1, 0); break;
	case T_VSHORT: vector_token(p, fmt, 2, 0); break;
	case T_VINT: vector_token(p, fmt, 4, 0); break;
	case T_VLONG: vector_token(p, fmt, 8, 0); break;
	case T_VFLOAT: vector_token(p, fmt, 4, 1); break;
	case T_VDOUBLE: vector_token(p, fmt, 8, 1); break;
	default: break; /* prints nothing, reads nothing more */
	}
}

static void string_token(Pf *p, const char *fmt)
{
	char tmp[MAX_OUT];
	int type = (int)(int32_t)rd(p, 4), n;
	uint64_t addr = rd(p, 8);
	const char *s = NULL;
	if (type == T_STRING || type == T_POINTER) {
		s = addr ? host_str(p, addr) : "(null)";
		if (!s) {
			if (!p->err)
				p->err = xasprintf("printf: %%s argument 0x%llx is not a string of .data.const.string",
				                   (unsigned long long)addr);
			return;
		}
	} else
		s = "(null)"; /* NEO passes the integer 0 */
	if (vclass(fmt) != VC_STR) {
		emit(p, fmt, strlen(fmt));
		return;
	}
	n = snprintf(tmp, sizeof tmp, fmt, s);
	if (n > 0)
		emit(p, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* PrintFormatter::printString */
static void print_string(Pf *p, const char *f)
{
	size_t length = strnlen(f, MAX_OUT - 1), i;
	p->cursor = 0;
	for (i = 0; i <= length; i++) {
		if (f[i] == '\\') {
			char c = f[++i];
			c = c == 'n' ? '\n' : c;
			emit(p, &c, 1);
		} else if (f[i] == '%') {
			size_t end = i;
			char frag[MAX_OUT];
			if (end + 1 <= length && f[end + 1] == '%') {
				emit(p, "%", 1);
				i++;
				continue;
			}
			while (!is_conv(f[end++]) && end < length)
				;
			memcpy(frag, f + i, end - i);
			frag[end - i] = 0;
			if (f[end - 1] == 's')
				string_token(p, frag);
			else
				token(p, frag);
			i = end - 1;
		} else
			emit(p, &f[i], 1);
	}
	p->out[p->cursor < MAX_OUT ? p->cursor : MAX_OUT - 1] = 0;
}

int ze_printf_decode(const uint8_t *buf, size_t size, uint64_t host_base, const uint8_t *host_bytes,
                     size_t host_size, EmuResult *r, char **err)
{
	Pf *p = xcalloc(1, sizeof *p);
	uint32_t used;
	int rc = 0;
	p->buf = buf;
	p->limit = size;
	p->host_base = host_base;
	p->host = host_bytes;
	p->host_size = host_size;
	used = (uint32_t)rd(p, 4);
	if (used < p->limit)
		p->limit = used;
	while (p->off + 8 <= p->limit && !p->err) {
		size_t at = p->off;
		uint64_t fa = rd(p, 8);
		const char *f = host_str(p, fa);
		Buf item = {0};
		if (!f) {
			p->err = xasprintf("printf buffer byte %zu: format address 0x%llx is not in "
			                   ".data.const.string (NEO would dereference it)", at, (unsigned long long)fa);
			break;
		}
		print_string(p, f);
		buf_puts(&r->printf_text, p->out);
		buf_puts(&item, p->out);
		if (!item.s)
			buf_add(&item, "", 0);
		vec_push(&r->printf_items, item);
	}
	if (p->err) {
		*err = p->err;
		rc = -1;
	}
	free(p);
	return rc;
}
