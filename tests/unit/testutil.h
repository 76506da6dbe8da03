/* testutil.h - the suites of the unit test binary. */
#ifndef TESTUTIL_H
#define TESTUTIL_H

int add_zebin_suite(void);
int add_scanner_suite(void);
int add_parser_suite(void);
int add_metadata_suite(void);
int add_data_suite(void);

#endif
