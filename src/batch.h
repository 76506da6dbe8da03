/* batch.h - a batch of independent inputs, translated by up to N child
 * processes at a time.
 *
 * Each input runs in its own process, so a crash, an abort or a runaway
 * allocation in one input fails that input alone.  What a child prints goes
 * to temporary files and is replayed in input order, so the output of a
 * batch is the same for every -j.
 */
#ifndef BATCH_H
#define BATCH_H

#include <stddef.h>
#include <stdio.h>

/* The job for input i: returns its number of failures (0 = translated);
 * its report record goes to report (report_input_end). */
typedef int (*BatchFn)(void *ctx, size_t i, FILE *report);

/* Runs fn for every i < n with jobs processes at most (jobs >= 1; the
 * caller runs jobs == 1 batches itself).  names[i] names input i in
 * messages.  Each finished input's record joins the report in input order
 * (report_input_import) and advances the progress line (progress_*).
 * Returns how many inputs failed. */
size_t batch_run(size_t n, int jobs, BatchFn fn, void *ctx, const char *const *names);

/* The number of online processors (at least 1): the default -j. */
int batch_cores(void);

#endif
