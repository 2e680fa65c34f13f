/* Loops under `#pragma pargrad while bound(N)` as lookup and solver codes
 * write them: a binary search on a grid inside a parallel loop (its
 * return sweep runs the search again: no tape), a bisection whose bound is
 * a variable, a do loop halving a step, and a Newton iteration whose
 * bound the check exceeds on purpose (while_bound_check.c: the gradient
 * stops with a message instead of differentiating another loop). */
#include <math.h>

/* interpolation in a table of 64 cells, tab(k) = cos(0.1 k): the cell
 * found by bisection, at most 6 halvings (bound 7 leaves one to spare);
 * continuous across the cells' ends */
double wb_lookup(int n, const double *x) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
#pragma omp parallel for reduction(+ : s)
    for (int i = 0; i < n; i++) {
        double e = 0.5 + 0.45 * sin(x[i]);
        int lo = 0, hi = 64;
#pragma pargrad while bound(7)
        while (hi - lo > 1) {
            int mid = (lo + hi) / 2;
            if (mid / 64.0 > e)
                hi = mid;
            else
                lo = mid;
        }
        double t = (e - lo / 64.0) * 64.0;
        double v = cos(0.1 * lo) * (1.0 - t) + cos(0.1 * (lo + 1)) * t;
        s += x[i] * v + x[(i + 1) % n] * v * v;
    }
    return s;
}

/* the root of t^3 + t = c on [0, 2]: the cell of 1/64 holding it found by
 * bisection (the bound a local cap that the condition tests too), the
 * inverse interpolated linearly in it, then polished by two Newton steps
 * (smooth across the cells' ends) */
double wb_bisect(int n, const double *x) {
    double s = 0.0;
    int cap = 60;
    for (int i = 0; i < n; i++) {
        double c = 1.0 + x[i] * x[i], lo = 0.0, hi = 2.0;
        int it = 0;
#pragma pargrad while bound(cap)
        while (hi - lo > 1.0 / 64 && it < cap) {
            double mid = 0.5 * (lo + hi);
            if (mid * mid * mid + mid > c)
                hi = mid;
            else
                lo = mid;
            it++;
        }
        double glo = lo * lo * lo + lo, ghi = hi * hi * hi + hi;
        double r = lo + (c - glo) / (ghi - glo) * (hi - lo);
        for (int k = 0; k < 2; k++)
            r -= (r * r * r + r - c) / (3.0 * r * r + 1.0);
        s += x[i] * r;
    }
    return s;
}

/* a do loop halving a step until it is small, bounded by a parameter-sized
 * count */
double wb_halving(int n, const double *x) {
    double h = 1.0 + x[0] * x[0], s = 0.0;
    int k = 0;
#pragma pargrad while bound(n + 20)
    do {
        s += h * x[k % n];
        h *= 0.5;
        k++;
    } while (h > 1e-3);
    return s;
}

/* Newton for sqrt(1 + x^2) from g = 1 + x^2: 12 steps suffice for |x| <= 1
 * (the check's values), not for x = 1e6 */
double wb_newton(int n, const double *x) {
    double s = 0.0;
    for (int i = 0; i < n; i++) {
        double a = 1.0 + x[i] * x[i], g = a;
#pragma pargrad while bound(12)
        while (fabs(g * g - a) > 1e-12 * a)
            g = 0.5 * (g + a / g);
        s += g * x[i];
    }
    return s;
}

#pragma pargrad reverse(wb_lookup) wrt(x)
#pragma pargrad reverse(wb_bisect) wrt(x)
#pragma pargrad reverse(wb_halving) wrt(x)
#pragma pargrad reverse(wb_newton) wrt(x)
