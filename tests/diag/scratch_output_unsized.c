/* expect: 19:9: 'y' carries derivatives, but pargrad cannot tell its size */
#include <math.h>
/* a scratch output as long as a count the function finds (the leading
 * positive inputs): the hint names wrt(...) and out(return, y), which
 * together are accepted. (A size read from a struct the function does not
 * write, d->n, sizes it.) */
typedef struct {
    int n;
    double scale;
} dims_t;

double f(const dims_t *d, const double *x, double *y) {
    double s = 0.0;
    int m = 0;
    while (m < d->n && x[m] > 0.0)
        m++;
#pragma pargrad map
    for (int i = 0; i < m; i++)
        y[i] = x[i] * d->scale;
    for (int i = 0; i < m; i++)
        s += sin(y[i]);
    return s;
}
#pragma pargrad reverse(f) wrt(x)
