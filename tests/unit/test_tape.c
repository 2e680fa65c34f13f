/* The runtime's tape (include/pargrad.h): records and single pushes share
 * one layout, so the generated code may push a loop iteration's values as
 * a record and pop them one by one, or the other way round; the tape
 * grows across many records and ends empty. */
#include <CUnit/CUnit.h>

#include "pargrad.h"
#include "unit.h"

/* A record of a double, a float and a long, popped as single values. */
static void test_record_then_singles(void) {
    pg_tape *t = pg_tape_self();
    size_t depth = pg_tape_depth(t);
    unsigned char *rec = pg_push_record(t, 3);
    pg_put_double(rec, 1.5);
    pg_put_float(rec + 8, 2.25f);
    pg_put_long(rec + 16, -7);
    CU_ASSERT_EQUAL(pg_tape_depth(t), depth + 24);
    CU_ASSERT_EQUAL(pg_pop_long(t), -7);
    CU_ASSERT_EQUAL(pg_pop_float(t), 2.25f);
    CU_ASSERT_EQUAL(pg_pop_double(t), 1.5);
    CU_ASSERT_EQUAL(pg_tape_depth(t), depth);
}

/* Single pushes popped as one record: the last pushed is in the last slot. */
static void test_singles_then_record(void) {
    pg_tape *t = pg_tape_self();
    size_t depth = pg_tape_depth(t);
    pg_push_double(t, -0.5);
    pg_push_long(t, 123456789012LL);
    pg_push_float(t, 3.0f);
    const unsigned char *rec = pg_pop_record(t, 3);
    CU_ASSERT_EQUAL(pg_get_double(rec), -0.5);
    CU_ASSERT_EQUAL(pg_get_long(rec + 8), 123456789012LL);
    CU_ASSERT_EQUAL(pg_get_float(rec + 16), 3.0f);
    CU_ASSERT_EQUAL(pg_tape_depth(t), depth);
}

/* Records of 9 values, as a 3x3 matrix carried through a loop, far past
 * the tape's first allocation, popped last first. */
static void test_many_records(void) {
    pg_tape *t = pg_tape_self();
    size_t depth = pg_tape_depth(t);
    enum { N = 200000, W = 9 };
    for (long i = 0; i < N; i++) {
        unsigned char *rec = pg_push_record(t, W);
        for (int k = 0; k < W; k++)
            pg_put_double(rec + 8 * k, (double)(i * W + k));
    }
    int bad = 0;
    for (long i = N - 1; i >= 0; i--) {
        const unsigned char *rec = pg_pop_record(t, W);
        for (int k = 0; k < W; k++)
            bad += pg_get_double(rec + 8 * k) != (double)(i * W + k);
    }
    CU_ASSERT_EQUAL(bad, 0);
    CU_ASSERT_EQUAL(pg_tape_depth(t), depth);
}

/* Kept values, numbered as the calls run: read back in any order, the
 * store growing past its first allocation, the tape's stack untouched; a
 * later gradient call numbers from 0 again and overwrites. */
static void test_kept_values(void) {
    pg_tape *t = pg_tape_self();
    size_t depth = pg_tape_depth(t);
    enum { N = 1000 };
    for (long k = 0; k < N; k++)
        CU_ASSERT_EQUAL(pg_keep(t, k, 0.5 * (double)k), 0.5 * (double)k);
    CU_ASSERT_EQUAL(pg_tape_depth(t), depth);
    int bad = 0;
    for (long k = N - 1; k >= 0; k -= 3)
        bad += pg_kept(t, k) != 0.5 * (double)k;
    CU_ASSERT_EQUAL(bad, 0);
    pg_keep(t, 0, -2.0);
    CU_ASSERT_EQUAL(pg_kept(t, 0), -2.0);
    CU_ASSERT_EQUAL(pg_kept(t, 1), 0.5);
}

void register_tape_tests(void) {
    CU_pSuite s = CU_add_suite("runtime tape", NULL, NULL);
    CU_add_test(s, "a record popped as single values", test_record_then_singles);
    CU_add_test(s, "single values popped as a record", test_singles_then_record);
    CU_add_test(s, "many records, past the first allocation", test_many_records);
    CU_add_test(s, "kept values read back by number", test_kept_values);
}
