/* Checks softmax_dot_b (an in-place update inside a + reduce). */
#include "gradcheck.h"

double softmax_dot(int n, const double *x);
double softmax_dot_b(int n, const double *x, double *x_b, double softmax_dot_b_seed);

int main(void) {
    gc_check_gradient_1("softmax_dot", softmax_dot, softmax_dot_b, 57, -2.0, 2.0, 5);
    gc_check_gradient_1("softmax_dot n=1", softmax_dot, softmax_dot_b, 1, -2.0, 2.0, 6);
    return gc_finish();
}
