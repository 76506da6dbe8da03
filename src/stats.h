/* stats.h - translate --stats: what a collection of IL programs uses. */
#ifndef STATS_H
#define STATS_H

#include <stddef.h>
#include <stdio.h>

/* Parses every input and prints per category (headers, opcodes,
 * declarations, modifiers, special registers, metadata tokens and versions)
 * each name with its count.  Returns the number of inputs that failed to
 * parse (their diagnostics go to stderr). */
int stats_report(FILE *out, const char *const *inputs, size_t n);
int stats_opcodes(const char *const *inputs, size_t n, unsigned char *used);

#endif
