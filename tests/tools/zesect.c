/* zesect.c - dump one section of an ELF64 file (test helper, libc only).
 *
 *   zesect FILE SECTION   raw bytes of the section named SECTION to stdout
 *   zesect -l FILE        one line per section: "index name type flags size"
 *                         (index and size decimal, type and flags 0x-hex)
 * Exit status: 0 ok, 1 missing section / not an ELF64 little-endian file /
 * truncated file, 2 usage or I/O error.  Section names come from e_shstrndx.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file and its section table. */
typedef struct Elf {
	unsigned char *data; /* whole file */
	size_t size;         /* bytes */
	uint64_t shoff;      /* e_shoff */
	unsigned shnum;      /* e_shnum */
	unsigned shstrndx;   /* e_shstrndx */
} Elf;

/* One decoded section header. */
typedef struct Shdr {
	uint32_t name;   /* sh_name */
	uint32_t type;   /* sh_type */
	uint64_t flags;  /* sh_flags */
	uint64_t offset; /* sh_offset */
	uint64_t size;   /* sh_size */
} Shdr;

static const char *prog = "zesect";

static uint64_t rd(const unsigned char *p, int n)
{
	uint64_t v = 0;
	while (n-- > 0)
		v = v << 8 | p[n];
	return v;
}

static int fail(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	return 1;
}

static int load(const char *path, Elf *e)
{
	FILE *f = fopen(path, "rb");
	size_t cap = 1 << 16, n;
	if (!f) {
		perror(path);
		return 2;
	}
	e->data = malloc(cap);
	e->size = 0;
	while (e->data && (n = fread(e->data + e->size, 1, cap - e->size, f)) > 0) {
		e->size += n;
		if (e->size == cap)
			e->data = realloc(e->data, cap *= 2);
	}
	if (!e->data || ferror(f)) {
		fclose(f);
		return fail("cannot read %s%s", path, "");
	}
	fclose(f);
	return 0;
}

static int parse_header(const char *path, Elf *e)
{
	const unsigned char *d = e->data;
	if (e->size < 64 || memcmp(d, "\177ELF", 4) != 0 || d[4] != 2 || d[5] != 1)
		return fail("%s: not an ELF64 little-endian file%s", path, "");
	e->shoff = rd(d + 40, 8);
	e->shnum = (unsigned)rd(d + 60, 2);
	e->shstrndx = (unsigned)rd(d + 62, 2);
	if (rd(d + 58, 2) != 64 || e->shoff > e->size || (e->size - e->shoff) / 64 < e->shnum)
		return fail("%s: bad section header table%s", path, "");
	if (e->shstrndx >= e->shnum)
		return fail("%s: bad e_shstrndx%s", path, "");
	return 0;
}

static Shdr shdr(const Elf *e, unsigned i)
{
	const unsigned char *p = e->data + e->shoff + (uint64_t)i * 64;
	Shdr s;
	s.name = (uint32_t)rd(p, 4);
	s.type = (uint32_t)rd(p + 4, 4);
	s.flags = rd(p + 8, 8);
	s.offset = rd(p + 24, 8);
	s.size = rd(p + 32, 8);
	return s;
}

static int in_file(const Elf *e, const Shdr *s)
{
	return s->type == 8 /* NOBITS */ || (s->offset <= e->size && s->size <= e->size - s->offset);
}

/* Name of section I, or NULL when it does not lie inside the string table. */
static const char *sec_name(const Elf *e, unsigned i)
{
	Shdr str = shdr(e, e->shstrndx), s = shdr(e, i);
	const char *p;
	if (!in_file(e, &str) || s.name >= str.size)
		return NULL;
	p = (const char *)e->data + str.offset + s.name;
	return memchr(p, 0, str.size - s.name) ? p : NULL;
}

static int list(const Elf *e)
{
	unsigned i;
	for (i = 0; i < e->shnum; i++) {
		Shdr s = shdr(e, i);
		const char *n = sec_name(e, i);
		printf("%u %s 0x%lx 0x%llx %llu\n", i, n && *n ? n : "-", (unsigned long)s.type,
		       (unsigned long long)s.flags, (unsigned long long)s.size);
	}
	return 0;
}

static int dump(const char *path, const Elf *e, const char *want)
{
	unsigned i;
	for (i = 1; i < e->shnum; i++) {
		Shdr s = shdr(e, i);
		const char *n = sec_name(e, i);
		if (!n || strcmp(n, want) != 0)
			continue;
		if (!in_file(e, &s) || s.type == 8)
			return fail("%s: section %s has no data in the file", path, want);
		if (fwrite(e->data + s.offset, 1, s.size, stdout) != s.size || fflush(stdout) != 0)
			return 2;
		return 0;
	}
	return fail("%s: no section %s", path, want);
}

int main(int argc, char **argv)
{
	Elf e = {0};
	int listing = argc == 3 && strcmp(argv[1], "-l") == 0;
	const char *path = listing ? argv[2] : argv[1];
	int rc;
	if (argc != 3) {
		fprintf(stderr, "usage: %s FILE SECTION | %s -l FILE\n", prog, prog);
		return 2;
	}
	rc = load(path, &e);
	if (!rc)
		rc = parse_header(path, &e);
	if (!rc)
		rc = listing ? list(&e) : dump(path, &e, argv[2]);
	free(e.data);
	return rc;
}
