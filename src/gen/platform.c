/* platform.c - the device table, data/platforms.xml, read with libxml2 (or
 * its compiled-in copy, src/tables.h). */
#include <stdlib.h>
#include <string.h>

#include "xmlrt.h"

#include "gen.h"

static VEC(Platform) plats;

static char *attr(xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s;
	if (!v)
		return NULL;
	s = xstrdup((const char *)v);
	xmlFree(v);
	return s;
}

/* simd="8 16 32": a non-empty list of distinct widths; -1 on error */
static int simd_list(xmlNode *n, const char *file, int *mask)
{
	char *s = attr(n, "simd"), *p, *end;
	Loc l = {file, (int)xmlGetLineNo(n), 1};
	*mask = 0;
	if (!s) {
		diag_error(l, "<%s> lacks attribute 'simd'", (const char *)n->name);
		return -1;
	}
	for (p = s; *p; p = end) {
		long w = strtol(p, &end, 10);
		if (end == p || (w != 8 && w != 16 && w != 32) || (*mask & w) ||
		    (*end && *end != ' ')) {
			diag_error(l, "attribute simd=\"%s\" is not a list of distinct widths 8, 16, 32", s);
			free(s);
			return -1;
		}
		*mask |= (int)w;
		while (*end == ' ')
			end++;
	}
	free(s);
	if (!*mask) {
		diag_error(l, "attribute simd is empty");
		return -1;
	}
	return 0;
}

static int num(xmlNode *n, const char *name, const char *file, long *out)
{
	char *s = attr(n, name), *end;
	Loc l = {file, (int)xmlGetLineNo(n), 1};
	if (!s) {
		diag_error(l, "<%s> lacks attribute '%s'", (const char *)n->name, name);
		return -1;
	}
	*out = strtol(s, &end, 0);
	if (*end || !*s) {
		diag_error(l, "attribute %s=\"%s\" is not a number", name, s);
		free(s);
		return -1;
	}
	free(s);
	return 0;
}

/* The strings a table entry owns. */
static void platform_strings_free(Platform *p)
{
	free((char *)p->name);
	free((char *)p->genx);
	free((char *)p->description);
	free((char *)p->missing);
}

void platforms_free(void)
{
	size_t i;
	for (i = 0; i < plats.n; i++)
		platform_strings_free(&plats.v[i]);
	vec_free(&plats);
}

int platforms_load(const char *datadir)
{
	char *path = xasprintf("%s/platforms.xml", datadir);
	const char *file = intern(path);
	xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
	xmlNode *n;
	int bad = 0;
	free(path);
	if (!doc) {
		diag_plain("cannot read the platform table %s", file);
		return -1;
	}
	platforms_free();
	for (n = xmlDocGetRootElement(doc)->children; n; n = n->next) {
		Platform p = {0};
		long v[16];
		static const char *const keys[] = {"product_family", "core_family", "grf_bytes",
			"grf_count", "default_simd", "max_msg_lanes", "fp64", "int64", "int_divide",
			"lsc", "legacy_dataport", "thread_prolog", "inline_data", "sampler", "supported"};
		size_t i;
		if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "platform"))
			continue;
		for (i = 0; i < NELEM(keys); i++)
			if (num(n, keys[i], file, &v[i]))
				bad = 1;
		if (simd_list(n, file, &p.simd_mask))
			bad = 1;
		p.name = attr(n, "name");
		p.genx = attr(n, "genx");
		p.description = attr(n, "description");
		p.missing = attr(n, "missing");
		if (!p.name || !p.genx || !p.description || bad) {
			Loc l = {file, (int)xmlGetLineNo(n), 1};
			diag_error(l, "incomplete <platform> entry");
			platform_strings_free(&p);
			bad = 1;
			break;
		}
		p.product_family = (uint32_t)v[0];
		p.core_family = (uint32_t)v[1];
		p.grf_bytes = (int)v[2];
		p.grf_count = (int)v[3];
		p.default_simd = (int)v[4];
		p.max_msg_lanes = (int)v[5];
		p.fp64 = (int)v[6];
		p.int64 = (int)v[7];
		p.int_divide = (int)v[8];
		p.lsc = (int)v[9];
		p.legacy_dataport = (int)v[10];
		p.thread_prolog = (int)v[11];
		p.inline_data = (int)v[12];
		p.sampler = (int)v[13];
		p.supported = (int)v[14];
		if (!(p.simd_mask & p.default_simd) || (!p.lsc && !p.legacy_dataport) ||
		    (p.inline_data && !p.thread_prolog)) {
			Loc l = {file, (int)xmlGetLineNo(n), 1};
			diag_error(l, "<platform name=\"%s\">: default_simd not in simd, no message family, "
			           "or inline_data without thread_prolog", p.name);
			platform_strings_free(&p);
			bad = 1;
			break;
		}
		vec_push(&plats, p);
	}
	xmlFreeDoc(doc);
	return bad ? -1 : 0;
}

/* The table from entries already checked (the compiled-in copy, tables.h). */
void platforms_set(const Platform *v, size_t n)
{
	size_t i;
	platforms_free();
	for (i = 0; i < n; i++) {
		Platform p = v[i];
		p.name = xstrdup(p.name);
		p.genx = xstrdup(p.genx);
		p.description = xstrdup(p.description);
		p.missing = p.missing ? xstrdup(p.missing) : NULL;
		vec_push(&plats, p);
	}
}

const Platform *platform_find(const char *name)
{
	size_t i;
	for (i = 0; i < plats.n; i++)
		if (strcmp(plats.v[i].name, name) == 0)
			return &plats.v[i];
	return NULL;
}

/* Platform i of the table (in file order), NULL past the end. */
const Platform *platform_at(size_t i)
{
	return i < plats.n ? &plats.v[i] : NULL;
}

int platform_simd_ok(const Platform *p, int simd)
{
	return (simd == 8 || simd == 16 || simd == 32) && (p->simd_mask & simd);
}

char *platform_simd_list(const Platform *p)
{
	Buf b = {0};
	int w;
	for (w = 8; w <= 32; w *= 2)
		if (p->simd_mask & w)
			buf_printf(&b, "%s%d", b.n ? " " : "", w);
	return b.s ? b.s : xstrdup("");
}

void platforms_list(FILE *f)
{
	size_t i;
	for (i = 0; i < plats.n; i++) {
		char *w = platform_simd_list(&plats.v[i]);
		fprintf(f, "  %-8s %s, SIMD %s%s\n", plats.v[i].name, plats.v[i].description, w,
		        plats.v[i].supported ? "" : " (listed; translation not implemented yet)");
		free(w);
	}
}

void platforms_sampler(Buf *b)
{
	size_t i;
	int n = 0;
	for (i = 0; i < plats.n; i++)
		if (plats.v[i].sampler && plats.v[i].supported)
			buf_printf(b, "%s%s", n++ ? ", " : "", plats.v[i].name);
}

void platforms_fp64(Buf *b)
{
	size_t i;
	int n = 0;
	for (i = 0; i < plats.n; i++)
		if (plats.v[i].fp64)
			buf_printf(b, "%s%s", n++ ? ", " : "", plats.v[i].name);
}
