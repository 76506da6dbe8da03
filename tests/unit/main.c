/* main.c - the CUnit unit test binary: every suite, basic runner, and a
 * watchdog: a test that hangs (a finalizer pipe left open, say) fails the
 * run after UNITTESTS_TIMEOUT seconds (default 600; the suite takes about
 * two) instead of stopping make check forever. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/Basic.h>

#include "testutil.h"

static void watchdog(int sig)
{
	static const char msg[] = "\nunit tests: watchdog: the run went over UNITTESTS_TIMEOUT, a test hangs: ";
	CU_pTest t = CU_get_current_test();
	ssize_t w = write(2, msg, sizeof msg - 1);
	if (t && t->pName)
		w = write(2, t->pName, strlen(t->pName));
	w = write(2, "\n", 1);
	(void)w;
	(void)sig;
	_exit(3);
}

int main(void)
{
	const char *tv = getenv("UNITTESTS_TIMEOUT");
	unsigned limit = tv && atoi(tv) > 0 ? (unsigned)atoi(tv) : 600;
	int (*const suites[])(void) = {
		add_scanner_suite, add_parser_suite, add_metadata_suite, add_data_suite, add_visa_suite, add_visa_bin_suite,
		add_zebin_suite, add_printf_suite, add_emu_ze_suite, add_emu_amd_suite, add_hostile_suite,
	};
	unsigned i, failed;
	if (CU_initialize_registry() != CUE_SUCCESS)
		return 2;
	for (i = 0; i < sizeof suites / sizeof suites[0]; i++)
		if (suites[i]()) {
			fprintf(stderr, "cannot register suite %u: %s\n", i, CU_get_error_msg());
			CU_cleanup_registry();
			return 2;
		}
	CU_basic_set_mode(CU_BRM_VERBOSE);
	signal(SIGALRM, watchdog);
	alarm(limit);
	CU_basic_run_tests();
	alarm(0);
	failed = CU_get_number_of_tests_failed() + CU_get_number_of_failures();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
