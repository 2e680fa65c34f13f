/* Checks private_scalars_b (scalars private to parallel iterations). */
#include "gradcheck.h"

double private_scalars(int n, const double *x);
double private_scalars_b(int n, const double *x, double *x_b, double private_scalars_b_seed);

int main(void) {
    gc_check_gradient_1("private_scalars", private_scalars, private_scalars_b, 45, -1.0, 1.0, 17);
    return gc_finish();
}
