/* while and do loops as iterative solvers and scanners write them: a
 * Newton iteration to a tolerance (with an iteration cap), a do loop
 * halving a step, and a while loop with break and continue writing a
 * local array, then walking it back down. The trip counts depend on the
 * data; the return sweep runs each loop's iterations in reverse. */
#include <math.h>

/* Newton iterations for sqrt(1 + x^2), to a relative tolerance. */
double newton(int n, const double *x) {
    double s = 0.0;
    int i;
    for (i = 0; i < n; i++) {
        double a = 1.0 + x[i] * x[i];
        double g = a;
        int it = 0;
        while (fabs(g * g - a) > 1e-12 * a && it < 50) {
            g = 0.5 * (g + a / g);
            it++;
        }
        s += g * x[i];
    }
    return s;
}
/* A do loop halving a step until it is small. */
double halving(int n, const double *x) {
    double h = 1.0 + x[0] * x[0], s = 0.0;
    int k = 0;
    do {
        s += h * x[k % n];
        h *= 0.5;
        k++;
    } while (h > 1e-3);
    return s;
}
/* A while loop with break and continue, writing an array. */
double walk(int n, const double *x) {
    double y[64];
    int i = 0, m = n < 64 ? n : 64;
    double acc = 0.0;
    while (i < m) {
        y[i] = sin(x[i]) + acc;
        i++;
        if (y[i - 1] > 2.5)
            break;
        if (x[i - 1] < -0.5)
            continue;
        acc += 0.1 * y[i - 1];
    }
    double s = 0.0;
    while (i > 0) {
        i--;
        s += y[i] * y[i];
    }
    return s + acc;
}
/* A doubling loop whose trip count depends on the input. */
double doubling(int n, const double *x) {
    double s = 1.0 + x[0] * x[0];
    (void)n;
    while (s < 10.0)
        s = s * 2.0 + x[n - 1] * x[n - 1];
    return s;
}

#pragma pargrad reverse(newton) wrt(x)
#pragma pargrad reverse(doubling) wrt(x)
#pragma pargrad reverse(halving) wrt(x)
#pragma pargrad reverse(walk) wrt(x)
