/* Checks series_b (a loop with break) against central finite differences,
 * for inputs that stop the loop early and inputs that never break. */
#include "gradcheck.h"

double series(int n, const double *x);
double series_b(int n, const double *x, double *x_b, double series_b_seed);

int main(void) {
    /* large entries: the running sum crosses 4 after a few iterations */
    gc_check_gradient_1("breaks early", series, series_b, 40, 0.5, 1.2, 3);
    /* tiny entries: the loop runs to the end */
    gc_check_gradient_1("never breaks", series, series_b, 40, -0.2, 0.2, 5);
    return gc_finish();
}
