/* testutil.h - the suites of the unit test binary. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

int add_zebin_suite(void);
int add_scanner_suite(void);
int add_parser_suite(void);
int add_metadata_suite(void);
int add_data_suite(void);
int add_visa_suite(void);
int add_visa_bin_suite(void);
int add_printf_suite(void);
int add_emu_ze_suite(void);
int add_hostile_suite(void);
int add_emu_amd_suite(void);

/* testutil.c: diagnostics captured in memory, without source lines */
int capture_start(void);        /* suite init: 0 ok */
void capture_reset(void);       /* forget what was captured */
void capture_stop(void);        /* suite cleanup */
const char *diags(void);        /* everything since the last reset */
const char *first_diag(void);   /* its first line */
int has_diag(const char *line); /* one line equals it exactly */
int count_diags(void);          /* lines captured */

/* imgcases.c: the image test kernels' launches and expected results, for
 * both emulator suites (needs emu/emu.h included first) */
enum { IC_RW_2D, IC_RW_2D_NORM, IC_INT, IC_KINDS, IC_COUNT };
#ifdef EMU_H
const char *img_case_file(int which);                  /* "image_rw_2d" ... */
void img_case(int which, EmuLaunch *l);                /* the launch */
int img_check(int which, const EmuLaunch *l, const EmuResult *r); /* mismatches (printed) */
/* testutil.c: shared fixtures */
#include "gen/gen.h"
extern const Platform test_tgllp;      /* Tiger Lake LP as data/platforms.xml has it */
char *scratch_dir(const char *name);   /* a fresh $TMPDIR/<name>-XXXXXX (malloc'd), NULL on failure */

#endif

/* testutil.c: shared fixtures */
#include "gen/gen.h"
extern const Platform test_tgllp;      /* Tiger Lake LP as data/platforms.xml has it */
char *scratch_dir(const char *name);   /* a fresh $TMPDIR/<name>-XXXXXX (malloc'd), NULL on failure */

#endif
