/* expect: 10:14: it is inside a macro using another macro */
/* A function-like macro whose body uses another macro: pargrad reads the
 * operators of a macro's own body only. */
#define SQ(a) ((a) * (a))
#define DIST2(x0, y0, x1, y1) (SQ((x0) - (x1)) + SQ((y0) - (y1)))

double path(int n, const double *x) {
    double s = 0.0;
    for (int i = 1; i < n; i++)
        s += DIST2(x[i], 1.0, x[i - 1], 0.5);
    return s;
}

#pragma pargrad reverse(path) wrt(x)
