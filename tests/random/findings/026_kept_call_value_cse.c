/* uncompilable (random tester seeds 300097, 300106, 300107, 300172 of the
 * campaign on c8ec7db, shrunk): a kept call's argument repeats an earlier
 * read, w[n / 2]. Value numbering dropped the second read but did not
 * substitute the first into printf's arguments: the gradient printed an
 * undeclared `w_v`. (Renaming in re-executions missed printf's arguments
 * the same way; the three walks over a statement's operands are now one.) */
#include <math.h>
#include <stdio.h>

void f(int n, const double *x, const double *w, double *y) {
    float f4 = (float)(w[n / 2]);
    printf("f: %g %g\n", w[n / 2], (double)f4);
    y[0] = sin(x[0]) * w[n / 2];
}

#pragma pargrad reverse(f) wrt(x) out(y)
