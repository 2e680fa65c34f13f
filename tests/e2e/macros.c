/* Function-like macros as numerical codes use them: squares, 2-D index
 * arithmetic, min/max, a statement-like update macro, macros in another
 * macro's arguments (a clamp), a macro inside a helper, and MIN/MAX as the
 * updates of min and max histograms and reduces. */
#include <math.h>

#define SQ(a) ((a) * (a))
#define IDX(i, j) ((i)*m + (j))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define AXPY(y, a, x) y += (a) * (x)
#define NEG(v) (-(v))

static double softsq(double v) {
    return SQ(v) / (1.0 + SQ(v));
}

/* Row-wise weighted squares of a matrix stored flat. */
double flat_rows(int n, const double *x) {
    int m = 3, i, j;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (i = 0; i < n; i++) {
        double t = 0.0;
        for (j = 0; j < m; j++)
            AXPY(t, 0.5 + 0.1 * j, SQ(x[(i + j) % n] - 0.25));
        s += MIN(t, 1.5) + NEG(sin(x[i])) + (x[i] - 0.5) * 2.0 + softsq(x[i]);
    }
    return s;
}

#pragma pargrad reverse(flat_rows) wrt(x)

/* A stencil written with an index macro into a flat grid of n rows. */
double grid_energy(int n, const double *x) {
    int m = 3, i, j;
    double e = 0.0;
    for (i = 1; i < n; i++)
        for (j = 0; j < m; j++)
            e += SQ(x[IDX(i, j) % n] - x[(IDX(i - 1, j) + 4) % n]) * MIN(MAX(1.5 + x[i], 0.0), 2.0);
    return e;
}

#pragma pargrad reverse(grid_energy) wrt(x)

/* The nearest distance per cell and the farthest per cell, bins updated
 * with the macros. */
double cell_extrema(int n, const double *x) {
    enum { NB = 5 };
    double lo[NB], hi[NB];
    for (int b = 0; b < NB; b++) {
        lo[b] = 2.0 + 0.1 * b;
        hi[b] = -2.0 - 0.1 * b;
    }
#pragma pargrad histogram(min : lo)
    for (int i = 0; i < n; i++) {
        const int c = (3 * i + 1) % NB;
        lo[c] = MIN(lo[c], SQ(x[i] - 0.3) + 0.5 * x[i]);
    }
#pragma pargrad histogram(max : hi)
    for (int i = 0; i < n; i++) {
        const int c = (i * i) % NB;
        hi[c] = MAX(sin(x[i]) * x[(i + 1) % n], hi[c]);
    }
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += (b + 1) * lo[b] - 0.5 * (b + 2) * hi[b];
    return s;
}

#pragma pargrad reverse(cell_extrema) wrt(x)

double peak(int n, const double *x) {
    double p = -INFINITY;
#pragma pargrad reduce(max : p)
    for (int i = 0; i < n; i++)
        p = MAX(MIN(x[i] * cos(x[(i + 2) % n]), 0.8 + 0.1 * x[i]), p);
    return p;
}

#pragma pargrad reverse(peak) wrt(x)
