/* expect: 14:9: 'y' carries derivatives, but pargrad cannot tell its size */
#include <math.h>
/* a scratch output sized by a struct's field: the hint names wrt(...) and
 * out(return, y), which together are accepted */
typedef struct {
    int n;
    double scale;
} dims_t;

double f(const dims_t *d, const double *x, double *y) {
    double s = 0.0;
#pragma pargrad map
    for (int i = 0; i < d->n; i++)
        y[i] = x[i] * d->scale;
    for (int i = 0; i < d->n; i++)
        s += sin(y[i]);
    return s;
}
#pragma pargrad reverse(f) wrt(x)
