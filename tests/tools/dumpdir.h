/* dumpdir.h - reading a kernel's `translate --conform -o D` dump folder
 * (D/<kernel>/manifest.xml and argN.<side>.bin), for the reference tools
 * (fp64ref, trigref).  On failure both print "<tool>: ..." and exit 2. */
#ifndef DUMPDIR_H
#define DUMPDIR_H

#include <stddef.h>
#include <stdint.h>

/* argument arg's bytes on one side ("amd", "level_zero"), 8 zero bytes past
 * the end; *n = the size */
uint64_t *dump_load(const char *tool, const char *dir, int arg, const char *side, size_t *n);

/* the launch's x global size and offset, from the manifest */
void dump_ndrange(const char *tool, const char *dir, unsigned long *global, unsigned long *offset);

#endif
