/* expect: 16:13: 'off' tested for NULL */
/* An optional offset kept in a struct's pointer field, tested for NULL
 * through a local pointer: the hint names what works (an int field of
 * the struct kept beside it, or the array as a parameter of its own),
 * not another pointer test. Followed (int has_offset; if
 * (d->has_offset)), it translates. */
#include <math.h>
#include <stddef.h>
typedef struct { size_t n; const double *y; const double *offset; } Data;
double poisson_nll(const Data *d, const double *beta) {
    double ll = 0.0;
    const double *off = d->offset;
#pragma pargrad reduce(+ : ll)
    for (size_t i = 0; i < d->n; i++) {
        double eta = beta[0];
        if (off) eta += off[i];
        ll += d->y[i] * eta - exp(eta);
    }
    return -ll;
}
#pragma pargrad reverse(poisson_nll) wrt(beta)
