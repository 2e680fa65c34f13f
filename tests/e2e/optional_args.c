/* Optional arrays as library C passes them: weights, sources and outputs
 * the caller may leave NULL, tested where they are used (`w ? w[i] : 1.0`,
 * `if (src != NULL)`), once around a whole loop, or in a check of the
 * arguments that aborts. The adjoint of a NULL pointer is NULL. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* weights tested in every iteration */
double weighted_sse(int n, const double *x, const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double wi = w ? w[i] : 1.0;
        s += wi * x[i] * x[i];
    }
    return s;
}
#pragma pargrad reverse(weighted_sse) wrt(x, w)

/* one loop per case, chosen once */
double weighted_abs(int n, const double *x, const double *w) {
    double s = 0.0;
    if (w == NULL) {
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += sqrt(1.0 + x[i] * x[i]);
    } else {
#pragma pargrad reduce(+ : s)
        for (int i = 0; i < n; i++)
            s += w[i] * sqrt(1.0 + x[i] * x[i]);
    }
    return s;
}
#pragma pargrad reverse(weighted_abs) wrt(x, w)

/* arguments checked at the top */
double checked_dot(int n, const double *x, const double *y) {
    if (!x || y == NULL) {
        fprintf(stderr, "checked_dot: NULL argument\n");
        abort();
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i] * sin(y[i]);
    return s;
}
#pragma pargrad reverse(checked_dot) wrt(x, y)

/* an optional output of activations, and an optional maximum */
double softplus_sum(int n, const double *x, double *act, double *max_act) {
    double s = 0.0, m = -INFINITY;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++) {
        double a = log1p(exp(x[i]));
        if (act != NULL)
            act[i] = a;
        s += a;
    }
    if (max_act) {
#pragma pargrad reduce(max : m)
        for (int i = 0; i < n; i++)
            m = fmax(m, x[i]);
        *max_act = m;
    }
    return s;
}
#pragma pargrad reverse(softplus_sum) wrt(x)

/* a time loop with an optional source and an optional trace of u[0] */
double relax(int n, int steps, double *u, const double *src, double *trace) {
    double *tmp = malloc((size_t)n * sizeof *tmp);
    if (!tmp)
        return NAN;
    for (int t = 0; t < steps; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++) {
            double f = 0.5 * sin(u[i]);
            if (src != NULL)
                f += 0.3 * src[i] * u[i];
            tmp[i] = u[i] + 0.1 * f;
        }
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = tmp[i];
        if (trace)
            trace[t] = u[0];
    }
    free(tmp);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * u[i];
    if (trace != NULL)
        s += 0.5 * trace[steps - 1];
    return s;
}
#pragma pargrad reverse(relax) wrt(u, src)

/* a histogram whose updates are weighted where weights are given */
double binned_mass(int n, const int *bin, const double *m, const double *w, int nb) {
    double *h = calloc((size_t)nb, sizeof *h);
    if (h == NULL)
        return NAN;
#pragma pargrad histogram(+ : h)
    for (int i = 0; i < n; i++)
        h[bin[i]] += (w != NULL ? w[i] : 1.0) * m[i];
    double s = 0.0;
    for (int k = 0; k < nb; k++)
        s += h[k] * h[k];
    free(h);
    return s;
}
#pragma pargrad reverse(binned_mass) wrt(m, w)

/* an optional state updated in place in a time loop (saved where given) */
double relax_state(int n, int steps, double *u, double *v) {
    double *tmp = malloc((size_t)n * sizeof *tmp);
    if (tmp == NULL)
        return NAN;
    for (int t = 0; t < steps; t++) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            tmp[i] = u[i] + (v ? 0.1 * v[i] * u[i] : 0.0);
        if (v) {
#pragma pargrad map
            for (int i = 0; i < n; i++)
                v[i] = 0.9 * v[i] + 0.1 * tmp[i] * tmp[i];
        }
#pragma pargrad map
        for (int i = 0; i < n; i++)
            u[i] = sin(tmp[i]);
    }
    free(tmp);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += u[i] * (v != NULL ? v[i] : 1.0);
    return s;
}
#pragma pargrad reverse(relax_state) wrt(u, v)

/* an optional output among the outputs (its seeds zeroed where given) */
void tanh_features(int n, const double *x, double *y, double *act) {
#pragma pargrad map
    for (int i = 0; i < n; i++) {
        double a = tanh(x[i]);
        y[i] = a * x[i];
        if (act)
            act[i] = a;
    }
}
#pragma pargrad reverse(tanh_features) wrt(x) out(y, act)

/* a prefix sum of optionally weighted terms */
double weighted_cumsum(int n, const double *x, const double *w, double *c) {
    double acc = 0.0;
#pragma pargrad scan(+ : acc)
    for (int i = 0; i < n; i++) {
        acc += (w ? w[i] : 1.0) * x[i];
        c[i] = acc;
    }
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += sin(c[i]);
    return s;
}
#pragma pargrad reverse(weighted_cumsum) wrt(x, w)

/* optional scalar outputs through pointers */
void stats(int n, const double *x, double *mean, double *var) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i];
    double m = s / n;
    if (mean)
        *mean = m;
    if (var != NULL) {
        double q = 0.0;
#pragma pargrad reduce(+ : q)
        for (int i = 0; i < n; i++)
            q += (x[i] - m) * (x[i] - m);
        *var = q / n;
    }
}
#pragma pargrad reverse(stats) wrt(x) out(mean, var)
