#include <CUnit/Basic.h>
#include "testutil.h"
int add_scanner_suite(void) { return CU_add_suite("scanner", NULL, NULL) ? 0 : -1; }
