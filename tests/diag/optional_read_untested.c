/* expect: 15:21: the gradient would use 'w' here outside its test for NULL */
/* Weights tested for NULL in one place and read without the test in
 * another: where the caller passes NULL, the primal's second loop goes
 * through NULL too. pargrad differentiates an optional array where every
 * use of it, and of its adjoint, runs under its test. */
#include <stddef.h>

double weighted(int n, const double *x, const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += (w != NULL ? w[i] : 1.0) * x[i];
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * w[i];
    return s;
}
#pragma pargrad reverse(weighted) wrt(x, w)
