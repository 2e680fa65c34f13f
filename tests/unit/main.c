/* Runs every CUnit suite; the exit status is non-zero on any failure. */
#include <CUnit/Basic.h>
#include <stdio.h>

#include "unit.h"

int main(void) {
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "unit: %s\n", CU_get_error_msg());
        return 2;
    }
    register_pragma_tests();
    register_ir_tests();
    register_derivs_tests();
    register_activity_tests();
    register_scan_tests();
    register_hist_tests();
    register_tape_tests();
    if (CU_get_error() != CUE_SUCCESS) {
        fprintf(stderr, "unit: registering the tests failed: %s\n", CU_get_error_msg());
        CU_cleanup_registry();
        return 2;
    }
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed() +
                      CU_get_number_of_suites_failed();
    CU_ErrorCode err = CU_get_error();
    CU_cleanup_registry();
    return failed || err != CUE_SUCCESS ? 1 : 0;
}
