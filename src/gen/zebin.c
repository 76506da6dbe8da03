/* zebin.c - packs finished kernels into one zebin (ELF64 for Intel GT).
 *
 * Contract: zebin_write() builds the whole file in memory and then replaces
 * PATH atomically (PATH.tmpXXXXXX in the same directory, then rename).  On
 * failure the temporary file is removed, PATH is not touched, and *err gets a
 * malloc'd one-line message.  Kernel names must be distinct C identifiers.
 * The output depends only on the arguments, so equal input gives
 * byte-identical files.
 *
 * Layout (section index: contents):
 *   0: null;  1..n: .text.<kernel> (code, zero-padded to a 64-byte multiple,
 *   plus 128 zero bytes as IGC does);  n+1: .ze_info;  n+2:
 *   .note.intelgt.compat;  n+3: .symtab (one local FUNC symbol per kernel);
 *   n+4: .strtab (section and symbol names; also e_shstrndx).  With program
 *   data: its sections (.data.const, .data.const.string) after the texts, one
 *   global OBJECT symbol per section after the kernel symbols, and a
 *   .rel.text.<kernel> (REL, r_info = symbol << 32 | type) before .symtab for
 *   every kernel with relocations.
 * All fields are written little-endian byte by byte, independent of the host.
 */
#if !defined(_GNU_SOURCE) && !defined(_XOPEN_SOURCE)
#define _XOPEN_SOURCE 700
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gen.h"

enum {
	ET_REL_ = 1,            /* relocatable object */
	EM_INTELGT_ = 205,      /* Intel Graphics Technology */
	SHT_PROGBITS_ = 1,
	SHT_SYMTAB_ = 2,
	SHT_STRTAB_ = 3,
	SHT_NOTE_ = 7,
	SHT_REL_ = 9,
	SHF_ALLOC_ = 2,
	REL_SIZE = 16,
	ST_GLOBAL_OBJECT = 0x11, /* st_info: STB_GLOBAL << 4 | STT_OBJECT */
	SHF_ALLOC_EXEC = 6,     /* SHF_ALLOC | SHF_EXECINSTR */
	EHDR_SIZE = 64,
	SHDR_SIZE = 64,
	SYM_SIZE = 24,
	TEXT_ALIGN = 64,        /* .text payload granule */
	TEXT_TAIL = 128,        /* zero bytes after the padded code (IGC) */
	ST_LOCAL_FUNC = 0x02,   /* st_info: STB_LOCAL << 4 | STT_FUNC */
	MAX_KERNELS = 0x7f00,   /* 2n + 5 + data sections stays below SHN_LORESERVE */
};

#define SHT_ZEBIN_ZEINFO 0xff000011u
#define ZEBIN_VERSION "1.15"

/* IntelGT note types in .note.intelgt.compat */
enum { NT_PRODUCT_FAMILY = 1, NT_GFXCORE_FAMILY = 2, NT_TARGET_METADATA = 3, NT_ZEBIN_VERSION = 4 };

/* Target metadata: generatorId 0 (not IGC), no revision check. */
#define TARGET_METADATA 0u

/* One section while the file is being assembled. */
typedef struct Sec {
	uint32_t name;    /* offset of the name in .strtab */
	uint32_t type;    /* sh_type */
	uint64_t flags;   /* sh_flags */
	uint32_t link;    /* sh_link */
	uint32_t info;    /* sh_info */
	uint64_t align;   /* sh_addralign, also the file-offset alignment */
	uint64_t entsize; /* sh_entsize */
	Buf data;         /* contents */
	uint64_t offset;  /* file offset, set when laid out */
} Sec;

static void put8(Buf *b, unsigned v)
{
	unsigned char c = (unsigned char)v;
	buf_add(b, &c, 1);
}

static void put16(Buf *b, unsigned v)
{
	put8(b, v & 0xff);
	put8(b, (v >> 8) & 0xff);
}

static void put32(Buf *b, uint32_t v)
{
	put16(b, v & 0xffff);
	put16(b, v >> 16);
}

static void put64(Buf *b, uint64_t v)
{
	put32(b, (uint32_t)v);
	put32(b, (uint32_t)(v >> 32));
}

static void put_zeros(Buf *b, size_t n)
{
	static const unsigned char z[64];
	while (n > 0) {
		size_t k = n < sizeof z ? n : sizeof z;
		buf_add(b, z, k);
		n -= k;
	}
}

static void pad_to(Buf *b, uint64_t align)
{
	if (align > 1 && b->n % align)
		put_zeros(b, (size_t)(align - b->n % align));
}

static uint32_t add_string(Buf *strtab, const char *s)
{
	uint32_t off = (uint32_t)strtab->n;
	if (!*s)
		return 0;
	buf_add(strtab, s, strlen(s) + 1);
	return off;
}

static Sec *new_sec(Sec *secs, size_t *nsec, Buf *strtab, const char *name, uint32_t type)
{
	Sec *s = &secs[(*nsec)++];
	memset(s, 0, sizeof *s);
	s->name = add_string(strtab, name);
	s->type = type;
	s->align = 1;
	return s;
}

static void add_text(Sec *s, const ZeKernel *k)
{
	size_t padded = (k->code_size + TEXT_ALIGN - 1) / TEXT_ALIGN * TEXT_ALIGN;
	if (k->code_size)
		buf_add(&s->data, k->code, k->code_size);
	put_zeros(&s->data, padded - k->code_size + TEXT_TAIL);
	s->flags = SHF_ALLOC_EXEC;
	s->align = TEXT_ALIGN;
}

static void add_note(Buf *b, uint32_t type, const void *desc, uint32_t descsz)
{
	static const char owner[] = "IntelGT";
	put32(b, sizeof owner);
	put32(b, descsz);
	put32(b, type);
	buf_add(b, owner, sizeof owner);
	pad_to(b, 4);
	buf_add(b, desc, descsz);
	pad_to(b, 4);
}

static void add_note_u32(Buf *b, uint32_t type, uint32_t v)
{
	Buf d = {0};
	put32(&d, v);
	add_note(b, type, d.s, 4);
	buf_free(&d);
}

static void build_notes(Sec *s, const Platform *p)
{
	add_note_u32(&s->data, NT_PRODUCT_FAMILY, p->product_family);
	add_note_u32(&s->data, NT_GFXCORE_FAMILY, p->core_family);
	add_note_u32(&s->data, NT_TARGET_METADATA, TARGET_METADATA);
	add_note(&s->data, NT_ZEBIN_VERSION, ZEBIN_VERSION, sizeof ZEBIN_VERSION);
	s->align = 4;
}

static void put_sym(Buf *b, uint32_t name, unsigned info, unsigned shndx, uint64_t size)
{
	put32(b, name);
	put8(b, info);
	put8(b, 0);
	put16(b, shndx);
	put64(b, 0);
	put64(b, size);
}

/* Kernels first (local), then the data symbols (global) from index n + 1,
 * data section j at section index data_shndx + j. */
static void build_symtab(Sec *s, Buf *strtab, ZeKernel *const *ks, size_t n, const ZeData *data,
                         size_t ndata, unsigned data_shndx)
{
	size_t i;
	put_zeros(&s->data, SYM_SIZE);
	for (i = 0; i < n; i++)
		put_sym(&s->data, add_string(strtab, ks[i]->name), ST_LOCAL_FUNC,
			(unsigned)(i + 1), ks[i]->code_size);
	for (i = 0; i < ndata; i++)
		put_sym(&s->data, add_string(strtab, data[i].symbol), ST_GLOBAL_OBJECT,
		        data_shndx + (unsigned)i, data[i].size);
	s->info = (uint32_t)(n + 1);
	s->entsize = SYM_SIZE;
	s->align = 8;
}

/* r_info = symbol index << 32 | type; data symbol j is n + 1 + j
 * (check_kernels made sure every relocation names one) */
static void build_rel(Sec *s, const ZeKernel *k, size_t n, const ZeData *data, size_t ndata)
{
	size_t i, j;
	for (i = 0; i < k->relocs.n; i++) {
		for (j = 0; j < ndata && strcmp(data[j].symbol, k->relocs.v[i].symbol); j++)
			;
		put64(&s->data, k->relocs.v[i].offset);
		put64(&s->data, (uint64_t)(n + 1 + j) << 32 | (uint64_t)k->relocs.v[i].type);
	}
	s->entsize = REL_SIZE;
	s->align = 8;
}

static void put_ehdr(Buf *b, uint64_t shoff, unsigned shnum)
{
	static const unsigned char ident[16] = {
		0x7f, 'E', 'L', 'F', 2 /* ELFCLASS64 */, 1 /* LSB */, 1 /* EV_CURRENT */,
		0 /* SYSV */, 1 /* ABI version, as IGC */,
	};
	buf_add(b, ident, sizeof ident);
	put16(b, ET_REL_);
	put16(b, EM_INTELGT_);
	put32(b, 1);
	put64(b, 0);
	put64(b, 0);
	put64(b, shoff);
	put32(b, 0);
	put16(b, EHDR_SIZE);
	put16(b, 0);
	put16(b, 0);
	put16(b, SHDR_SIZE);
	put16(b, shnum);
	put16(b, shnum - 1);
}

static void put_shdr(Buf *b, const Sec *s)
{
	put32(b, s->name);
	put32(b, s->type);
	put64(b, s->flags);
	put64(b, 0);
	put64(b, s->offset);
	put64(b, s->data.n);
	put32(b, s->link);
	put32(b, s->info);
	put64(b, s->align);
	put64(b, s->entsize);
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return a > 1 ? (v + a - 1) / a * a : v;
}

/* Assigns file offsets after the ELF header; returns the section table offset. */
static uint64_t layout(Sec *secs, size_t nsec)
{
	uint64_t off = EHDR_SIZE;
	size_t i;
	for (i = 1; i < nsec; i++) {
		off = align_up(off, secs[i].align);
		secs[i].offset = off;
		off += secs[i].data.n;
	}
	return align_up(off, 8);
}

static void emit(Buf *out, Sec *secs, size_t nsec)
{
	uint64_t shoff = layout(secs, nsec);
	size_t i;
	put_ehdr(out, shoff, (unsigned)nsec);
	for (i = 1; i < nsec; i++) {
		put_zeros(out, (size_t)(secs[i].offset - out->n));
		if (secs[i].data.n)
			buf_add(out, secs[i].data.s, secs[i].data.n);
	}
	put_zeros(out, (size_t)(shoff - out->n));
	for (i = 0; i < nsec; i++)
		put_shdr(out, &secs[i]);
}

static int is_identifier(const char *s)
{
	if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')))
		return 0;
	for (; *s; s++)
		if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
		      (*s >= '0' && *s <= '9')))
			return 0;
	return 1;
}

static char *check_kernels(ZeKernel *const *ks, size_t n, const ZeData *data, size_t ndata)
{
	size_t i, j;
	for (i = 0; i < n; i++)
		for (j = 0; j < ks[i]->relocs.n; j++) {
			size_t d;
			for (d = 0; d < ndata && strcmp(data[d].symbol, ks[i]->relocs.v[j].symbol); d++)
				;
			if (d == ndata)
				return xasprintf("kernel %s relocates against '%s', which no data section defines",
				                 ks[i]->name, ks[i]->relocs.v[j].symbol);
		}
	if (n > MAX_KERNELS)
		return xasprintf("too many kernels (%zu) for one zebin", n);
	for (i = 0; i < n; i++) {
		if (!ks[i]->name || !*ks[i]->name)
			return xasprintf("kernel %zu has no name", i);
		if (!is_identifier(ks[i]->name))
			return xasprintf("kernel name '%s' is not an identifier; NEO cannot load it",
					 ks[i]->name);
		if (ks[i]->code_size && !ks[i]->code)
			return xasprintf("kernel %s has no code", ks[i]->name);
		for (j = 0; j < i; j++)
			if (strcmp(ks[i]->name, ks[j]->name) == 0)
				return xasprintf("two kernels are named %s", ks[i]->name);
		/* the runtime patches cross-thread data in whole values and the
		 * kernel reads them as dwords: a payload piece off its natural
		 * alignment (4 bytes from size 4 on) is a translator bug */
		for (j = 0; j < ks[i]->args.n; j++) {
			const ZeArg *a = &ks[i]->args.v[j];
			int al = a->size >= 4 ? 4 : a->size;
			if (a->size > 0 && a->offset % al)
				return xasprintf("kernel %s: payload argument %zu (%d bytes) at offset %d is not "
				                 "%d-byte aligned", ks[i]->name, j, a->size, a->offset, al);
		}
	}
	return NULL;
}

static void build(Buf *out, const Platform *p, ZeKernel *const *ks, size_t n, const ZeData *data,
                  size_t ndata)
{
	size_t nsec = 0, i, nrel = 0, symidx;
	Sec *secs = xcalloc(2 * n + 5 + ndata, sizeof *secs);
	Buf strtab = {0};
	Sec *zeinfo, *symtab, *strsec;
	unsigned data_shndx = 0;
	char *yaml;
	for (i = 0; i < n; i++)
		nrel += ks[i]->relocs.n > 0;
	put8(&strtab, 0);
	new_sec(secs, &nsec, &strtab, "", 0)->align = 0;
	for (i = 0; i < n; i++) {
		char *name = xasprintf(".text.%s", ks[i]->name);
		add_text(new_sec(secs, &nsec, &strtab, name, SHT_PROGBITS_), ks[i]);
		free(name);
	}
	for (i = 0; i < ndata; i++) {
		Sec *d = new_sec(secs, &nsec, &strtab, data[i].section, SHT_PROGBITS_);
		d->flags = SHF_ALLOC_;
		d->align = strcmp(data[i].section, ".data.const.string") ? 16 : 1;
		buf_add(&d->data, data[i].bytes, data[i].size);
		if (!i)
			data_shndx = (unsigned)(nsec - 1);
	}
	zeinfo = new_sec(secs, &nsec, &strtab, ".ze_info", SHT_ZEBIN_ZEINFO);
	yaml = zeinfo_yaml(ks, n);
	buf_puts(&zeinfo->data, yaml);
	free(yaml);
	build_notes(new_sec(secs, &nsec, &strtab, ".note.intelgt.compat", SHT_NOTE_), p);
	symidx = nsec + nrel;
	for (i = 0; i < n; i++) {
		char *name;
		Sec *r;
		if (!ks[i]->relocs.n)
			continue;
		name = xasprintf(".rel.text.%s", ks[i]->name);
		r = new_sec(secs, &nsec, &strtab, name, SHT_REL_);
		free(name);
		r->link = (uint32_t)symidx;
		r->info = (uint32_t)(i + 1);
		build_rel(r, ks[i], n, data, ndata);
	}
	symtab = new_sec(secs, &nsec, &strtab, ".symtab", SHT_SYMTAB_);
	strsec = new_sec(secs, &nsec, &strtab, ".strtab", SHT_STRTAB_);
	symtab->link = (uint32_t)(nsec - 1);
	build_symtab(symtab, &strtab, ks, n, data, ndata, data_shndx);
	strsec->data = strtab;
	emit(out, secs, nsec);
	for (i = 0; i < nsec; i++)
		buf_free(&secs[i].data);
	free(secs);
}

static int write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Writes DATA to a fresh temporary next to PATH and renames it over PATH. */
static int replace_file(const char *path, const char *data, size_t n, char **err)
{
	char *tmp = xasprintf("%s.tmpXXXXXX", path);
	mode_t mask;
	int fd = mkstemp(tmp);
	if (fd < 0) {
		*err = xasprintf("cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	mask = umask(0);
	umask(mask);
	if (fchmod(fd, 0666 & ~mask) < 0 || write_all(fd, data, n) < 0) {
		*err = xasprintf("cannot write %s: %s", tmp, strerror(errno));
		close(fd);
		goto fail;
	}
	if (close(fd) < 0) {
		*err = xasprintf("cannot write %s: %s", tmp, strerror(errno));
		goto fail;
	}
	if (rename(tmp, path) < 0) {
		*err = xasprintf("cannot rename %s to %s: %s", tmp, path, strerror(errno));
		goto fail;
	}
	free(tmp);
	return 0;
fail:
	unlink(tmp);
	free(tmp);
	return -1;
}

int zebin_write(const char *path, const Platform *p, ZeKernel *const *ks, size_t n, char **err)
{
	return zebin_write_data(path, p, ks, n, NULL, 0, err);
}

int zebin_write_data(const char *path, const Platform *p, ZeKernel *const *ks, size_t n,
                     const ZeData *data, size_t ndata, char **err)
{
	Buf out = {0};
	int rc;
	*err = check_kernels(ks, n, data, ndata);
	if (*err)
		return -1;
	build(&out, p, ks, n, data, ndata);
	rc = replace_file(path, out.s, out.n, err);
	buf_free(&out);
	return rc;
}
