/* manifest.c - see manifest.h. */
#define _GNU_SOURCE
#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "manifest.h"

/* ---- SHA-256 (FIPS 180-4, section 6.2) ------------------------------------ */
typedef struct Sha256 {
	uint32_t h[8];
	uint8_t block[64];
	size_t fill;
	uint64_t bits;
} Sha256;

static const uint32_t sha_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void sha_compress(Sha256 *s, const uint8_t *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, h;
	int t;
	for (t = 0; t < 16; t++)
		w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 |
		       p[4 * t + 3];
	for (t = 16; t < 64; t++) {
		uint32_t s0 = ROR(w[t - 15], 7) ^ ROR(w[t - 15], 18) ^ (w[t - 15] >> 3);
		uint32_t s1 = ROR(w[t - 2], 17) ^ ROR(w[t - 2], 19) ^ (w[t - 2] >> 10);
		w[t] = w[t - 16] + s0 + w[t - 7] + s1;
	}
	a = s->h[0], b = s->h[1], c = s->h[2], d = s->h[3];
	e = s->h[4], f = s->h[5], g = s->h[6], h = s->h[7];
	for (t = 0; t < 64; t++) {
		uint32_t t1 = h + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + sha_k[t] + w[t];
		uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		h = g, g = f, f = e, e = d + t1;
		d = c, c = b, b = a, a = t1 + t2;
	}
	s->h[0] += a, s->h[1] += b, s->h[2] += c, s->h[3] += d;
	s->h[4] += e, s->h[5] += f, s->h[6] += g, s->h[7] += h;
}

static void sha_init(Sha256 *s)
{
	static const uint32_t h0[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	                               0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
	memcpy(s->h, h0, sizeof h0);
	s->fill = 0;
	s->bits = 0;
}

static void sha_add(Sha256 *s, const void *data, size_t n)
{
	const uint8_t *p = data;
	s->bits += (uint64_t)n * 8;
	while (n > 0) {
		size_t k = 64 - s->fill < n ? 64 - s->fill : n;
		if (s->fill == 0 && n >= 64) {
			sha_compress(s, p);
			p += 64, n -= 64;
			continue;
		}
		memcpy(s->block + s->fill, p, k);
		s->fill += k, p += k, n -= k;
		if (s->fill == 64) {
			sha_compress(s, s->block);
			s->fill = 0;
		}
	}
}

static void sha_end(Sha256 *s, char hex[65])
{
	uint64_t bits = s->bits;
	uint8_t pad = 0x80, len[8];
	int i;
	sha_add(s, &pad, 1);
	pad = 0;
	while (s->fill != 56)
		sha_add(s, &pad, 1);
	for (i = 0; i < 8; i++)
		len[i] = (uint8_t)(bits >> (56 - 8 * i));
	sha_add(s, len, 8);
	for (i = 0; i < 32; i++)
		sprintf(hex + 2 * i, "%02x", (unsigned)(s->h[i / 4] >> (24 - 8 * (i % 4))) & 0xff);
	hex[64] = 0;
}

void sha256_hex(const void *data, size_t n, char hex[65])
{
	Sha256 s;
	sha_init(&s);
	sha_add(&s, data, n);
	sha_end(&s, hex);
}

static int sha_add_file(Sha256 *s, const char *path)
{
	uint8_t buf[65536];
	size_t k;
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	while ((k = fread(buf, 1, sizeof buf, f)) > 0)
		sha_add(s, buf, k);
	if (ferror(f)) {
		int e = errno;
		fclose(f);
		errno = e;
		return -1;
	}
	fclose(f);
	return 0;
}

int sha256_file(const char *path, char hex[65])
{
	Sha256 s;
	sha_init(&s);
	if (sha_add_file(&s, path))
		return -1;
	sha_end(&s, hex);
	return 0;
}

/* ---- identities -------------------------------------------------------------- */
char *finalizer_locate(const char *genx_ir)
{
	const char *path = getenv("PATH");
	char *cand;
	if (!genx_ir || !*genx_ir)
		return NULL;
	if (strchr(genx_ir, '/')) {
		char *r = realpath(genx_ir, NULL);
		return r && access(r, X_OK) == 0 ? r : (free(r), NULL);
	}
	for (path = path ? path : "/usr/bin:/bin"; path;) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		struct stat st;
		cand = xasprintf("%.*s/%s", (int)n, n ? path : ".", genx_ir);
		if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0) {
			char *r = realpath(cand, NULL);
			free(cand);
			return r;
		}
		free(cand);
		path = colon ? colon + 1 : NULL;
	}
	return NULL;
}

/* The GNU build-id of an ELF64 little-endian file (ld's hash of its contents,
 * in a PT_NOTE segment) as hex; 0 ok, -1 when it has none or is no such
 * file.  A few kilobytes read, where hashing the file would read it all. */
static int build_id(const char *path, char *hex, size_t cap)
{
	FILE *f = fopen(path, "rb");
	Elf64_Ehdr eh;
	int found = -1, i;
	if (!f)
		return -1;
	if (fread(&eh, sizeof eh, 1, f) != 1 || memcmp(eh.e_ident, ELFMAG, SELFMAG) ||
	    eh.e_ident[EI_CLASS] != ELFCLASS64 || eh.e_ident[EI_DATA] != ELFDATA2LSB ||
	    eh.e_phentsize != sizeof(Elf64_Phdr) || eh.e_phnum > 256)
		goto out;
	for (i = 0; i < eh.e_phnum && found; i++) {
		Elf64_Phdr ph;
		uint8_t *note;
		size_t at = 0;
		if (fseek(f, (long)(eh.e_phoff + (uint64_t)i * sizeof ph), SEEK_SET) || fread(&ph, sizeof ph, 1, f) != 1)
			break;
		if (ph.p_type != PT_NOTE || ph.p_filesz > 65536 || ph.p_filesz < sizeof(Elf64_Nhdr))
			continue;
		note = xmalloc(ph.p_filesz);
		if (fseek(f, (long)ph.p_offset, SEEK_SET) || fread(note, ph.p_filesz, 1, f) != 1) {
			free(note);
			break;
		}
		while (found && at + sizeof(Elf64_Nhdr) <= ph.p_filesz) {
			Elf64_Nhdr nh;
			size_t name, desc, k;
			memcpy(&nh, note + at, sizeof nh);
			name = at + sizeof nh;
			desc = name + ((nh.n_namesz + 3u) & ~3u);
			if (desc > ph.p_filesz || nh.n_descsz > ph.p_filesz - desc)
				break;
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 && !memcmp(note + name, "GNU", 4) &&
			    nh.n_descsz >= 8 && nh.n_descsz * 2 < cap) {
				for (k = 0; k < nh.n_descsz; k++)
					sprintf(hex + 2 * k, "%02x", note[desc + k]);
				found = 0;
			}
			at = desc + ((nh.n_descsz + 3u) & ~3u);
		}
		free(note);
	}
out:
	fclose(f);
	return found;
}

/* A program's identity: "build-id:<hex>" when it has one, else the SHA-256
 * of its contents ("sha256:<hex>"), else NULL. */
static char *program_identity(const char *path)
{
	char hex[129];
	if (build_id(path, hex, sizeof hex) == 0)
		return xasprintf("build-id:%s", hex);
	if (sha256_file(path, hex) == 0)
		return xasprintf("sha256:%s", hex);
	return NULL;
}

/* Standard output of argv (no shell, stderr discarded), trimmed; NULL when
 * it cannot run or exits non-zero. */
static char *capture(char *const *argv)
{
	int fd[2], st;
	pid_t pid;
	Buf b = {0};
	char buf[512];
	ssize_t k;
	if (pipe(fd) != 0)
		return NULL;
	fflush(stdout);
	if ((pid = fork()) < 0) {
		close(fd[0]), close(fd[1]);
		return NULL;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDWR);
		dup2(fd[1], 1);
		if (null >= 0)
			dup2(null, 0), dup2(null, 2);
		close(fd[0]);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fd[1]);
	while ((k = read(fd[0], buf, sizeof buf)) > 0 || (k < 0 && errno == EINTR))
		if (k > 0 && b.n < 4096)
			buf_add(&b, buf, (size_t)k);
	close(fd[0]);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || !b.s) {
		buf_free(&b);
		return NULL;
	}
	while (b.n > 0 && (b.s[b.n - 1] == '\n' || b.s[b.n - 1] == ' '))
		b.s[--b.n] = 0;
	return b.s;
}

/* "package version" of the Debian package that installed path, or NULL. */
static char *dpkg_version(const char *path)
{
	char *owner, *colon, *ver, *pkg, *res = NULL;
	char *q1[] = {"dpkg-query", "-S", (char *)path, NULL};
	if (!(owner = capture(q1)))
		return NULL;
	/* "libigc-tools: /usr/bin/GenX_IR" (one line for one owner) */
	colon = strstr(owner, ": ");
	if (colon && !strchr(owner, '\n') && !memchr(owner, ',', (size_t)(colon - owner))) {
		pkg = xstrndup(owner, (size_t)(colon - owner));
		{
			char *q2[] = {"dpkg-query", "-W", "-f=${Version}", pkg, NULL};
			if ((ver = capture(q2)) && *ver)
				res = xasprintf("%s %s", pkg, ver);
			free(ver);
		}
		free(pkg);
	}
	free(owner);
	return res;
}

char *finalizer_describe(const char *genx_ir)
{
	char *path = finalizer_locate(genx_ir), hex[65], id[129], *pkg, *s;
	if (!path)
		return xasprintf("finalizer: %s not found (install libigc-tools, or set GENX_IR)", genx_ir);
	if (sha256_file(path, hex)) {
		s = xasprintf("finalizer: %s (cannot read it: %s)", path, strerror(errno));
		free(path);
		return s;
	}
	pkg = dpkg_version(path);
	if (build_id(path, id, sizeof id))
		id[0] = 0;
	s = xasprintf("finalizer: %s%s%s%s, %s%s%ssha256 %s", path, pkg ? " (Debian package " : "", pkg ? pkg : "",
	              pkg ? ")" : "", id[0] ? "build-id " : "", id, id[0] ? ", " : "", hex);
	free(pkg);
	free(path);
	return s;
}

void manifest_run_init(ManifestRun *r, char *options, const char *genx_ir, const char *datadir,
                       const char *tables_sha, const char *version)
{
	char *path = finalizer_locate(genx_ir), *self, tables[65] = "unknown";
	static const char *const tbl[] = {"platforms.xml", "cb0.xml"};
	Sha256 s;
	size_t i;
	int ok = 1;
	memset(r, 0, sizeof *r);
	r->options = options;
	r->finalizer = path ? program_identity(path) : NULL;
	if (!r->finalizer)
		r->finalizer = xasprintf("missing:%s", genx_ir);
	free(path);
	self = program_identity("/proc/self/exe");
	sha_init(&s);
	for (i = 0; i < NELEM(tbl) && ok && !tables_sha; i++) {
		char *p = xasprintf("%s/%s", datadir, tbl[i]);
		ok = sha_add_file(&s, p) == 0;
		free(p);
	}
	if (tables_sha)
		snprintf(tables, sizeof tables, "%s", tables_sha);
	else if (ok)
		sha_end(&s, tables);
	r->translator = xasprintf("%s %s tables sha256:%s", version, self ? self : "unknown", tables);
	free(self);
}

static void cache_free(void);

void manifest_run_free(ManifestRun *r)
{
	cache_free();
	free(r->options);
	free(r->finalizer);
	free(r->translator);
	memset(r, 0, sizeof *r);
}

const char *manifest_host(void)
{
	static char host[256];
	size_t i;
	if (!host[0]) {
		if (gethostname(host, sizeof host - 1) != 0 || !host[0])
			strcpy(host, "localhost");
		for (i = 0; host[i]; i++)
			if (host[i] == '/' || host[i] <= ' ')
				host[i] = '_';
	}
	return host;
}

/* ---- the manifest file -------------------------------------------------------
 *   translate-manifest 1
 *   input /abs/path/of/input.il
 *   	sha256 <hex>
 *   	options <text>
 *   	finalizer <identity>
 *   	translator <identity>
 *   	output <name>          (one line per file, sorted)
 *   removed /abs/path/of/failed.il
 * A journal: manifest_record appends one block per input (under the lock,
 * one write), so a batch of n inputs costs O(n), not the O(n^2) of
 * rewriting the whole file per input.  A reader applies the blocks in
 * order: a block replaces the input's earlier one and drops every earlier
 * block that names one of its outputs (that file now holds another input's
 * translation); "removed" drops the input's earlier block.
 * manifest_compact rewrites the file as its surviving blocks sorted by
 * input (what the batch leaves, the same for every -j and every order of
 * completion).  Lines a reader does not know are ignored; a block missing a
 * field never matches. */
#define MANIFEST_HEAD "translate-manifest 1\n"

typedef struct Entry {
	char *input, *sha, *options, *finalizer, *translator;
	StrVec outputs;
	int removed; /* a "removed" line, not a block */
} Entry;
typedef VEC(Entry) EntryVec;

static void entry_free(Entry *e)
{
	size_t i;
	free(e->input), free(e->sha), free(e->options), free(e->finalizer), free(e->translator);
	for (i = 0; i < e->outputs.n; i++)
		free(e->outputs.v[i]);
	vec_free(&e->outputs);
}

static void entries_free(EntryVec *v)
{
	size_t i;
	for (i = 0; i < v->n; i++)
		entry_free(&v->v[i]);
	vec_free(v);
}

static int cmp_entry(const void *a, const void *b)
{
	return strcmp(((const Entry *)a)->input, ((const Entry *)b)->input);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The journal's blocks in file order -> the surviving entries, sorted by
 * input.  Backwards: a block survives when no later block or removal names
 * its input and no later block names one of its outputs. */
static void replay(EntryVec *blocks, EntryVec *out)
{
	StrSet inputs = {0}, outputs = {0};
	size_t i, k;
	for (i = blocks->n; i-- > 0;) {
		Entry *e = &blocks->v[i];
		int dead = strset_has(&inputs, e->input);
		for (k = 0; !e->removed && k < e->outputs.n; k++)
			dead |= strset_has(&outputs, e->outputs.v[k]);
		strset_add(&inputs, e->input);
		for (k = 0; !e->removed && k < e->outputs.n; k++)
			strset_add(&outputs, e->outputs.v[k]);
		e->removed |= dead;
	}
	strset_free(&inputs);
	strset_free(&outputs);
	for (i = 0; i < blocks->n; i++) {
		if (blocks->v[i].removed) {
			entry_free(&blocks->v[i]);
			continue;
		}
		qsort(blocks->v[i].outputs.v, blocks->v[i].outputs.n, sizeof(char *), cmp_str);
		vec_push(out, blocks->v[i]);
	}
	vec_free(blocks);
	if (out->n)
		qsort(out->v, out->n, sizeof *out->v, cmp_entry);
}

static void parse(const char *text, EntryVec *out)
{
	const char *p = text;
	EntryVec blocks = {0};
	Entry *cur = NULL;
	if (strncmp(p, MANIFEST_HEAD, strlen(MANIFEST_HEAD)))
		return; /* another format: start afresh */
	p += strlen(MANIFEST_HEAD);
	while (*p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = xstrndup(p, n), *v;
		p += n + (nl != NULL);
		if (!strncmp(line, "input ", 6) || !strncmp(line, "removed ", 8)) {
			Entry e = {0};
			e.removed = line[0] == 'r';
			e.input = xstrdup(line + (e.removed ? 8 : 6));
			vec_push(&blocks, e);
			cur = e.removed ? NULL : &blocks.v[blocks.n - 1];
		} else if (cur && line[0] == '\t' && (v = strchr(line + 1, ' '))) {
			char **field = NULL;
			*v++ = 0;
			if (!strcmp(line + 1, "sha256"))
				field = &cur->sha;
			else if (!strcmp(line + 1, "options"))
				field = &cur->options;
			else if (!strcmp(line + 1, "finalizer"))
				field = &cur->finalizer;
			else if (!strcmp(line + 1, "translator"))
				field = &cur->translator;
			else if (!strcmp(line + 1, "output"))
				vec_push(&cur->outputs, xstrdup(v));
			if (field) {
				free(*field);
				*field = xstrdup(v);
			}
		}
		free(line);
	}
	replay(&blocks, out);
}

static char *manifest_path(const char *dir)
{
	return xasprintf("%s/%s", dir, MANIFEST_NAME);
}

/* the surviving entries, sorted by input; *raw (when asked) the file's text */
static void load(const char *dir, EntryVec *out, char **raw)
{
	char *p = manifest_path(dir), *text;
	size_t n;
	if ((text = read_file(p, &n)) && !memchr(text, 0, n))
		parse(text, out);
	if (raw)
		*raw = text;
	else
		free(text);
	free(p);
}

/* One folder's manifest, read once per process by manifest_up_to_date. */
static char *cached_dir;
static EntryVec cached;

/* the folder manifest manifest_up_to_date keeps between calls */
static void cache_free(void)
{
	free(cached_dir);
	cached_dir = NULL;
	entries_free(&cached);
}

static const Entry *find(const EntryVec *v, const char *input)
{
	Entry key;
	memset(&key, 0, sizeof key);
	key.input = (char *)input;
	return v->n ? bsearch(&key, v->v, v->n, sizeof *v->v, cmp_entry) : NULL;
}

static int same(const char *a, const char *b)
{
	return a && b && !strcmp(a, b);
}

static int newer_or_same(const struct stat *a, const struct stat *b)
{
	return a->st_mtim.tv_sec > b->st_mtim.tv_sec ||
	       (a->st_mtim.tv_sec == b->st_mtim.tv_sec && a->st_mtim.tv_nsec >= b->st_mtim.tv_nsec);
}

int manifest_up_to_date(const ManifestRun *r, const char *dir, const char *input)
{
	char *key = realpath(input, NULL), hex[65];
	const Entry *e;
	struct stat in, st;
	size_t i;
	int ok = 0;
	if (r->force || !key)
		goto out;
	if (!cached_dir || strcmp(cached_dir, dir)) {
		free(cached_dir);
		entries_free(&cached);
		cached_dir = xstrdup(dir);
		load(dir, &cached, NULL);
	}
	e = find(&cached, key);
	if (!e || !e->outputs.n || !same(e->options, r->options) || !same(e->finalizer, r->finalizer) ||
	    !same(e->translator, r->translator) || stat(input, &in) != 0)
		goto out;
	for (i = 0; i < e->outputs.n; i++) {
		char *p = xasprintf("%s/%s", dir, e->outputs.v[i]);
		int good = stat(p, &st) == 0 && S_ISREG(st.st_mode) && newer_or_same(&st, &in);
		free(p);
		if (!good)
			goto out;
	}
	ok = sha256_file(input, hex) == 0 && same(e->sha, hex);
out:
	free(key);
	return ok;
}

static void render_entry(Buf *b, const Entry *e)
{
	size_t k;
	if (e->removed) {
		buf_printf(b, "removed %s\n", e->input);
		return;
	}
	buf_printf(b, "input %s\n\tsha256 %s\n\toptions %s\n\tfinalizer %s\n\ttranslator %s\n", e->input,
	           e->sha ? e->sha : "-", e->options ? e->options : "-", e->finalizer ? e->finalizer : "-",
	           e->translator ? e->translator : "-");
	for (k = 0; k < e->outputs.n; k++)
		buf_printf(b, "\toutput %s\n", e->outputs.v[k]);
}

static int plain_line(const char *s)
{
	return !strpbrk(s, "\n\r");
}

/* Locks dir's manifest (signals held until unlock_manifest): the lock's
 * descriptor, or -1 after a diagnostic. */
static int lock_manifest(const char *dir, sigset_t *old)
{
	sigset_t block;
	char *lock = xasprintf("%s/%s.lock", dir, MANIFEST_NAME);
	int fd;
	/* no signal between writing and renaming / appending */
	sigemptyset(&block);
	sigaddset(&block, SIGINT), sigaddset(&block, SIGTERM), sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, old);
	fd = open(lock, O_RDWR | O_CREAT | O_CLOEXEC, 0666);
	if (fd < 0 || flock(fd, LOCK_EX) != 0) {
		diag_plain("cannot lock %s: %s", lock, strerror(errno));
		if (fd >= 0)
			close(fd);
		sigprocmask(SIG_SETMASK, old, NULL);
		fd = -1;
	}
	free(lock);
	return fd;
}

static void unlock_manifest(int fd, const sigset_t *old)
{
	close(fd); /* releases the lock */
	sigprocmask(SIG_SETMASK, old, NULL);
}

int manifest_record(const ManifestRun *r, const char *dir, const char *input, const char *input_sha,
                    const StrVec *outputs)
{
	char *key = realpath(input, NULL), *path;
	Entry e;
	Buf b = {0};
	size_t i;
	int fd, lk, bad = 0;
	struct stat st;
	sigset_t old;
	if (!key)
		return 0; /* the input is gone; nothing to record */
	if (!plain_line(key) || (outputs && !input_sha)) {
		free(key);
		return 0; /* a name the line format cannot hold: this input is never skipped */
	}
	for (i = 0; outputs && i < outputs->n; i++)
		if (!plain_line(outputs->v[i])) {
			free(key);
			return 0;
		}
	path = manifest_path(dir);
	if (!outputs && stat(path, &st) != 0) {
		free(key), free(path);
		return 0; /* nothing to remove, and no lock file in a folder without a manifest */
	}
	memset(&e, 0, sizeof e);
	e.input = key;
	e.removed = !outputs;
	if (outputs) {
		e.sha = (char *)input_sha;
		e.options = r->options, e.finalizer = r->finalizer, e.translator = r->translator;
		e.outputs = *outputs;
		e.outputs.v = xmalloc((outputs->n + 1) * sizeof(char *));
		memcpy(e.outputs.v, outputs->v, outputs->n * sizeof(char *));
		qsort(e.outputs.v, e.outputs.n, sizeof(char *), cmp_str);
	}
	if ((lk = lock_manifest(dir, &old)) < 0) {
		bad = 1;
	} else {
		/* the header when the file is new, then the block: one append */
		fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0666);
		if (fd >= 0 && fstat(fd, &st) == 0 && st.st_size == 0)
			buf_puts(&b, MANIFEST_HEAD);
		render_entry(&b, &e);
		if (fd < 0 || write(fd, b.s, b.n) != (ssize_t)b.n || close(fd) != 0) {
			diag_plain("cannot write %s: %s", path, strerror(errno));
			bad = 1;
		}
		unlock_manifest(lk, &old);
	}
	free(e.outputs.v);
	buf_free(&b);
	free(key), free(path);
	return bad;
}

int manifest_compact(const char *dir)
{
	char *path = manifest_path(dir), *tmp, *raw = NULL;
	EntryVec v = {0};
	Buf b = {0};
	size_t i;
	int lk, bad = 0;
	sigset_t old;
	struct stat st;
	if (stat(path, &st) != 0) {
		free(path);
		return 0;
	}
	tmp = xasprintf("%s/%s.%s.%ld.tmp", dir, MANIFEST_NAME, manifest_host(), (long)getpid());
	if ((lk = lock_manifest(dir, &old)) < 0) {
		bad = 1;
		goto out;
	}
	load(dir, &v, &raw);
	buf_puts(&b, MANIFEST_HEAD);
	for (i = 0; i < v.n; i++)
		render_entry(&b, &v.v[i]);
	if (!raw || strlen(raw) != b.n || memcmp(raw, b.s, b.n)) {
		FILE *f;
		if (!(f = fopen(tmp, "wb")) || fwrite(b.s, 1, b.n, f) != b.n || fclose(f) != 0 ||
		    rename(tmp, path) != 0) {
			diag_plain("cannot write %s: %s", path, strerror(errno));
			unlink(tmp);
			bad = 1;
		}
	}
	unlock_manifest(lk, &old);
out:
	free(raw);
	buf_free(&b);
	entries_free(&v);
	free(path), free(tmp);
	return bad;
}

/* The pid of a temporary ".<name>.<host>.<pid>.tmp" of this host, else 0. */
static long stale_pid(const char *name)
{
	const char *host = manifest_host();
	size_t n = strlen(name), h = strlen(host), d, hs;
	long pid = 0;
	if (name[0] != '.' || n < 4 || strcmp(name + n - 4, ".tmp"))
		return 0;
	for (d = n - 4; d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9'; d--)
		;
	/* digits name[d .. n-4), host name[hs .. d-1), '.' before each, <name> >= 1 char */
	if (d == n - 4 || n - 4 - d > 9 || d < h + 4)
		return 0;
	hs = d - 1 - h;
	if (name[d - 1] != '.' || name[hs - 1] != '.' || memcmp(name + hs, host, h))
		return 0;
	for (; d < n - 4; d++)
		pid = pid * 10 + (name[d] - '0');
	return pid;
}

void manifest_clean_stale(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d))) {
		long pid = stale_pid(e->d_name);
		if (pid > 0 && pid != (long)getpid() && kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
			char *p = xasprintf("%s/%s", dir, e->d_name);
			unlink(p);
			free(p);
		}
	}
	closedir(d);
}
