/* A +-reduce whose body holds an inner sequential loop: Horner evaluation of
 * a polynomial with active coefficients c[0..deg] at each x[i],
 * p(x) = c[deg] + x (c[deg-1] + x (... + x c[0])). The loop runs upward over
 * k and reads c[k] (canonical loops only count up). The coefficients are
 * shared by all (parallel) iterations. */
#include <math.h>

double horner_sum(int n, int deg, const double *c, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double p = c[0];
        for (int k = 1; k <= deg; k++)
            p = p * x[i] + c[k];
        s += p * p;
    }
    return s;
}

#pragma pargrad reverse(horner_sum) wrt(c, x)
