/* Pointers chosen between arrays with ?: as C code writes it (a
 * coefficient table picked by a flag, the source of a step picked by the
 * step's parity): pargrad runs the statements after the choice once per
 * array, as after an if. */
#include <math.h>
#include <stdlib.h>

/* a declaration: one of two arrays, chosen by n and a value of x (sizes 1, 2,
 * 5, 9 of the check: both chosen) */
double pc_decl(int n, const double *x) {
    double *w = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++)
        w[i] = cos(0.3 * i) * x[i];
    const double *p = (n % 2 == 0 || x[0] > 0.5) ? x : w;
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sin(p[i]) * (1.0 + 0.1 * i);
    free(w);
    return s;
}

/* an assignment, into the middle of one array or the start of another */
double pc_assign(int n, const double *x) {
    double tmp[n];
    for (int i = 0; i < n; i++)
        tmp[i] = x[i] * x[i];
    const double *p;
    p = n > 3 ? &x[n / 2] : tmp;
    int len = n > 3 ? n - n / 2 : n;
    double s = 0.0;
    for (int i = 0; i < len; i++)
        s += exp(0.5 * p[i]);
    return s;
}

/* inside a time loop: each step reads the buffer its parity picks */
double pc_steps(int n, const double *x) {
    double *a = malloc(sizeof(double) * (size_t)n), *b = malloc(sizeof(double) * (size_t)n);
    for (int i = 0; i < n; i++) {
        a[i] = x[i];
        b[i] = 0.5 * x[i];
    }
    double e = 0.0;
    for (int t = 0; t < 5; t++) {
        const double *src = (t % 2) ? a : b;
        double s = 0.0;
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += src[i] * tanh(src[(i + 1) % n]);
        e = 0.5 * e + s;
    }
    free(a);
    free(b);
    return e;
}

#pragma pargrad reverse(pc_decl) wrt(x)
#pragma pargrad reverse(pc_assign) wrt(x)
#pragma pargrad reverse(pc_steps) wrt(x)
