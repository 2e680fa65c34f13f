/* Function-like macros as numerical codes use them: squares, 2-D index
 * arithmetic, min/max, a statement-like update macro, macros in another
 * macro's arguments (a clamp), and a macro inside a helper. */
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
