/* Checks peak_energy_b (a max reduce that also stores and updates in place). */
#include "gradcheck.h"

double peak_energy(int n, const double *x);
double peak_energy_b(int n, const double *x, double *x_b, double peak_energy_b_seed);

int main(void) {
    gc_check_gradient_1("peak_energy", peak_energy, peak_energy_b, 73, -2.0, 2.0, 8);
    gc_check_gradient_1("peak_energy n=5000", peak_energy, peak_energy_b, 5000, -2.0, 2.0, 9);
    return gc_finish();
}
