/* Checks permuted_counts_b (int_arrays.c) against central finite
 * differences at several sizes. */
#include "gradcheck.h"

double permuted_counts(int n, const double *x);
double permuted_counts_b(int n, const double *x, double *x_b, double seed);

int main(void) {
    static const int sizes[] = {1, 2, 5, 8, 17};
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int k = 0; k < 5; k++) {
            char name[64];
            snprintf(name, sizeof name, "permuted_counts n=%d", sizes[k]);
            gc_check_gradient_1(name, permuted_counts, permuted_counts_b, sizes[k], -1.0, 1.0,
                                seed);
        }
    return gc_finish();
}
