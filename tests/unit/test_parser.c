#include <CUnit/Basic.h>
#include "testutil.h"
int add_parser_suite(void) { return CU_add_suite("parser", NULL, NULL) ? 0 : -1; }
