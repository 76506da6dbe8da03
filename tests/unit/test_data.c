#include <CUnit/Basic.h>
#include "testutil.h"
int add_data_suite(void) { return CU_add_suite("data", NULL, NULL) ? 0 : -1; }
