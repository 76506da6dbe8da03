/* report.h - what a batch did: the report (--report FILE in XML, JUnit or
 * JSON, translate --merge-reports), the progress line and the summary.
 *
 * The record of an input is built while it translates (report_input_begin
 * .. report_input_end, with every diagnostic printed in between collected
 * through diag_set_hook).  In a -j batch the child process builds it and
 * hands it to the parent through a file (report_input_end's channel,
 * report_input_import), so the report keeps input order for every -j.
 * Everything but the "seconds" values is deterministic.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>

typedef enum { REPORT_XML, REPORT_JUNIT, REPORT_JSON } ReportFormat;

/* "xml", "junit" or "json"; 0 ok. */
int report_format_parse(const char *s, ReportFormat *out);

/* The run: device name, finalizer program, its version (see
 * report_finalizer_version).  keep: build the report itself (--report:
 * report_write), with the diagnostic hook; else only the statuses and the
 * kernel counts the summary shows are kept (and libxml2 is not loaded). */
void report_init(const char *device, const char *finalizer, const char *finalizer_version, int keep);

/* The finalizer's identity: "<package> <version>" from dpkg when the
 * program belongs to a Debian package, else "unknown", followed by
 * " fnv1a64:<digest of the program file>" (malloc'd). */
char *report_finalizer_version(const char *program);

/* One input, in the process that translates it. */
void report_input_begin(const char *path);
void report_kernel_begin(const char *name);
/* The kernel's outcome: failed 0 = translated, 1 = failed, 2 = skipped; the
 * numbers of a translated kernel (0 = unknown, not written). */
void report_kernel_end(int failed, int simd, int grf, int spill, int instructions);
void report_kernel_log(const char *text); /* the finalizer's output */
void report_input_skipped(void);          /* the input was not attempted */
/* Closes the input (failed != 0: failed) and returns its status (0
 * translated, 1 failed, 2 skipped).  With a channel (a -j child) the
 * record is written there for the parent instead of kept. */
int report_input_end(int failed, FILE *channel);
int report_last_status(void);             /* what the last report_input_end returned */

/* -j parent: the record a child wrote to channel; when it wrote none (it
 * crashed), a failed record with err's text (what the child printed) as its
 * log.  Returns the input's status as report_input_end. */
int report_input_import(const char *path, int failed, FILE *channel, FILE *err);

/* Writes the report of this run to file (staged: written under a temporary
 * name and renamed); 0 ok. */
int report_write(const char *file, ReportFormat f, double seconds);

/* translate --merge-reports: the XML reports in[0..n), each valid against
 * schema, as one report in out (inputs sorted by path; an input in two
 * reports is an error).  0 ok, else diagnosed. */
int report_merge(const char *out, ReportFormat f, const char *schema, char *const *in, int n);

void report_free(void); /* everything of this run's report */

/* Progress and summary on stderr.  mode 0: nothing; 1: one plain line per
 * finished input; 2: a line redrawn in place (a terminal). */
void progress_start(size_t total, int mode);
void progress_hide(void);                 /* clear a drawn line before other output */
void progress_show(size_t done, const char *current); /* mode 2: redraw */
void progress_done(const char *path, int status);      /* an input finished, in input order */
void progress_summary(void);
double progress_seconds(void);            /* since progress_start */              /* "translate: N inputs: ..." (modes 1 and 2) */

#endif
