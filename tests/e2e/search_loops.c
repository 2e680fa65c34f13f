/* for loops that are not counted loops, as search and convergence code
 * writes them: a condition that also tests the data, a counter squared
 * against the bound, for (;;) with a break, a bound the body lowers, and
 * a floating counter. pargrad runs them as while loops. */
#include <math.h>

double search(int n, const double *x) {
    int i;
    double s = 0.0;
    for (i = 0; i < n && x[i] > -0.9; i++)
        s += x[i] * x[i];
    for (i = 1; i * i < 4 * n; i += 1) {
        if (i % 3 == 0)
            continue;
        s += sin(x[i % n]) * i;
    }
    for (;;) {
        s = 0.9 * s + 0.1;
        if (s < 1.0 || i > 40)
            break;
        i++;
    }
    return s;
}

/* The bound shrinks when an element is large. */
double shrinking(int n, const double *x) {
    double s = 0.0;
    int m = n;
    for (int i = 0; i < m; i++) {
        s += sin(x[i]);
        if (x[i] > 0.5)
            m = m - 1;
    }
    return s;
}

/* Time steps counted by a floating time. */
double timed(int n, const double *x) {
    double u = x[0], t;
    double dt = 0.125;
    for (t = 0.0; t < 1.0; t += dt)
        u = u + dt * sin(u + x[(int)(t * 8.0) % n]);
    return u;
}

#pragma pargrad reverse(search) wrt(x)
#pragma pargrad reverse(shrinking) wrt(x)
#pragma pargrad reverse(timed) wrt(x)
