/* expect: 6:14: 'prev' tested for NULL: pargrad decides such a test */
#include <stddef.h>
static double chain(int n, const double *x, const double *prev) {
    double s = 0.0;
    for (int t = 0; t < 3; t++) {
        s += prev ? prev[t % n] : 0.5;
        prev = x;
    }
    return s;
}
double f(int n, const double *x) {
    return chain(n, x, NULL);
}
#pragma pargrad reverse(f) wrt(x)
