/* Checks both_b (if/else returning on both sides). */
#include "gradcheck.h"

double both(int n, const double *x);
double both_b(int n, const double *x, double *x_b, double both_b_seed);

int main(void) {
    gc_check_gradient_1("both (s > 0)", both, both_b, 23, -1.0, 1.5, 4);
    gc_check_gradient_1("both (s < 0)", both, both_b, 23, -1.5, 0.05, 4);
    return gc_finish();
}
