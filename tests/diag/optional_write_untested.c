/* expect: 15:9: the gradient would use 'y' here outside its test for NULL */
/* An output tested for NULL in one place and written without the test in
 * another. An input the primal reads untested somewhere is given wherever
 * it does, and the gradient's copies of those reads pass; but the code an
 * output's writes bring into the gradient (the consumption of its seeds,
 * saves of what they overwrite) is not one for one with the primal's
 * statements, so it must run under the test. */
#include <stddef.h>

void scale(int n, const double *x, double *y) {
    if (y != NULL)
        y[0] = 0.0;
#pragma pargrad map
    for (int i = 0; i < n; i++)
        y[i] = 2.0 * x[i];
}
#pragma pargrad reverse(scale) wrt(x) out(y)
