/* xmlrt.c - libxml2's entry points, found with dlopen on first use (xmlrt.h). */
#define XMLRT_IMPL
#include <dlfcn.h>

#include "util.h"
#include "xmlrt.h"

static XmlRt t;

/* at exit: libxml2's global state (encoding handlers, dictionaries) freed,
 * as its own destructor would when it is linked, so memcheck sees no block
 * still reachable */
static void xmlrt_cleanup(void)
{
	t.xmlCleanupParser();
}

const XmlRt *xmlrt(void)
{
	static int loaded;
	const char *lib;
	void *h;
	if (loaded)
		return &t;
	lib = getenv("TRANSLATE_XML_LIBRARY");
	if (!lib || !*lib)
		lib = "libxml2.so.2";
	if (!(h = dlopen(lib, RTLD_NOW | RTLD_LOCAL))) {
		const char *e = dlerror();
		diag_plain("cannot load libxml2 (%s: %s; is the package libxml2 installed?)", lib,
		           e ? e : "dlopen failed");
		exit(2);
	}
#define XMLRT_SYM(f) \
	if (!(*(void **)&t.f = dlsym(h, #f))) { \
		diag_plain("%s has no %s", lib, #f); \
		exit(2); \
	}
	XMLRT_FUNCS(XMLRT_SYM)
#undef XMLRT_SYM
	/* xmlFree is a variable (a function pointer), or with per-thread
	 * allocation hooks what __xmlFree() returns */
	if (!(t.free = dlsym(h, "xmlFree"))) {
		xmlFreeFunc *(*get)(void);
		if (!(*(void **)&get = dlsym(h, "__xmlFree")) || !(t.free = get())) {
			diag_plain("%s has no xmlFree", lib);
			exit(2);
		}
	}
	loaded = 1;
	t.xmlInitParser(); /* so that xmlCleanupParser frees what any later call sets up */
	atexit(xmlrt_cleanup);
	return &t;
}
