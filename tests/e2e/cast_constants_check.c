/* Checks cast_constants_b (constant conversions). */
#include "gradcheck.h"

double cast_constants(int n, const double *x);
double cast_constants_b(int n, const double *x, double *x_b, double cast_constants_b_seed);

int main(void) {
    gc_check_gradient_1("cast_constants", cast_constants, cast_constants_b, 19, -1.0, 1.0, 7);
    return gc_finish();
}
