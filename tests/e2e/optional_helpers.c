/* Helpers of a library that take optional arrays and are called with NULL
 * for them: pargrad inlines each call, so a helper's test of a pointer its
 * caller gives NULL is false, and the code behind it is not there at all. */
#include <math.h>
#include <stddef.h>

/* the weighted squared norm, unweighted where w is NULL */
static double weighted_norm2(int n, const double *x, const double *w) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += (w ? w[i] : 1.0) * x[i] * x[i];
    return s;
}

/* called with NULL, and with the caller's own optional weights */
double norm_ratio(int n, const double *x, const double *w) {
    return weighted_norm2(n, x, w) / (1.0 + weighted_norm2(n, x, NULL));
}
#pragma pargrad reverse(norm_ratio) wrt(x, w)

/* w required here: the function reads it untested below, and passes it
 * to the helper that takes it optional (whose test is then true wherever
 * the caller is right to call it) */
double weighted_fit(int n, const double *x, const double *w) {
    double a = weighted_norm2(n, x, w);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += w[i] * sin(x[i]);
    return a + s;
}
#pragma pargrad reverse(weighted_fit) wrt(x, w)

/* the moments the caller asks for: NULL for the ones it does not want */
static void moments(int n, const double *x, double *mean, double *var) {
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += x[i];
    double m = s / n;
    if (mean != NULL)
        *mean = m;
    if (!var)
        return;
    double q = 0.0;
#pragma pargrad reduce(+ : q)
    for (int i = 0; i < n; i++)
        q += (x[i] - m) * (x[i] - m);
    *var = q / n;
}

double standardized_mean(int n, const double *x) {
    double mu, v;
    moments(n, x, &mu, NULL);
    moments(n, x, NULL, &v);
    return mu / sqrt(1.0 + v);
}
#pragma pargrad reverse(standardized_mean) wrt(x)

/* log-sum-exp, and the probabilities where p is given */
static double softmax_into(int n, const double *z, double *p) {
    double mx = z[0];
    for (int i = 1; i < n; i++)
        mx = fmax(mx, z[i]);
    double s = 0.0;
#pragma pargrad reduce(+ : s)
    for (int i = 0; i < n; i++)
        s += exp(z[i] - mx);
    if (p == NULL)
        return mx + log(s);
#pragma pargrad map
    for (int i = 0; i < n; i++)
        p[i] = exp(z[i] - mx) / s;
    return mx + log(s);
}

/* probs optional: passed on to the helper, which tests it */
double lse_probs(int n, const double *x, double *probs) {
    double a = softmax_into(n, x, NULL);
    double b = softmax_into(n, x, probs);
    return a + 0.5 * b;
}
#pragma pargrad reverse(lse_probs) wrt(x) out(probs, return )

/* a helper passing its NULL on to another: a smoothing energy with an
 * optional stiffness per element */
static double energy(int n, const double *u, const double *k, double *grad_out) {
    double e = weighted_norm2(n, u, k);
    if (grad_out) {
#pragma pargrad map
        for (int i = 0; i < n; i++)
            grad_out[i] = 2.0 * (k ? k[i] : 1.0) * u[i];
    }
    return e;
}

double relax_energy(int n, double *u, const double *k) {
    double e0 = energy(n, u, NULL, NULL);
    for (int t = 0; t < 3; t++) {
        double g[64];
        energy(n < 64 ? n : 64, u, k, g);
#pragma pargrad map
        for (int i = 0; i < (n < 64 ? n : 64); i++)
            u[i] -= 0.05 * tanh(g[i]);
    }
    return e0 + energy(n, u, k, NULL);
}
#pragma pargrad reverse(relax_energy) wrt(u, k)
