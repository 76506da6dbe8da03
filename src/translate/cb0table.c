/* cb0table.c - data/cb0.xml: where each cb0 component comes from. */
#include <stdlib.h>
#include <string.h>

#include "xmlrt.h"

#include "translate.h"

static const struct { const char *name; ZeArgType t; int size; } implicit[] = {
	{"global_size", ZA_GLOBAL_SIZE, 12},
	{"local_size", ZA_LOCAL_SIZE, 12},
	{"enqueued_local_size", ZA_ENQUEUED_LOCAL_SIZE, 12},
	{"group_count", ZA_GROUP_COUNT, 12},
	{"global_id_offset", ZA_GLOBAL_ID_OFFSET, 12},
	{"work_dimensions", ZA_WORK_DIMENSIONS, 4},
	{"printf_buffer", ZA_PRINTF_BUFFER, 8},
};

int implicit_arg_size(ZeArgType t)
{
	size_t i;
	for (i = 0; i < NELEM(implicit); i++)
		if (implicit[i].t == t)
			return implicit[i].size;
	return 0;
}

const Cb0Entry *cb0_entry(const Cb0Table *t, int abi64, int slot, int comp)
{
	return abi64 && t->e64[slot][comp].present ? &t->e64[slot][comp] : &t->e[slot][comp];
}

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

int cb0_load(const char *datadir, Cb0Table *t)
{
	char *path = xasprintf("%s/cb0.xml", datadir);
	const char *file = intern(path);
	xmlDoc *doc = xmlReadFile(path, NULL, XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR);
	xmlNode *n;
	int bad = 0;
	free(path);
	memset(t, 0, sizeof *t);
	if (!doc) {
		diag_plain("cannot read the cb0 table %s", file);
		return -1;
	}
	/* <slot>s, then the 64-bit ABI's in <abi64> (abi set while inside) */
	for (n = xmlDocGetRootElement(doc)->children; n; n = n->next ? n->next :
	     n->parent != xmlDocGetRootElement(doc) ? n->parent->next : NULL) {
		char *idx, *comp, *src, *arg, *el, *val, *meaning;
		Loc l = {file, (int)xmlGetLineNo(n), 1};
		Cb0Entry *e;
		int slot, c, abi = n->parent != xmlDocGetRootElement(doc);
		if (n->type == XML_ELEMENT_NODE && !abi && !strcmp((const char *)n->name, "abi64") && n->children) {
			n = n->children;
			abi = 1;
			l.line = (int)xmlGetLineNo(n);
		}
		if (n->type != XML_ELEMENT_NODE || strcmp((const char *)n->name, "slot"))
			continue;
		idx = attr(n, "index");
		comp = attr(n, "comp");
		src = attr(n, "source");
		arg = attr(n, "arg");
		el = attr(n, "element");
		val = attr(n, "value");
		meaning = attr(n, "meaning");
		slot = idx ? atoi(idx) : -1;
		c = comp && strlen(comp) == 1 && strchr("xyzw", comp[0]) ? (int)(strchr("xyzw", comp[0]) - "xyzw") : -1;
		if (slot < 0 || slot >= CB0_SLOTS || c < 0 || !src || !meaning) {
			diag_error(l, "malformed <slot> entry");
			bad = 1;
		} else {
			e = abi ? &t->e64[slot][c] : &t->e[slot][c];
			e->present = 1;
			e->meaning = intern(meaning);
			if (strcmp(src, "payload") == 0) {
				size_t i;
				e->source = CB0_PAYLOAD;
				e->element = el ? atoi(el) : 0;
				for (i = 0; i < NELEM(implicit); i++)
					if (arg && strcmp(arg, implicit[i].name) == 0)
						break;
				if (i == NELEM(implicit)) {
					diag_error(l, "unknown implicit argument '%s'", arg ? arg : "");
					bad = 1;
				} else {
					e->arg = implicit[i].t;
				}
			} else if (strcmp(src, "printf") == 0) {
				e->source = CB0_PRINTF;
				e->element = el ? atoi(el) : 0;
			} else if (strcmp(src, "dataseg") == 0) {
				e->source = CB0_DATASEG;
				e->element = el ? atoi(el) : 0;
			} else if (strcmp(src, "constant") == 0) {
				e->source = CB0_CONSTANT;
				e->value = val ? (uint32_t)strtoul(val, NULL, 0) : 0;
			} else {
				e->source = CB0_UNSUPPORTED;
			}
		}
		free(idx); free(comp); free(src); free(arg); free(el); free(val); free(meaning);
	}
	xmlFreeDoc(doc);
	return bad ? -1 : 0;
}
