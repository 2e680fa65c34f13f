/* Checks the gradients of continue_loops.c against central finite
 * differences, at several sizes (large enough that some elements are not skipped). */
#include "gradcheck.h"

double cutoff_energy(int n, const double *x);
double cutoff_energy_b(int n, const double *x, double *x_b, double seed);
double smooth_above(int n, const double *x);
double smooth_above_b(int n, const double *x, double *x_b, double seed);
double skip_and_stop(int n, const double *x);
double skip_and_stop_b(int n, const double *x, double *x_b, double seed);

double relax_skip(int n, const double *x);
double relax_skip_b(int n, const double *x, double *x_b, double seed);

int main(void) {
    static const int sizes[] = {5, 6, 7, 16, 33};
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int k = 0; k < 5; k++) {
            int n = sizes[k];
            char name[64];
            snprintf(name, sizeof name, "cutoff_energy n=%d", n);
            gc_check_gradient_1(name, cutoff_energy, cutoff_energy_b, n, -1.5, 1.5, seed);
            snprintf(name, sizeof name, "smooth_above n=%d", n);
            gc_check_gradient_1(name, smooth_above, smooth_above_b, n, -1.0, 1.0, seed);
            snprintf(name, sizeof name, "skip_and_stop n=%d", n);
            gc_check_gradient_1(name, skip_and_stop, skip_and_stop_b, n, -1.0, 1.0, seed);
            snprintf(name, sizeof name, "relax_skip n=%d", n);
            gc_check_gradient_1(name, relax_skip, relax_skip_b, n, -1.0, 1.0, seed);
        }
    return gc_finish();
}
