/* Declared operators (`#pragma pargrad declare op`): a log-sum-exp reduce
 * by the invertible rule (commutative, with its inverse) and by the
 * general rule (no inverse: differentiated as a scan), a Euclidean norm
 * by the general rule, scans of a declared operator (named and inferred),
 * two updates per iteration, the variable as the second argument of a
 * commutative operator, a reduce per row of a map, and a reduce in a time
 * loop; histograms of declared operators (the invertible rule, and the
 * general one without an inverse): a bin that receives nothing, the operator inferred, two updates
 * per iteration, one under an if, the bin second, and local bins per row of a map. */
#include <math.h>
#include <stdlib.h>

static double logaddexp(double a, double b) {
    double m = a > b ? a : b;
    if (m == -INFINITY)
        return -INFINITY;
    return m + log(exp(a - m) + exp(b - m));
}

/* a such that logaddexp(a, b) == z (not static: only the pragma names it,
 * and -Wunused-function would flag a static one) */
double logsubexp(double z, double b);
double logsubexp(double z, double b) {
    return z + log1p(-exp(b - z));
}

static double hyp(double a, double b) {
    return sqrt(a * a + b * b);
}

/* a + b + a * b, (1 + a)(1 + b) - 1: associative and commutative */
static double plusprod(double a, double b) {
    return a + b + a * b;
}

double plusprod_inv(double z, double b);
double plusprod_inv(double z, double b) {
    return (z - b) / (1.0 + b);
}

/* a float operator: a + b + 0.1 a b */
static float mixf(float a, float b) {
    return a + b + 0.1f * a * b;
}

float mixf_inv(float z, float b);
float mixf_inv(float z, float b) {
    return (z - b) / (1.0f + 0.1f * b);
}

#pragma pargrad declare op(mixi, float, mixf, 0.0f) commutative inverse(mixf_inv)
#pragma pargrad declare op(mixg, float, mixf, 0.0f) commutative
#pragma pargrad declare op(lse, double, logaddexp, -INFINITY) commutative inverse(logsubexp)
#pragma pargrad declare op(pp, double, plusprod, 0.0) commutative inverse(plusprod_inv)
#pragma pargrad declare op(lse_general, double, logaddexp, -INFINITY) commutative
#pragma pargrad declare op(norm, double, hyp, 0.0) commutative

double op_lse_inverse(int n, const double *x) {
    double s = -INFINITY;
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++)
        s = logaddexp(s, 2.0 * x[i] + sin(x[i]));
    return s;
}

double op_lse_general(int n, const double *x) {
    double s = 0.5;
#pragma pargrad reduce(lse_general : s)
    for (int i = 0; i < n; i++)
        s = logaddexp(s, 2.0 * x[i] + sin(x[i]));
    return s * s;
}

double op_norm(int n, const double *x) {
    double r = 0.0;
#pragma pargrad reduce(norm : r)
    for (int i = 0; i < n; i++)
        r = hyp(r, x[i] - 0.3 * (i % 7) - 2.0);
    return r;
}

/* the prefixes used: an inclusive scan writing every step's value */
double op_scan(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    double acc = x[0];
#pragma pargrad scan(lse : acc)
    for (int i = 0; i < n; i++) {
        acc = logaddexp(acc, x[i] * x[i]);
        y[i] = acc * cos(x[i]);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i] * (1.0 + 0.1 * i);
    free(y);
    return s + acc;
}

/* the operator inferred from the update; an exclusive use before it */
double op_scan_inferred(int n, const double *x) {
    double *y = malloc((size_t)n * sizeof(double));
    double acc = -1.0;
#pragma pargrad scan(acc)
    for (int i = 0; i < n; i++) {
        y[i] = acc * x[i];
        acc = logaddexp(x[i], acc);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += y[i];
    free(y);
    return s;
}

/* two updates per iteration, one under an if; the variable second */
double op_two_updates(int n, const double *x) {
    double s = x[0];
#pragma pargrad reduce(lse : s)
    for (int i = 0; i < n; i++) {
        s = logaddexp(s, x[i]);
        if (x[i] > 0.0)
            s = logaddexp(3.0 * x[i] * x[i], s);
    }
    return s;
}

/* a log-sum-exp per row of a map */
double op_rows(int n, const double *x) {
    int rows = 3, cols = n;
    double *out = malloc(3 * sizeof(double));
#pragma pargrad map
    for (int r = 0; r < rows; r++) {
        double s = -INFINITY;
#pragma pargrad reduce(lse : s)
        for (int j = 0; j < cols; j++)
            s = logaddexp(s, (r + 1) * x[j]);
        double g = 0.0;
#pragma pargrad reduce(norm : g)
        for (int j = 0; j < cols; j++)
            g = hyp(g, x[j] - r);
        out[r] = s + g;
    }
    double t = out[0] + 2.0 * out[1] + 3.0 * out[2];
    free(out);
    return t;
}

/* a reduce in each step of a time loop whose state it feeds */
double op_steps(int n, const double *x) {
    double c = 1.0;
    for (int t = 0; t < 3; t++) {
        double s = -INFINITY;
#pragma pargrad reduce(lse : s)
        for (int i = 0; i < n; i++)
            s = logaddexp(s, c * x[i]);
        c = 0.5 * c + 0.1 * s;
    }
    return c;
}

enum { NB = 5 };

/* the last bin receives nothing */
double op_hist_lse(int n, const double *x) {
    double h[NB];
    for (int b = 0; b < NB; b++)
        h[b] = 0.1 * b;
#pragma pargrad histogram(lse : h)
    for (int i = 0; i < n; i++) {
        int k = (3 * i) % (NB - 1);
        h[k] = logaddexp(h[k], 2.0 * x[i] + sin(x[i]));
    }
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += h[b] * (b + 1);
    return s;
}

/* inferred; two updates, one under an if, one with the bin second */
double op_hist_pp(int n, const double *x) {
    double *h = malloc(NB * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < NB; b++)
        h[b] = 0.05 * b;
#pragma pargrad histogram(h)
    for (int i = 0; i < n; i++) {
        double v = 0.2 * tanh(x[i]);
        h[i % NB] = plusprod(h[i % NB], v);
        if (x[i] > 0.0)
            h[(i + 2) % NB] = plusprod(0.5 * v * v, h[(i + 2) % NB]);
    }
    double s = 0.0;
    for (int b = 0; b < NB; b++)
        s += h[b] * h[b] + h[b];
    free(h);
    return s;
}

/* bins of their own per row of a map */
double op_hist_rows(int n, const double *x) {
    double out[3];
#pragma pargrad map
    for (int r = 0; r < 3; r++) {
        double h[NB];
        for (int b = 0; b < NB; b++)
            h[b] = -1.0;
#pragma pargrad histogram(lse : h)
        for (int i = 0; i < n; i++)
            h[(i + r) % NB] = logaddexp(h[(i + r) % NB], (r + 1) * x[i]);
        out[r] = h[0] + 2.0 * h[1] + h[2] * h[3];
    }
    return out[0] + out[1] * out[2];
}

/* as many bins as values: atomics instead of per-thread bins */
double op_hist_many(int n, const double *x) {
    double *h = malloc((size_t)n * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < n; b++)
        h[b] = 0.01 * b;
#pragma pargrad histogram(lse : h)
    for (int i = 0; i < n; i++) {
        int k = (i * 7 + 1) % ((n + 1) / 2);
        h[k] = logaddexp(x[i] * x[i], h[k]);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < n; b++)
        s += h[b] * sin(0.1 * b + 1.0);
    free(h);
    return s;
}

/* the general rule (no inverse): per-thread bins forward, the updates
 * sorted by bin for the adjoint; a norm per bin, and many bins */
double op_hist_general(int n, const double *x) {
    double h[NB];
    for (int b = 0; b < NB; b++)
        h[b] = 0.0;
#pragma pargrad histogram(norm : h)
    for (int i = 0; i < n; i++) {
        h[(2 * i) % NB] = hyp(h[(2 * i) % NB], 0.5 + 0.25 * tanh(x[i]));
        if (x[i] < 0.3)
            h[(i + 1) % NB] = hyp(x[i] * x[i] + 0.1, h[(i + 1) % NB]);
    }
    return h[0] + 2.0 * h[1] + h[2] * h[3] + h[4];
}

double op_hist_general_many(int n, const double *x) {
    double *h = malloc((size_t)n * sizeof(double));
#pragma pargrad map
    for (int b = 0; b < n; b++)
        h[b] = 0.01 * b;
#pragma pargrad histogram(lse_general : h)
    for (int i = 0; i < n; i++) {
        int k = (i * 7 + 1) % ((n + 1) / 2);
        h[k] = logaddexp(x[i] * x[i], h[k]);
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int b = 0; b < n; b++)
        s += h[b] * sin(0.1 * b + 1.0);
    free(h);
    return s;
}

/* float: a reduce by each rule, a histogram by the general one */
float op_float(int n, const float *x) {
    float s = 0.0f;
#pragma pargrad reduce(mixi : s)
    for (int i = 0; i < n; i++)
        s = mixf(s, 0.3f * tanhf(x[i]));
    float t = 0.0f;
#pragma pargrad reduce(mixg : t)
    for (int i = 0; i < n; i++)
        t = mixf(t, 0.2f * sinf(x[i]));
    float h[3] = {0.1f, 0.2f, 0.3f};
#pragma pargrad histogram(mixg : h)
    for (int i = 0; i < n; i++)
        h[i % 3] = mixf(h[i % 3], 0.1f * x[i]);
    return s + t * t + h[0] * h[1] + h[2];
}

#pragma pargrad reverse(op_float) wrt(x)
#pragma pargrad reverse(op_hist_general) wrt(x)
#pragma pargrad reverse(op_hist_general_many) wrt(x)
#pragma pargrad reverse(op_hist_many) wrt(x)
#pragma pargrad reverse(op_hist_lse) wrt(x)
#pragma pargrad reverse(op_hist_pp) wrt(x)
#pragma pargrad reverse(op_hist_rows) wrt(x)
#pragma pargrad reverse(op_lse_inverse) wrt(x)
#pragma pargrad reverse(op_lse_general) wrt(x)
#pragma pargrad reverse(op_norm) wrt(x)
#pragma pargrad reverse(op_scan) wrt(x)
#pragma pargrad reverse(op_scan_inferred) wrt(x)
#pragma pargrad reverse(op_two_updates) wrt(x)
#pragma pargrad reverse(op_rows) wrt(x)
#pragma pargrad reverse(op_steps) wrt(x)
