/* Checks float_bound_b (floating loop bounds) against finite differences,
 * and its primal against the sequential C semantics. */
#include "gradcheck.h"

double float_bound(int n, const double *x);
double float_bound_b(int n, const double *x, double *x_b, double float_bound_b_seed);

int main(void) {
    gc_check_gradient_1("float_bound", float_bound, float_bound_b, 7, -1.0, 1.0, 2);
    return gc_finish();
}
