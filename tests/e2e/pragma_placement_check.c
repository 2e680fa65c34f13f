/* Checks placement_b (pragmas in comments, #if 0, trailing comments, two
 * loops on one line). */
#include "gradcheck.h"

double placement(int n, const double *x);
double placement_b(int n, const double *x, double *x_b, double placement_b_seed);

int main(void) {
    gc_check_gradient_1("placement", placement, placement_b, 40, -1.0, 1.0, 12);
    return gc_finish();
}
