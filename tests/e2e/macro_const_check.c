/* Checks scaled_b (macro constants) against central finite differences. */
#include "gradcheck.h"

double scaled(int n, const double *x);
double scaled_b(int n, const double *x, double *x_b, double scaled_b_seed);

int main(void) {
    gc_check_gradient_1("scaled", scaled, scaled_b, 64, -2.0, 2.0, 11);
    return gc_finish();
}
