/* Checks const_subexpr_b against central finite differences. */
#include "gradcheck.h"

double const_subexpr(int n, const double *x);
double const_subexpr_b(int n, const double *x, double *x_b, double const_subexpr_b_seed);

int main(void) {
    gc_check_gradient_1("const_subexpr", const_subexpr, const_subexpr_b, 9, -1.5, 1.5, 5);
    return gc_finish();
}
