/* Checks early_b (early returns, guard clauses in helpers). */
#include "gradcheck.h"

double early(int n, const double *x);
double early_b(int n, const double *x, double *x_b, double early_b_seed);

int main(void) {
    gc_check_gradient_1("early", early, early_b, 41, -1.5, 1.5, 3);
    return gc_finish();
}
