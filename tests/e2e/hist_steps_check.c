/* Checks hist_steps.c's gradients against finite differences: the
 * returned value's, the arrays updated in place (c, mu) set back to their
 * first values before each evaluation, their seeds zero. */
#include "gradcheck.h"

double bin_steps(int n, int k, const int *bin, const double *x, double *c, int steps);
double bin_steps_b(int n, int k, const int *bin, const double *x, double *x_b, double *c,
                   double *c_b, int steps, double bin_steps_b_seed);
double soft_kmeans(int n, int k, int d, const double *X, double *mu, int iters);
double soft_kmeans_b(int n, int k, int d, const double *X, double *X_b, double *mu, double *mu_b,
                     int iters, double soft_kmeans_b_seed);

struct run {
    int n, k, d, steps;
    int *bin;
    double *x, *c0, *c; /* (X, the first means and the means for soft_kmeans) */
};

static double eval_bins(void *p) {
    struct run *r = p;
    memcpy(r->c, r->c0, sizeof(double) * (size_t)r->k);
    return bin_steps(r->n, r->k, r->bin, r->x, r->c, r->steps);
}

static double eval_kmeans(void *p) {
    struct run *r = p;
    memcpy(r->c, r->c0, sizeof(double) * (size_t)(r->k * r->d));
    return soft_kmeans(r->n, r->k, r->d, r->x, r->c, r->steps);
}

static void check_bins(int n, int k, int steps) {
    char what[96];
    struct run r = {n,           k,           1,          steps, malloc(sizeof(int) * (size_t)n),
                    gc_alloc(n), gc_alloc(k), gc_alloc(k)};
    double *x_b = gc_alloc(n), *c_b = gc_alloc(k), *fd_x = gc_alloc(n), *fd_c = gc_alloc(k);
    for (int i = 0; i < n; i++)
        r.bin[i] = (int)gc_uniform(0.0, k - 1e-9);
    gc_fill(r.x, n, -0.5, 0.5);
    gc_fill(r.c0, k, 0.5, 1.5);
    gc_zero(x_b, n), gc_zero(c_b, k);
    memcpy(r.c, r.c0, sizeof(double) * (size_t)k);
    double v = bin_steps_b(n, k, r.bin, r.x, x_b, r.c, c_b, steps, 1.0);
    snprintf(what, sizeof what, "bin_steps n=%d k=%d, %d steps", n, k, steps);
    gc_check_value(what, v, eval_bins(&r), GC_RTOL_EXACT);
    gc_fd_grad(eval_bins, &r, r.x, n, fd_x);
    gc_fd_grad(eval_bins, &r, r.c0, k, fd_c);
    gc_compare(what, x_b, fd_x, n);
    gc_compare(what, c_b, fd_c, k);
    gc_check_nonzero(what, x_b, n);
    free(r.bin), free(r.x), free(r.c0), free(r.c), free(x_b), free(c_b), free(fd_x), free(fd_c);
}

static void check_kmeans(int n, int k, int d, int iters) {
    char what[96];
    struct run r = {n, k, d, iters, NULL, gc_alloc(n * d), gc_alloc(k * d), gc_alloc(k * d)};
    double *X_b = gc_alloc(n * d), *mu_b = gc_alloc(k * d), *fd_X = gc_alloc(n * d);
    double *fd_mu = gc_alloc(k * d);
    gc_fill(r.x, n * d, -1.0, 1.0);
    gc_fill(r.c0, k * d, -0.8, 0.8);
    gc_zero(X_b, n * d), gc_zero(mu_b, k * d);
    memcpy(r.c, r.c0, sizeof(double) * (size_t)(k * d));
    double v = soft_kmeans_b(n, k, d, r.x, X_b, r.c, mu_b, iters, 1.0);
    snprintf(what, sizeof what, "soft_kmeans n=%d k=%d d=%d, %d iterations", n, k, d, iters);
    gc_check_value(what, v, eval_kmeans(&r), GC_RTOL_EXACT);
    gc_fd_grad(eval_kmeans, &r, r.x, n * d, fd_X);
    gc_fd_grad(eval_kmeans, &r, r.c0, k * d, fd_mu);
    gc_compare(what, X_b, fd_X, n * d);
    gc_compare(what, mu_b, fd_mu, k * d);
    gc_check_nonzero(what, mu_b, k * d);
    free(r.x), free(r.c0), free(r.c), free(X_b), free(mu_b), free(fd_X), free(fd_mu);
}

int main(void) {
    gc_seed(73);
    check_bins(1, 1, 1);
    check_bins(40, 5, 3);
    check_bins(300, 7, 4);
    check_kmeans(2, 2, 1, 1); /* (one mean: its first value never matters) */
    check_kmeans(12, 3, 2, 3);
    check_kmeans(60, 4, 3, 2);
    return gc_finish();
}
