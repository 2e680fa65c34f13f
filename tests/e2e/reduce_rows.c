/* Reduces of rows (the papers' vectorised operators): reduce(OP: a) of an
 * array, each element a reduce, updated in an inner loop over the row
 * (`colmax[j] = fmax(colmax[j], v)`), as OpenMP's reduction(max: a[:n]);
 * the same with histogram(OP: a). Each runs as a histogram whose entries
 * are the inner loop's iterations: max, * with two updates (one under an
 * if), min with the counter declared at the top and the row length in a
 * local, + (no entries: per-thread rows), a declared operator, and an
 * inner loop that breaks. */
#include <math.h>
#include <stdlib.h>

enum { NC = 6 };

static double logaddexp(double a, double b) {
    double m = a > b ? a : b;
    if (m == -INFINITY)
        return -INFINITY;
    return m + log(exp(a - m) + exp(b - m));
}

double logsubexp(double z, double b);
double logsubexp(double z, double b) {
    return z + log1p(-exp(b - z));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY) commutative inverse(logsubexp)

static double weigh(const double *s) {
    double t = 0.0;
    for (int j = 0; j < NC; j++)
        t += s[j] * (j + 1) + 0.1 * s[j] * s[j];
    return t;
}

double rows_max(int n, const double *x) {
    double s[NC];
    for (int j = 0; j < NC; j++)
        s[j] = -2.0;
#pragma pargrad reduce(max : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NC; j++)
            s[j] = fmax(s[j], sin(x[i] * (j + 1)) + 0.01 * i);
    return weigh(s);
}

double rows_mul(int n, const double *x) {
    double p[NC];
    for (int j = 0; j < NC; j++)
        p[j] = 1.0;
#pragma pargrad histogram(* : p)
    for (int i = 0; i < n; i++) {
        double v = tanh(x[i]);
        for (int j = 0; j < NC; j++) {
            p[j] *= 1.0 + 0.1 * v * (j - 2);
            if (v > 0.2)
                p[(j + 1) % NC] = p[(j + 1) % NC] * (1.0 - 0.05 * v);
        }
    }
    return weigh(p);
}

double rows_min(int n, const double *x) {
    int i, j;
    int cols = NC - 1;
    double s[NC];
    for (j = 0; j < NC; j++)
        s[j] = 3.0;
#pragma pargrad reduce(min : s)
    for (i = 0; i < n; i++) {
        double a = x[i] * x[i];
        for (j = 0; j < cols; j++)
            s[j + 1] = fmin(s[j + 1], a + cos(x[i] + j));
    }
    return weigh(s);
}

double rows_add(int n, const double *x) {
    double s[NC] = {0};
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NC; j++)
            s[j] += x[i] * sin(x[i] + j);
    return weigh(s);
}

double rows_lse(int n, const double *x) {
    double s[NC];
    for (int j = 0; j < NC; j++)
        s[j] = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NC; j++)
            s[j] = logaddexp(s[j], x[i] * (j - 2.5));
    return weigh(s);
}

/* the row ends at the first term above 1.2 (never the first) */
double rows_break(int n, const double *x) {
    double s[NC];
    for (int j = 0; j < NC; j++)
        s[j] = -1.0;
#pragma pargrad reduce(max : s)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < NC; j++) {
            double v = x[i] + 0.3 * j - 0.5;
            if (v > 1.2)
                break;
            s[j] = fmax(s[j], v * v);
        }
    return weigh(s);
}

#pragma pargrad reverse(rows_max) wrt(x)
#pragma pargrad reverse(rows_mul) wrt(x)
#pragma pargrad reverse(rows_min) wrt(x)
#pragma pargrad reverse(rows_add) wrt(x)
#pragma pargrad reverse(rows_lse) wrt(x)
#pragma pargrad reverse(rows_break) wrt(x)
