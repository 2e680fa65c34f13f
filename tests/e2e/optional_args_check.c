/* Checks the gradients of optional_args.c against central finite
 * differences, each function called with its optional arrays given and
 * left NULL (their adjoints NULL too): x packs the arrays given. */
#include "gradcheck.h"

double weighted_sse(int n, const double *x, const double *w);
double weighted_sse_b(int n, const double *x, double *x_b, const double *w, double *w_b,
                      double seed);
double weighted_abs(int n, const double *x, const double *w);
double weighted_abs_b(int n, const double *x, double *x_b, const double *w, double *w_b,
                      double seed);
double checked_dot(int n, const double *x, const double *y);
double checked_dot_b(int n, const double *x, double *x_b, const double *y, double *y_b,
                     double seed);
double softplus_sum(int n, const double *x, double *act, double *max_act);
double softplus_sum_b(int n, const double *x, double *x_b, double *act, double *max_act,
                      double seed);
double relax(int n, int steps, double *u, const double *src, double *trace);
double relax_b(int n, int steps, double *u, double *u_b, const double *src, double *src_b,
               double *trace, double seed);
double binned_mass(int n, const int *bin, const double *m, const double *w, int nb);
double binned_mass_b(int n, const int *bin, const double *m, double *m_b, const double *w,
                     double *w_b, int nb, double seed);

double relax_state(int n, int steps, double *u, double *v);
double relax_state_b(int n, int steps, double *u, double *u_b, double *v, double *v_b, double seed);
void tanh_features(int n, const double *x, double *y, double *act);
void tanh_features_b(int n, const double *x, double *x_b, double *y, double *y_b, double *act,
                     double *act_b);
double weighted_cumsum(int n, const double *x, const double *w, double *c);
double weighted_cumsum_b(int n, const double *x, double *x_b, const double *w, double *w_b,
                         double *c, double seed);

void stats(int n, const double *x, double *mean, double *var);
void stats_b(int n, const double *x, double *x_b, double *mean, double *mean_b, double *var,
             double *var_b);

enum { STEPS = 4 };

/* f(x, w) with w the second half of x, or f(x, NULL) with all of x */
#define WEIGHTED(f)                                                                                \
    static double f##_given(int n, const double *x) {                                              \
        return f(n / 2, x, x + n / 2) + gc_odd_tail(n, x, NULL, 0.0);                              \
    }                                                                                              \
    static double f##_given_b(int n, const double *x, double *x_b, double seed) {                  \
        return f##_b(n / 2, x, x_b, x + n / 2, x_b + n / 2, seed) + gc_odd_tail(n, x, x_b, seed);  \
    }                                                                                              \
    static double f##_null(int n, const double *x) {                                               \
        return f(n, x, NULL);                                                                      \
    }                                                                                              \
    static double f##_null_b(int n, const double *x, double *x_b, double seed) {                   \
        return f##_b(n, x, x_b, NULL, NULL, seed);                                                 \
    }

WEIGHTED(weighted_sse)
WEIGHTED(weighted_abs)

static double checked_dot_flat(int n, const double *x) {
    return checked_dot(n / 2, x, x + n / 2) + gc_odd_tail(n, x, NULL, 0.0);
}
static double checked_dot_flat_b(int n, const double *x, double *x_b, double seed) {
    return checked_dot_b(n / 2, x, x_b, x + n / 2, x_b + n / 2, seed) +
           gc_odd_tail(n, x, x_b, seed);
}

/* the optional outputs given: act and the maximum hold the primal's */
static double softplus_given(int n, const double *x) {
    double *act = gc_alloc(n), m;
    double s = softplus_sum(n, x, act, &m);
    free(act);
    return s;
}
static double softplus_given_b(int n, const double *x, double *x_b, double seed) {
    double *act = gc_alloc(n), *want = gc_alloc(n), m = -1.0, m_want = -2.0;
    double s = softplus_sum_b(n, x, x_b, act, &m, seed);
    softplus_sum(n, x, want, &m_want);
    gc_compare_tol("softplus_sum_b: act as the primal writes it", act, want, n, 1e-15);
    gc_check_value("softplus_sum_b: *max_act as the primal's", m, m_want, 1e-15);
    free(act), free(want);
    return s;
}
static double softplus_null(int n, const double *x) {
    return softplus_sum(n, x, NULL, NULL);
}
static double softplus_null_b(int n, const double *x, double *x_b, double seed) {
    return softplus_sum_b(n, x, x_b, NULL, NULL, seed);
}

/* relax: u from x, and src (the second half of x) and the trace given or
 * not; each call works on a copy of u */
static double relax_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2; /* (u of one element at least) */
    int m = given ? n / 2 : n;
    double *u = gc_alloc(m), *trace = gc_alloc(STEPS);
    memcpy(u, x, sizeof(double) * (size_t)m);
    double r = x_b ? relax_b(m, STEPS, u, x_b, given ? x + m : NULL, given ? x_b + m : NULL,
                             given ? trace : NULL, seed)
                   : relax(m, STEPS, u, given ? x + m : NULL, given ? trace : NULL);
    free(u), free(trace);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(relax, relax_call)

/* binned_mass: bins i * 7 % nb, m and w (given or not) from x */
static double binned_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n, nb = m < 5 ? m : 5;
    int *bin = malloc(sizeof(int) * (size_t)(m > 0 ? m : 1));
    for (int i = 0; i < m; i++)
        bin[i] = i * 7 % nb;
    const double *w = given ? x + m : NULL;
    double r = x_b ? binned_mass_b(m, bin, x, x_b, w, given ? x_b + m : NULL, nb, seed)
                   : binned_mass(m, bin, x, w, nb);
    free(bin);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(binned, binned_call)

/* relax_state: u and v (given or not) from x, updated on copies */
static double relax_state_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    double *u = gc_alloc(m), *v = gc_alloc(m);
    memcpy(u, x, sizeof(double) * (size_t)m);
    if (given)
        memcpy(v, x + m, sizeof(double) * (size_t)m);
    double r = x_b ? relax_state_b(m, STEPS, u, x_b, given ? v : NULL, given ? x_b + m : NULL, seed)
                   : relax_state(m, STEPS, u, given ? v : NULL);
    free(u), free(v);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(relax_state, relax_state_call)

/* tanh_features: its outputs y and act, act given or not */
static double features_call(int n, const double *x, double *x_b, double seed, int given) {
    return gc_two_outputs_call("tanh_features_b", tanh_features, tanh_features_b, n, x, x_b, seed,
                               given);
}
GC_OPTIONAL_KERNELS(features, features_call)

/* weighted_cumsum: x and w (given or not) from x, c scratch */
static double cumsum_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    double *c = gc_alloc(m);
    const double *w = given ? x + m : NULL;
    double r = x_b ? weighted_cumsum_b(m, x, x_b, w, given ? x_b + m : NULL, c, seed)
                   : weighted_cumsum(m, x, w, c);
    free(c);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(cumsum, cumsum_call)

/* stats: 0.7 mean + 1.3 var, the mean given or left out (NULL) */
static double stats_call(int n, const double *x, double *x_b, double seed, int given) {
    double mean = 0.0, var = 0.0, mean_b = 0.7 * seed, var_b = 1.3 * seed;
    if (x_b)
        stats_b(n, x, x_b, given ? &mean : NULL, given ? &mean_b : NULL, &var, &var_b);
    else
        stats(n, x, given ? &mean : NULL, &var);
    if (x_b) {
        gc_require(var_b == 0.0 && (!given || mean_b == 0.0), "stats_b: the seeds consumed");
        gc_require(given || mean_b == 0.7 * seed, "stats_b: the mean left out, its seed untouched");
    }
    if (x_b) /* (and 0.1 x[n-1]^2: the variance of one element is 0 everywhere) */
        x_b[n - 1] += 0.2 * seed * x[n - 1];
    return 0.7 * mean + 1.3 * var + 0.1 * x[n - 1] * x[n - 1];
}
GC_OPTIONAL_KERNELS(stats, stats_call)

static const struct gc_kernel kernels[] = {
    {"weighted_sse (w given)", weighted_sse_given, weighted_sse_given_b},
    {"weighted_sse (w NULL)", weighted_sse_null, weighted_sse_null_b},
    {"weighted_abs (w given)", weighted_abs_given, weighted_abs_given_b},
    {"weighted_abs (w NULL)", weighted_abs_null, weighted_abs_null_b},
    {"checked_dot", checked_dot_flat, checked_dot_flat_b},
    {"softplus_sum (outputs given)", softplus_given, softplus_given_b},
    {"softplus_sum (outputs NULL)", softplus_null, softplus_null_b},
    {"relax (src, trace given)", relax_given, relax_given_b},
    {"relax (src, trace NULL)", relax_null, relax_null_b},
    {"binned_mass (w given)", binned_given, binned_given_b},
    {"binned_mass (w NULL)", binned_null, binned_null_b},
    {"relax_state (v given)", relax_state_given, relax_state_given_b},
    {"relax_state (v NULL)", relax_state_null, relax_state_null_b},
    {"tanh_features (act given)", features_given, features_given_b},
    {"tanh_features (act NULL)", features_null, features_null_b},
    {"weighted_cumsum (w given)", cumsum_given, cumsum_given_b},
    {"weighted_cumsum (w NULL)", cumsum_null, cumsum_null_b},
    {"stats (mean given)", stats_given, stats_given_b},
    {"stats (mean NULL)", stats_null, stats_null_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
