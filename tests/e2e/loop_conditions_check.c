/* Checks the gradients of loop_conditions.c against central finite
 * differences, at sizes that make every loop run (or not run) its
 * iterations, odd and even. */
#include "gradcheck.h"

double neighbour_energy(int n, const double *x);
double neighbour_energy_b(int n, const double *x, double *x_b, double seed);
double poly_ne(int n, const double *x);
double poly_ne_b(int n, const double *x, double *x_b, double seed);
double pairs_and_steps(int n, const double *x);
double pairs_and_steps_b(int n, const double *x, double *x_b, double seed);

int main(void) {
    static const int sizes[] = {1, 2, 3, 6, 7, 16};
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int k = 0; k < 6; k++) {
            int n = sizes[k];
            char name[64];
            snprintf(name, sizeof name, "neighbour_energy n=%d", n);
            if (n >= 3) /* below, its reduce runs no iteration: constant */
                gc_check_gradient_1(name, neighbour_energy, neighbour_energy_b, n, -1.0, 1.0, seed);
            snprintf(name, sizeof name, "poly_ne n=%d", n);
            gc_check_gradient_1(name, poly_ne, poly_ne_b, n, -1.0, 1.0, seed);
            snprintf(name, sizeof name, "pairs_and_steps n=%d", n);
            gc_check_gradient_1(name, pairs_and_steps, pairs_and_steps_b, n, -1.0, 1.0, seed);
        }
    return gc_finish();
}
