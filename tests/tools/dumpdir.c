/* dumpdir.c - see dumpdir.h */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dumpdir.h"

uint64_t *dump_load(const char *tool, const char *dir, int arg, const char *side, size_t *n)
{
	char path[4096];
	FILE *f;
	long sz;
	uint64_t *b;
	snprintf(path, sizeof path, "%s/arg%d.%s.bin", dir, arg, side);
	if (!(f = fopen(path, "rb")) || fseek(f, 0, SEEK_END) || (sz = ftell(f)) < 0 || fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "%s: cannot read %s\n", tool, path);
		exit(2);
	}
	b = calloc(1, (size_t)sz + 8);
	if (!b || fread(b, 1, (size_t)sz, f) != (size_t)sz) {
		fprintf(stderr, "%s: cannot read %s\n", tool, path);
		exit(2);
	}
	fclose(f);
	*n = (size_t)sz;
	return b;
}

void dump_ndrange(const char *tool, const char *dir, unsigned long *global, unsigned long *offset)
{
	char path[4096], line[1024];
	FILE *m;
	*global = *offset = 0;
	snprintf(path, sizeof path, "%s/manifest.xml", dir);
	if (!(m = fopen(path, "r"))) {
		fprintf(stderr, "%s: no %s\n", tool, path);
		exit(2);
	}
	while (fgets(line, sizeof line, m)) {
		char *g = strstr(line, "global=\""), *o = strstr(line, "offset=\"");
		if (g && o) {
			*global = strtoul(g + 8, NULL, 10);
			*offset = strtoul(o + 8, NULL, 10);
		}
	}
	fclose(m);
	if (!*global) {
		fprintf(stderr, "%s: no ndrange in %s\n", tool, path);
		exit(2);
	}
}
