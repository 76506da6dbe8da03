/* conform_inputs.c - translate --conform --inputs DIR: a launch read from a
 * manifest instead of generated.
 *
 * DIR/<kernel>/manifest.xml in the format --conform -o writes
 * (data/conform-manifest.xsd): the <ndrange> element (dim, global, local,
 * offset, printf_slot) and one <argument> per metadata argument (index,
 * kind, size, initial = a file of the argument's initial bytes, relative to
 * the manifest's folder).  Only those are read; the verdict, status and
 * final-byte attributes of a dump are ignored, so a dump replays its own
 * launch and a hand-made manifest (tests/ref writes them) gives a kernel the
 * operands a test chose.  Kinds taken: value, buffer, local, null; images
 * and samplers are refused (their descriptions are not in the manifest).
 * Every mismatch with the kernel's metadata is an error naming the
 * manifest, never a guess.
 */
#include "xmlrt.h"
#include <string.h>

#include "amdint.h"

static char *attr(xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s = v ? xstrdup((const char *)v) : NULL;
	xmlFree(v);
	return s;
}

/* "a b c" -> three numbers; 0 ok */
static int triple(const char *s, uint32_t out[3])
{
	unsigned long v[3];
	int used = 0;
	if (!s || sscanf(s, "%lu %lu %lu%n", &v[0], &v[1], &v[2], &used) != 3 || s[used])
		return -1;
	out[0] = (uint32_t)v[0], out[1] = (uint32_t)v[1], out[2] = (uint32_t)v[2];
	return 0;
}

/* exactly want bytes from path into *out; 0 ok */
static int file_bytes(const char *path, size_t want, uint8_t **out)
{
	size_t n = 0;
	char *b = read_file(path, &n);
	if (!b || n != want) {
		free(b);
		return -1;
	}
	*out = (uint8_t *)b;
	return 0;
}

static int ndrange(xmlNode *n, EmuLaunch *l, char **why)
{
	char *dim = attr(n, "dim"), *g = attr(n, "global"), *lo = attr(n, "local"), *off = attr(n, "offset"),
	     *slot = attr(n, "printf_slot");
	int d, rc = 0;
	l->range.dim = dim ? atoi(dim) : 0;
	if (l->range.dim < 1 || l->range.dim > 3 || triple(g, l->range.global) || triple(lo, l->range.local) ||
	    (off && triple(off, l->range.offset))) {
		*why = xstrdup("<ndrange> needs dim 1..3 and global/local (offset) as three numbers");
		rc = -1;
	}
	for (d = 0; !rc && d < 3; d++)
		if (!l->range.local[d] || l->range.global[d] % l->range.local[d] ||
		    (d >= l->range.dim && l->range.global[d] != 1)) {
			*why = xasprintf("<ndrange>: global size %u in dimension %d is not a multiple of the "
			                 "group size %u (or a dimension past dim is not 1)",
			                 l->range.global[d], d, l->range.local[d]);
			rc = -1;
		}
	if (slot)
		l->printf_slot = atoi(slot);
	free(dim), free(g), free(lo), free(off), free(slot);
	return rc;
}

/* one <argument> into l->args.v[index]; 0 ok */
static int argument(const Kernel *k, const char *dir, xmlNode *n, EmuLaunch *l, char *seen, char **why)
{
	char *idx = attr(n, "index"), *kind = attr(n, "kind"), *size = attr(n, "size"), *init = attr(n, "initial");
	long i = idx ? strtol(idx, NULL, 10) : -1;
	size_t sz = size ? (size_t)strtoull(size, NULL, 10) : 0;
	int rc = -1;
	EmuArg *e;
	const MdArg *m;
	if (i < 0 || (size_t)i >= k->md->args.n || seen[i]) {
		*why = xasprintf("<argument index=\"%s\">: not an argument of the kernel, or given twice",
		                 idx ? idx : "");
		goto out;
	}
	seen[i] = 1;
	e = &l->args.v[i];
	m = &k->md->args.v[i];
	if (!kind || (strcmp(kind, "value") && strcmp(kind, "buffer") && strcmp(kind, "local") &&
	              strcmp(kind, "null"))) {
		*why = xasprintf("argument %ld '%s': kind '%s' is not taken from a manifest (value, buffer, "
		                 "local, null)", i, m->name, kind ? kind : "");
		goto out;
	}
	e->kind = !strcmp(kind, "value") ? EA_VALUE : !strcmp(kind, "buffer") ? EA_BUFFER :
	          !strcmp(kind, "local") ? EA_LOCAL : EA_NULL;
	if ((e->kind == EA_VALUE) != (m->kind == MA_VALUE) || m->kind == MA_IMAGE || m->kind == MA_SAMPLER ||
	    (e->kind == EA_LOCAL) != (m->kind == MA_POINTER && m->mem && !strcmp(m->mem, "hl"))) {
		*why = xasprintf("argument %ld '%s': kind '%s' does not fit the metadata's argument", i, m->name,
		                 kind);
		goto out;
	}
	e->size = sz;
	if (e->kind == EA_VALUE || e->kind == EA_BUFFER) {
		char *p;
		if (!init) {
			*why = xasprintf("argument %ld '%s': no initial bytes file", i, m->name);
			goto out;
		}
		p = xasprintf("%s/%s", dir, init);
		if (file_bytes(p, sz, &e->bytes)) {
			*why = xasprintf("argument %ld '%s': cannot read %zu bytes (exactly) from %s", i, m->name, sz, p);
			free(p);
			goto out;
		}
		free(p);
	}
	rc = 0;
out:
	free(idx), free(kind), free(size), free(init);
	return rc;
}

int conform_read_inputs(const Kernel *k, const char *input, const char *inputs, EmuLaunch *l, char **why)
{
	char *ks = kernel_out_stem(input, k->name);
	char *dir = xasprintf("%s/%s", inputs, ks), *path = xasprintf("%s/manifest.xml", dir);
	char *seen = xcalloc(k->md->args.n + 1, 1);
	xmlDoc *doc;
	xmlNode *root, *n;
	int rc = 0, have_range = 0;
	size_t i;
	memset(l, 0, sizeof *l);
	l->printf_slot = PF_SLOT_DWORDS;
	for (i = 0; i < k->md->args.n; i++) {
		EmuArg e;
		memset(&e, 0, sizeof e);
		vec_push(&l->args, e);
	}
	doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
	root = doc ? xmlDocGetRootElement(doc) : NULL;
	if (!root || strcmp((const char *)root->name, "conformance")) {
		*why = xasprintf("--inputs: cannot read %s (a <conformance> manifest)", path);
		rc = -1;
	}
	for (n = root ? root->children : NULL; !rc && n; n = n->next) {
		if (n->type != XML_ELEMENT_NODE)
			continue;
		if (!strcmp((const char *)n->name, "ndrange")) {
			rc = ndrange(n, l, why);
			have_range = 1;
		} else if (!strcmp((const char *)n->name, "argument")) {
			rc = argument(k, dir, n, l, seen, why);
		}
	}
	if (!rc && !have_range) {
		*why = xstrdup("no <ndrange>");
		rc = -1;
	}
	for (i = 0; !rc && i < k->md->args.n; i++)
		if (!seen[i]) {
			*why = xasprintf("argument %zu '%s' is not in the manifest", i, k->md->args.v[i].name);
			rc = -1;
		}
	if (rc && *why && strncmp(*why, "--inputs", 8)) {
		char *w = xasprintf("--inputs: %s: %s", path, *why);
		free(*why);
		*why = w;
	}
	if (doc)
		xmlFreeDoc(doc);
	free(seen);
	free(path);
	free(dir);
	free(ks);
	return rc;
}
