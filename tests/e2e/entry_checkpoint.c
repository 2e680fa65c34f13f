/* Loops under `#pragma pargrad loop checkpoint(entry: a)`, the arrays
 * written without false dependences (each element once, none after it
 * was read): saved once before the loop, not by each iteration. A
 * trajectory kept row by row in a VLA, in a malloc'ed buffer through row
 * pointers, with an inner sequential sweep, rows that held values the
 * code before the loop read (which the return sweep must find again), a
 * strip-mined one, and one whose trip count is 1. */
#include <math.h>
#include <stdlib.h>

static double total(int n, const double *row) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int j = 0; j < n; j++)
        s += row[j] * row[j];
    return s;
}

/* the paper's xs[i][j] = f(xs[i-1][j]) in a VLA, 7 steps */
double ec_rows(int n, const double *x) {
    int T = 7;
    double xs[T + 1][n];
    for (int j = 0; j < n; j++)
        xs[0][j] = x[j];
#pragma pargrad loop checkpoint(entry : xs)
    for (int t = 1; t <= T; t++) {
#pragma pargrad map
        for (int j = 0; j < n; j++)
            xs[t][j] = 0.9 * sin(xs[t - 1][j]) + 0.1 * x[j] * xs[t - 1][(j + 1) % n];
    }
    return total(n, xs[T]) + 0.5 * total(n, xs[T / 2]);
}

/* a malloc'ed history through row pointers, 3 to 15 steps */
double ec_history(int n, const double *x) {
    int T = n % 13 + 3;
    double *hist = malloc(sizeof(double) * (size_t)(T + 1) * (size_t)n);
    for (int j = 0; j < n; j++)
        hist[j] = x[j];
    int t;
#pragma pargrad loop checkpoint(entry : hist)
    for (t = 1; t <= T; t++) {
        const double *prev = hist + (size_t)(t - 1) * n;
        double *cur = hist + (size_t)t * n;
#pragma pargrad map
        for (int j = 0; j < n; j++)
            cur[j] = prev[j] * cos(prev[j]) + 0.05 * (double)t;
    }
    double r = total(n, hist + (size_t)T * n) + t;
    free(hist);
    return r;
}

/* an inner sequential sweep reading the row it builds */
double ec_sweep(int n, const double *x) {
    int T = 5;
    double xs[T + 1][n];
    for (int j = 0; j < n; j++)
        xs[0][j] = x[j];
#pragma pargrad loop checkpoint(entry : xs)
    for (int t = 1; t <= T; t++) {
        xs[t][0] = tanh(xs[t - 1][0]);
        for (int j = 1; j < n; j++)
            xs[t][j] = xs[t - 1][j] * 0.8 + 0.3 * sin(xs[t][j - 1]);
    }
    double s = 0.0;
    for (int t = 0; t <= T; t++)
        s += xs[t][n - 1] * xs[t][0];
    return s;
}

/* rows the code before the loop filled and read: its return sweep reads
 * them again after the loop's, so the loop's entry save puts them back */
double ec_before(int n, const double *x) {
    int T = 4;
    double *xs = malloc(sizeof(double) * (size_t)(T + 1) * (size_t)n);
    for (int i = 0; i < (T + 1) * n; i++)
        xs[i] = x[i % n] * (1.0 + 0.1 * (i % 7));
    double pre = 0.0;
    for (int i = 0; i < (T + 1) * n; i++)
        pre += sin(xs[i]) * xs[i];
#pragma pargrad loop checkpoint(entry : xs)
    for (int t = 1; t <= T; t++)
        for (int j = 0; j < n; j++)
            xs[t * n + j] = xs[(t - 1) * n + j] * xs[(t - 1) * n + j] * 0.5 + pre * 0.01;
    double r = pre + total(n, xs + T * n);
    free(xs);
    return r;
}

/* strip-mined too, 11 steps */
double ec_strip(int n, const double *x) {
    int T = 11;
    double xs[T + 1][n];
    double e = 0.0;
    for (int j = 0; j < n; j++)
        xs[0][j] = x[j];
#pragma pargrad loop stripmine(2) checkpoint(entry : xs)
    for (int t = 1; t <= T; t++) {
#pragma pargrad map
        for (int j = 0; j < n; j++)
            xs[t][j] = xs[t - 1][j] + 0.1 * sin(xs[t - 1][j] + e);
        e = 0.5 * e + 0.01 * xs[t][0];
    }
    return total(n, xs[T]) + e;
}

/* one step */
double ec_one(int n, const double *x) {
    double xs[2][n];
    for (int j = 0; j < n; j++)
        xs[0][j] = x[j];
#pragma pargrad loop checkpoint(entry : xs)
    for (int t = 1; t < 2; t++)
        for (int j = 0; j < n; j++)
            xs[t][j] = exp(0.3 * xs[t - 1][j]);
    return total(n, xs[1]);
}

#pragma pargrad reverse(ec_rows) wrt(x)
#pragma pargrad reverse(ec_history) wrt(x)
#pragma pargrad reverse(ec_sweep) wrt(x)
#pragma pargrad reverse(ec_before) wrt(x)
#pragma pargrad reverse(ec_strip) wrt(x)
#pragma pargrad reverse(ec_one) wrt(x)
