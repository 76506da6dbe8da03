#include <CUnit/Basic.h>
#include "testutil.h"
int add_metadata_suite(void) { return CU_add_suite("metadata", NULL, NULL) ? 0 : -1; }
