/* Checks clip_sqrt.c's gradients against finite differences, on paths
 * whose variance goes below zero (counted here: the clip must be hit),
 * and on inputs either side of each clip, away from the kinks. */
#include "gradcheck.h"

double heston_paths(int npaths, int nsteps, const double *z1, const double *z2, const double *p);
double heston_paths_b(int npaths, int nsteps, const double *z1, const double *z2, const double *p,
                      double *p_b, double heston_paths_b_seed);
double clipped_norms(int n, const double *x);
double clipped_norms_b(int n, const double *x, double *x_b, double clipped_norms_b_seed);

struct heston {
    int npaths, nsteps;
    double *z1, *z2, *p;
};

static double eval_heston(void *q) {
    struct heston *h = q;
    return heston_paths(h->npaths, h->nsteps, h->z1, h->z2, h->p);
}

/* the variance steps of heston_paths that start below zero */
static int negative_steps(const struct heston *h) {
    const double *p = h->p, dt = 1.0 / h->nsteps, rho_c = sqrt(1.0 - p[3] * p[3]);
    int count = 0;
    for (int k = 0; k < h->npaths; k++) {
        double v = p[4];
        for (int t = 0; t < h->nsteps; t++) {
            const double w1 = h->z1[k * h->nsteps + t];
            const double w2 = p[3] * w1 + rho_c * h->z2[k * h->nsteps + t];
            count += v < 0.0;
            v += p[0] * (p[1] - fmax(v, 0.0)) * dt + p[2] * sqrt(fmax(v, 0.0)) * sqrt(dt) * w2;
        }
    }
    return count;
}

static double eval_norms(void *q) {
    double *x = q;
    return clipped_norms(24, x);
}

int main(void) {
    gc_seed(74);
    struct heston h = {40, 12, gc_alloc(40 * 12), gc_alloc(40 * 12), gc_alloc(5)};
    double p[5] = {1.5, 0.04, 0.9, -0.7, 0.04}, p_b[5] = {0}, fd[5];
    memcpy(h.p, p, sizeof p);
    for (int i = 0; i < 40 * 12; i++) /* (sums of uniforms: roughly normal) */
        h.z1[i] = gc_uniform(-1.7, 1.7) + gc_uniform(-1.7, 1.7),
        h.z2[i] = gc_uniform(-1.7, 1.7) + gc_uniform(-1.7, 1.7);
    gc_require(negative_steps(&h) > 10, "heston: the variance goes below zero on some steps");
    double v = heston_paths_b(h.npaths, h.nsteps, h.z1, h.z2, h.p, p_b, 1.0);
    gc_check_value("heston_paths", v, eval_heston(&h), GC_RTOL_EXACT);
    gc_fd_grad(eval_heston, &h, h.p, 5, fd);
    gc_compare("heston_paths: d price / d (kappa, theta, xi, rho, v0)", p_b, fd, 5);
    gc_check_nonzero("heston_paths", p_b, 5);

    double x[24], x_b[24] = {0}, fdx[24];
    for (int i = 0; i < 24; i++) { /* either side of 0, 0.25 and sqrt(0.3), not near them */
        static const double at[8] = {-0.9, -0.4, -0.1, 0.1, 0.2, 0.35, 0.45, 0.8};
        x[i] = at[i % 8] + 0.01 * (i / 8);
    }
    v = clipped_norms_b(24, x, x_b, 1.0);
    gc_check_value("clipped_norms", v, eval_norms(x), GC_RTOL_EXACT);
    gc_fd_grad(eval_norms, x, x, 24, fdx);
    gc_compare("clipped_norms", x_b, fdx, 24);
    free(h.z1), free(h.z2), free(h.p);
    return gc_finish();
}
