/* uncompilable (current tree, 20:35): a helper with a local array, inlined twice: 'redeclaration of la' and 'redefinition of la_b' in f_b. */
#include <math.h>
static double h(double a, double b) {
    double la[2];
    la[0] = a;
    la[1] = b * b;
    return la[0] * sin(la[1]);
}
double f(int n, const double *x) {
    return h(x[0], x[n - 1]) + h(x[n - 1], x[0]);
}
#pragma pargrad reverse(f) wrt(x)
