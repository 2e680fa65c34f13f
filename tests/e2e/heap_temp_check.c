/* Checks smooth_energy_b (a malloc'ed temporary) against central finite differences. */
#include "gradcheck.h"

double smooth_energy(int n, const double *x);
double smooth_energy_b(int n, const double *x, double *x_b, double smooth_energy_b_seed);

int main(void) {
    gc_check_gradient_1("smooth_energy", smooth_energy, smooth_energy_b, 64, -2.0, 2.0, 11);
    return gc_finish();
}
