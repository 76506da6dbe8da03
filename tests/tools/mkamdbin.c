/* mkamdbin.c - an AMD OpenCL program binary from a token listing, for the
 * tests of translate's binary input (src/ilparse/amdbin.c).
 *
 *   mkamdbin LISTING OUT.bin
 *
 * LISTING is text: `kernel NAME` starts a kernel's IL token stream, `global
 * N` the data of constant buffer N; then 32-bit words in hex, `"text"` for
 * a whole comment instruction (its opcode 15, its length in dwords and the
 * text NUL-padded to whole dwords are written here), and `#` to the end of
 * a line is ignored.
 * OUT is laid out as AMD-APP 2.x writes it (docs/real-il.md section 11): a
 * 32-bit ELF whose .rodata holds, per kernel, an inner ELF (the CAL image)
 * whose first .text is the token stream, named by the symbol
 * __OpenCL_NAME_kernel, and the data as __OpenCL_N_global.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct Blob {
	unsigned char *p;
	size_t n, cap;
} Blob;

static void put(Blob *b, const void *p, size_t n)
{
	if (b->n + n > b->cap) {
		b->cap = (b->n + n) * 2 + 64;
		b->p = realloc(b->p, b->cap);
		if (!b->p) {
			perror("mkamdbin");
			exit(2);
		}
	}
	memcpy(b->p + b->n, p, n);
	b->n += n;
}

static void put32(Blob *b, uint32_t v)
{
	unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
	                      (unsigned char)(v >> 24)};
	put(b, x, 4);
}

static void put16(Blob *b, uint16_t v)
{
	unsigned char x[2] = {(unsigned char)v, (unsigned char)(v >> 8)};
	put(b, x, 2);
}

static void set32(Blob *b, size_t at, uint32_t v)
{
	b->p[at] = (unsigned char)v, b->p[at + 1] = (unsigned char)(v >> 8);
	b->p[at + 2] = (unsigned char)(v >> 16), b->p[at + 3] = (unsigned char)(v >> 24);
}

typedef struct Part {
	char name[128];
	int is_kernel;
	Blob words;
} Part;

/* An ELF32 with sections: NULL, .shstrtab, then each of secs (name,
 * contents), and optionally .symtab/.strtab for syms (name, section index
 * among secs, offset in it, size). */
typedef struct Sym {
	char name[160];
	int sec;
	uint32_t off, size;
} Sym;

static void elf(Blob *out, const char **names, Blob *secs, int nsec, const Sym *syms, int nsym)
{
	Blob shstr = {0}, strtab = {0}, symtab = {0};
	uint32_t name_off[16], sh_off[16], sh_size[16], sh_type[16], sh_link[16];
	int i, total = nsec + (nsym ? 2 : 0), shstr_i = 1;
	size_t hdr;
	put(&shstr, "", 1);
	put(&shstr, ".shstrtab", 10);
	for (i = 0; i < nsec; i++) {
		name_off[i] = (uint32_t)shstr.n;
		put(&shstr, names[i], strlen(names[i]) + 1);
	}
	if (nsym) {
		name_off[nsec] = (uint32_t)shstr.n;
		put(&shstr, ".symtab", 8);
		name_off[nsec + 1] = (uint32_t)shstr.n;
		put(&shstr, ".strtab", 8);
		put(&strtab, "", 1);
		for (i = 0; i < 4; i++)
			put32(&symtab, 0); /* the null symbol */
		for (i = 0; i < nsym; i++) {
			put32(&symtab, (uint32_t)strtab.n);
			put(&strtab, syms[i].name, strlen(syms[i].name) + 1);
			put32(&symtab, syms[i].off);
			put32(&symtab, syms[i].size);
			put(&symtab, "\x11\0", 2);            /* global object */
			put16(&symtab, (uint16_t)(syms[i].sec + 2)); /* after NULL, .shstrtab */
		}
	}
	/* the header, then the contents, then the section headers */
	out->n = 0;
	put(out, "\177ELF\1\1\1", 7);
	while (out->n < 16)
		put(out, "", 1);
	put16(out, 2);      /* ET_EXEC */
	put16(out, 0x3fd);  /* the machine AMD-APP 2.5 writes */
	put32(out, 1);
	put32(out, 0);      /* entry */
	put32(out, 0);      /* phoff */
	hdr = out->n;
	put32(out, 0);      /* shoff, set below */
	put32(out, 0);      /* flags */
	put16(out, 52), put16(out, 0), put16(out, 0), put16(out, 40);
	put16(out, (uint16_t)(total + 2)), put16(out, (uint16_t)shstr_i);
	sh_off[0] = (uint32_t)out->n, sh_size[0] = (uint32_t)shstr.n;
	put(out, shstr.p, shstr.n);
	for (i = 0; i < total; i++) {
		Blob *c = i < nsec ? &secs[i] : i == nsec ? &symtab : &strtab;
		while (out->n % 4)
			put(out, "", 1);
		sh_off[i + 1] = (uint32_t)out->n, sh_size[i + 1] = (uint32_t)c->n;
		sh_type[i] = i < nsec ? 1 : i == nsec ? 2 : 3;
		sh_link[i] = i == nsec ? (uint32_t)(nsec + 3) : 0; /* .symtab -> .strtab */
		if (c->n)
			put(out, c->p, c->n);
	}
	while (out->n % 4)
		put(out, "", 1);
	set32(out, hdr, (uint32_t)out->n);
	for (i = 0; i < 10; i++)
		put32(out, 0); /* NULL */
	put32(out, 1), put32(out, 3), put32(out, 0), put32(out, 0);
	put32(out, sh_off[0]), put32(out, sh_size[0]), put32(out, 0), put32(out, 0), put32(out, 1), put32(out, 0);
	for (i = 0; i < total; i++) {
		put32(out, name_off[i]), put32(out, sh_type[i]), put32(out, 0), put32(out, 0);
		put32(out, sh_off[i + 1]), put32(out, sh_size[i + 1]), put32(out, sh_link[i]), put32(out, 0);
		put32(out, 4), put32(out, i == nsec ? 16 : 0);
	}
	free(shstr.p), free(strtab.p), free(symtab.p);
}

int main(int argc, char **argv)
{
	FILE *f;
	char line[4096];
	Part parts[16];
	int np = 0, i, lineno = 0;
	Blob rodata = {0}, out = {0};
	Sym syms[16];
	const char *outer_names[] = {".rodata"};
	if (argc != 3 || !(f = fopen(argv[1], "r"))) {
		fprintf(stderr, "usage: mkamdbin LISTING OUT.bin\n");
		return 2;
	}
	while (fgets(line, sizeof line, f)) {
		char *p = line, *e;
		lineno++;
		while (*p) {
			while (isspace((unsigned char)*p))
				p++;
			if (!*p || *p == '#')
				break; /* the rest of the line is a comment */
			if (!strncmp(p, "kernel ", 7) || !strncmp(p, "global ", 7)) {
				if (np == 16)
					return fprintf(stderr, "%s:%d: too many parts\n", argv[1], lineno), 2;
				memset(&parts[np], 0, sizeof parts[np]);
				parts[np].is_kernel = p[0] == 'k';
				sscanf(p + 7, "%127s", parts[np].name);
				np++;
				break;
			}
			if (!np)
				return fprintf(stderr, "%s:%d: words before 'kernel' or 'global'\n", argv[1], lineno), 2;
			if (*p == '"') {
				char *q = strchr(p + 1, '"');
				size_t len, w;
				if (!q)
					return fprintf(stderr, "%s:%d: unterminated string\n", argv[1], lineno), 2;
				len = (size_t)(q - p - 1);
				w = (len + 4) / 4; /* the text and its NUL, whole dwords */
				put32(&parts[np - 1].words, 15); /* the comment opcode */
				put32(&parts[np - 1].words, (uint32_t)w);
				put(&parts[np - 1].words, p + 1, len);
				for (; len < 4 * w; len++)
					put(&parts[np - 1].words, "", 1);
				p = q + 1;
				continue;
			}
			{
				unsigned long v = strtoul(p, &e, 16);
				if (e == p || (*e && !isspace((unsigned char)*e)))
					return fprintf(stderr, "%s:%d: not a hex word: %s", argv[1], lineno, p), 2;
				put32(&parts[np - 1].words, (uint32_t)v);
				p = e;
			}
		}
	}
	fclose(f);
	/* each kernel's CAL image, then each data part, into .rodata */
	for (i = 0; i < np; i++) {
		Sym *s = &syms[i];
		while (rodata.n % 4)
			put(&rodata, "", 1);
		s->sec = 0, s->off = (uint32_t)rodata.n;
		if (parts[i].is_kernel) {
			Blob inner = {0};
			const char *n1[] = {".text"};
			elf(&inner, n1, &parts[i].words, 1, NULL, 0);
			put(&rodata, inner.p, inner.n);
			s->size = (uint32_t)inner.n;
			snprintf(s->name, sizeof s->name, "__OpenCL_%.100s_kernel", parts[i].name);
			free(inner.p);
		} else {
			put(&rodata, parts[i].words.p, parts[i].words.n);
			s->size = (uint32_t)parts[i].words.n;
			snprintf(s->name, sizeof s->name, "__OpenCL_%.100s_global", parts[i].name);
		}
	}
	elf(&out, outer_names, &rodata, 1, syms, np);
	if (!(f = fopen(argv[2], "wb")) || fwrite(out.p, 1, out.n, f) != out.n || fclose(f))
		return perror(argv[2]), 2;
	for (i = 0; i < np; i++)
		free(parts[i].words.p);
	free(rodata.p);
	free(out.p);
	return 0;
}
