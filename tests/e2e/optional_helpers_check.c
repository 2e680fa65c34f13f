/* Checks the gradients of optional_helpers.c against central finite
 * differences: helpers called with NULL for their optional arrays, and the
 * functions' own optional arrays given and left NULL (their adjoints NULL
 * too); x packs the arrays given. */
#include "gradcheck.h"

double norm_ratio(int n, const double *x, const double *w);
double norm_ratio_b(int n, const double *x, double *x_b, const double *w, double *w_b, double seed);
double weighted_fit(int n, const double *x, const double *w);
double weighted_fit_b(int n, const double *x, double *x_b, const double *w, double *w_b,
                      double seed);
double standardized_mean(int n, const double *x);
double standardized_mean_b(int n, const double *x, double *x_b, double seed);
double lse_probs(int n, const double *x, double *probs);
double lse_probs_b(int n, const double *x, double *x_b, double *probs, double *probs_b,
                   double seed);
double relax_energy(int n, double *u, const double *k);
double relax_energy_b(int n, double *u, double *u_b, const double *k, double *k_b, double seed);

/* norm_ratio: w the second half of x, or NULL */
static double norm_ratio_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    const double *w = given ? x + m : NULL;
    double r = x_b ? norm_ratio_b(m, x, x_b, w, given ? x_b + m : NULL, seed) : norm_ratio(m, x, w);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(norm_ratio, norm_ratio_call)

/* weighted_fit: w (required) the second half of x */
static double weighted_fit_flat(int n, const double *x) {
    return weighted_fit(n / 2, x, x + n / 2) + gc_odd_tail(n, x, NULL, 0.0);
}
static double weighted_fit_flat_b(int n, const double *x, double *x_b, double seed) {
    return weighted_fit_b(n / 2, x, x_b, x + n / 2, x_b + n / 2, seed) +
           gc_odd_tail(n, x, x_b, seed);
}

/* lse_probs: L = lse_probs + sum_i d_i probs_i where probs is given */
static double lse_call(int n, const double *x, double *x_b, double seed, int given) {
    double *p = gc_alloc(n), *p_b = gc_alloc(n), *want = gc_alloc(n);
    for (int i = 0; i < n; i++)
        p_b[i] = seed * gc_out_weight(i, 1);
    double r = x_b ? lse_probs_b(n, x, x_b, given ? p : NULL, given ? p_b : NULL, seed)
                   : lse_probs(n, x, given ? p : NULL);
    for (int i = 0; given && i < n; i++)
        r += gc_out_weight(i, 1) * p[i];
    if (x_b && given) {
        gc_check_zero("lse_probs_b: the seeds of probs consumed", p_b, n);
        lse_probs(n, x, want);
        gc_compare_tol("lse_probs_b: probs as the primal writes them", p, want, n, 1e-15);
    }
    free(p), free(p_b), free(want);
    return r;
}
GC_OPTIONAL_KERNELS(lse, lse_call)

/* relax_energy: u (a copy of the first half of x) relaxed in place, the
 * stiffness k the second half, or NULL */
static double relax_energy_call(int n, const double *x, double *x_b, double seed, int given) {
    given = given && n >= 2;
    int m = given ? n / 2 : n;
    double *u = gc_alloc(m);
    memcpy(u, x, sizeof(double) * (size_t)m);
    const double *k = given ? x + m : NULL;
    double r =
        x_b ? relax_energy_b(m, u, x_b, k, given ? x_b + m : NULL, seed) : relax_energy(m, u, k);
    free(u);
    if (given)
        r += gc_odd_tail(n, x, x_b, seed);
    return r;
}
GC_OPTIONAL_KERNELS(relax_energy, relax_energy_call)

/* "ill-conditioned": gradients that two builds (the OpenMP and the CUDA
 * one, tests/cuda/compare_dumps.c) round apart by more than 1e-12 of
 * their largest component: without w, norm_ratio's q / (1 + q) takes the
 * difference of two terms 1 + q (about n / 3) times its own size; lse's
 * maximum's component holds 1 - sum_i p_i, which is 0 but for the
 * rounding of a sum of n terms. */
static const struct gc_kernel kernels[] = {
    {"norm_ratio (w given)", norm_ratio_given, norm_ratio_given_b},
    {"norm_ratio (w NULL, ill-conditioned)", norm_ratio_null, norm_ratio_null_b},
    {"weighted_fit (w required)", weighted_fit_flat, weighted_fit_flat_b},
    {"standardized_mean", standardized_mean, standardized_mean_b},
    {"lse_probs (probs given, ill-conditioned)", lse_given, lse_given_b},
    {"lse_probs (probs NULL, ill-conditioned)", lse_null, lse_null_b},
    {"relax_energy (k given)", relax_energy_given, relax_energy_given_b},
    {"relax_energy (k NULL)", relax_energy_null, relax_energy_null_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
