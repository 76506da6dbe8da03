/* main.c - the CUnit unit test binary: every suite, basic runner. */
#include <stdio.h>

#include <CUnit/Basic.h>

#include "testutil.h"

int main(void)
{
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
	CU_basic_run_tests();
	failed = CU_get_number_of_tests_failed() + CU_get_number_of_failures();
	CU_cleanup_registry();
	return failed ? 1 : 0;
}
