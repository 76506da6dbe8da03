/* platform.c - the device table, data/platforms.xml, read with libxml2. */
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

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

void platforms_free(void)
{
	size_t i;
	for (i = 0; i < plats.n; i++) {
		free((char *)plats.v[i].name);
		free((char *)plats.v[i].genx);
		free((char *)plats.v[i].description);
	}
	plats.n = 0;
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
		long v[13];
		static const char *const keys[] = {"product_family", "core_family", "grf_bytes",
			"grf_count", "default_simd", "max_msg_lanes", "fp64", "int64", "int_divide",
			"lsc", "inline_data", "supported"};
		size_t i;
		if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "platform"))
			continue;
		for (i = 0; i < NELEM(keys); i++)
			if (num(n, keys[i], file, &v[i]))
				bad = 1;
		p.name = attr(n, "name");
		p.genx = attr(n, "genx");
		p.description = attr(n, "description");
		if (!p.name || !p.genx || !p.description || bad) {
			Loc l = {file, (int)xmlGetLineNo(n), 1};
			diag_error(l, "incomplete <platform> entry");
			free((char *)p.name);
			free((char *)p.genx);
			free((char *)p.description);
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
		p.inline_data = (int)v[10];
		p.supported = (int)v[11];
		vec_push(&plats, p);
	}
	xmlFreeDoc(doc);
	return bad ? -1 : 0;
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

void platforms_list(FILE *f)
{
	size_t i;
	for (i = 0; i < plats.n; i++)
		fprintf(f, "  %-8s %s%s\n", plats.v[i].name, plats.v[i].description,
		        plats.v[i].supported ? "" : " (listed; translation not implemented yet)");
}

void platforms_fp64(Buf *b)
{
	size_t i;
	int n = 0;
	for (i = 0; i < plats.n; i++)
		if (plats.v[i].fp64)
			buf_printf(b, "%s%s", n++ ? ", " : "", plats.v[i].name);
}
