/* Kernels whose helpers live in a header of the project (header_helpers.h):
 * inlined and differentiated like the file's own, a declared operator whose
 * COMBINE and INV are defined there, and a helper loop at the same line as
 * an annotated loop of this file. */
#include "header_helpers.h"

#pragma pargrad declare op(lse, double, log_add, -INFINITY) commutative inverse(log_sub)

/* the polynomial's coefficients are x[0..3], evaluated at every x[i] */
double hh_poly(int n, const double *x) {
    double s = 0.0;
    int deg = n < 4 ? n - 1 : 3;
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++)
        s += horner(x, deg, x[i]);
    return s;
}

double hh_clip(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += softclip(x[i] + 1.0);
    return s;
}

/* points (x[3j], x[3j+1], x[3j+2]) against the first one */
double hh_points(int n, const double *x) {
    int m = n / 3;
    double s = 0.0;
    if (m == 0)
        return x[0] * x[0];
    point3 o = {x[0], x[1], x[2]};
#pragma omp parallel for reduction(+ : s)
    for (int j = 0; j < m; j++) {
        point3 p = {x[3 * j], x[3 * j + 1], SQR(x[3 * j + 2])};
        s += sqrt(1.0 + dist2(p, o));
    }
    return s;
}

double hh_lse(int n, const double *x) {
    double s = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        s = log_add(s, x[i]);
    return s;
}

#pragma pargrad reverse(hh_poly) wrt(x)
#pragma pargrad reverse(hh_clip) wrt(x)
#pragma pargrad reverse(hh_points) wrt(x)
#pragma pargrad reverse(hh_lse) wrt(x)
