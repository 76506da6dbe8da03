/* tables.h - data/platforms.xml and data/cb0.xml compiled in.
 *
 * tools/tablegen reads the two tables at build time with the same loaders
 * the translator uses (platforms_load, cb0_load: libxml2) and writes them
 * out as C (src/tables.c in the build folder), with the files' bytes.  At
 * run time main.c compares the installed files with those bytes: equal, the
 * compiled-in tables are used and libxml2 is never loaded; different (a
 * table edited after the build, TRANSLATE_DATADIR naming other ones), the
 * files are parsed as before.  The data files stay the one source.
 */
#ifndef TABLES_H
#define TABLES_H

#include "translate/translate.h"

typedef struct BuiltinTables {
	const char *platforms_xml; /* data/platforms.xml's bytes */
	size_t platforms_len;
	const char *cb0_xml;       /* data/cb0.xml's bytes */
	size_t cb0_len;
	const char *sha256;        /* of platforms.xml followed by cb0.xml (the manifest's "tables") */
	const Platform *platforms; /* what platforms_load makes of them */
	size_t nplatforms;
	const Cb0Table *cb0;       /* what cb0_load makes of them */
} BuiltinTables;

extern const BuiltinTables builtin_tables;

#endif
