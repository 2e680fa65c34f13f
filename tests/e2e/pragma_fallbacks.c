/* Annotated loops whose parallel rules do not apply as written are
 * differentiated as the sequential loops they also are (correct, not
 * parallel), with a note in the output: a min histogram updated in a
 * triangular inner loop, a max histogram into bins through a pointer
 * (their number unknown), a reduce of a declared operator without an
 * inverse over two variables (the general rule scans one), a scan of
 * two variables, a scan of rows whose row prelude calls a function of the
 * program (it would run once per column after the interchange), and a
 * scan whose variable the loop leaves as it is (DRIFT is 0 in this build). */
#include <math.h>
#include <stdlib.h>

static double logaddexp(double a, double b) {
    return fmax(a, b) + log1p(exp(-fabs(a - b)));
}

#pragma pargrad declare op(lse, double, logaddexp, -INFINITY) commutative

double hist_triangle(int n, const double *x) {
    int m = 3;
    double h[8];
    for (int k = 0; k < 8; k++)
        h[k] = 2.0 - 0.1 * k;
#pragma pargrad histogram(min : h)
    for (int i = 0; i < n; i++)
        for (int j = 0; j < i % m; j++)
            h[(i + j) % 8] = fmin(h[(i + j) % 8], x[i] * x[(i + j) % n] + 0.5 * x[i]);
    double s = 0.0;
    for (int k = 0; k < 8; k++)
        s += h[k] * (k + 1);
    return s;
}

double lse_two(int n, const double *x) {
    double s = -INFINITY;
    double t = -INFINITY;
#pragma pargrad reduce(lse : s, t)
    for (int i = 0; i < n; i++) {
        s = logaddexp(s, x[i]);
        t = logaddexp(t, 2.0 * x[i]);
    }
    return s + t;
}

double scan_two(int n, const double *x) {
    double a = 0.0, b = 1.0, out = 0.0;
#pragma pargrad scan(+ : a, b)
    for (int i = 0; i < n; i++) {
        a += x[i];
        b += x[i] * x[i];
        out += a * b;
    }
    return out;
}
/* the bins through a pointer into a larger buffer: their number is not
 * known where the loop runs */
double hist_view(int n, const double *x) {
    double *work = malloc(12 * sizeof(double));
    for (int k = 0; k < 12; k++)
        work[k] = -1.5 + 0.05 * k;
    double *h = work + 4;
#pragma pargrad histogram(max : h)
    for (int i = 0; i < n; i++)
        h[(3 * i + 1) % 8] = fmax(h[(3 * i + 1) % 8], tanh(x[i]) + 0.2 * x[i]);
    double s = 0.0;
    for (int k = 0; k < 12; k++)
        s += work[k] * (k + 1);
    free(work);
    return s;
}
static double row_weight(int i, const double *x) {
    return 1.0 + 0.25 * sin(x[i]);
}

double scan_rows_helper(int n, const double *x) {
    enum { W = 3 };
    double acc[W] = {0.5, -0.25, 1.0};
    double *y = malloc(sizeof(double) * (size_t)n * W);
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        const double w = row_weight(i, x);
#pragma pargrad map
        for (int j = 0; j < W; j++) {
            acc[j] += w * x[(i + j) % n];
            y[i * W + j] = acc[j] * acc[j];
        }
    }
    double s = 0.0;
    for (int k = 0; k < n * W; k++)
        s += y[k] * (k % 4 + 1);
    free(y);
    return s + acc[1];
}

#define DRIFT 0.0
double scan_unchanged(int n, const double *x) {
    double level = 1.5, out = 0.0;
    double *y = malloc(sizeof(double) * (size_t)n);
#pragma pargrad scan(+ : level)
    for (int i = 0; i < n; i++) {
        level = level + DRIFT;
        y[i] = level * sin(x[i]);
    }
    for (int i = 0; i < n; i++)
        out += y[i] * (i % 3 + 1);
    free(y);
    return out;
}
#pragma pargrad reverse(hist_triangle) wrt(x) out(return )
#pragma pargrad reverse(lse_two) wrt(x) out(return )
#pragma pargrad reverse(scan_two) wrt(x) out(return )
#pragma pargrad reverse(hist_view) wrt(x) out(return )
#pragma pargrad reverse(scan_rows_helper) wrt(x) out(return )
#pragma pargrad reverse(scan_unchanged) wrt(x) out(return )
