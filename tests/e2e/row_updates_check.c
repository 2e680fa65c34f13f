/* Checks gemver_like_b and centred_energy_b (generated from
 * row_updates.c). gemver_like's a is in wrt and out: a_b brings the seed
 * of a's final values and returns the adjoint of its initial ones, checked
 * against finite differences of return + <seed, final a>. centred_energy
 * overwrites data (in wrt only): data_b is incremented with the adjoint of
 * its initial values. */
#include "gradcheck.h"

double gemver_like(int n, double *a, const double *u1, const double *v1, const double *u2,
                   const double *v2, const double *x);
double gemver_like_b(int n, double *a, double *a_b, const double *u1, double *u1_b,
                     const double *v1, double *v1_b, const double *u2, double *u2_b,
                     const double *v2, double *v2_b, const double *x, double *x_b,
                     double gemver_like_b_seed);
double centred_energy(int rows, int m, double *data, const double *mean, const double *scale);
double centred_energy_b(int rows, int m, double *data, double *data_b, const double *mean,
                        double *mean_b, const double *scale, double *scale_b,
                        double centred_energy_b_seed);

struct gem {
    int n;
    double *a0, *a, *seed, *u1, *v1, *u2, *v2, *x;
};

static double eval_gem(void *p) {
    struct gem *g = p;
    int nn = g->n * g->n;
    memcpy(g->a, g->a0, sizeof(double) * (size_t)nn);
    double r = gemver_like(g->n, g->a, g->u1, g->v1, g->u2, g->v2, g->x);
    return r + gc_dot(g->a, g->seed, nn);
}

static void check_gemver(int n) {
    int nn = n * n;
    double *a0 = gc_alloc(nn), *a = gc_alloc(nn), *seed = gc_alloc(nn), *a_b = gc_alloc(nn);
    double *fd = gc_alloc(nn), *a_end = gc_alloc(nn), *vec[5], *vec_b[5], *vec_fd[5];
    char what[96];
    static const char *const names[5] = {"u1", "v1", "u2", "v2", "x"};
    for (int k = 0; k < 5; k++) {
        vec[k] = gc_alloc(n), vec_b[k] = gc_alloc(n), vec_fd[k] = gc_alloc(n);
        gc_fill(vec[k], n, -0.8, 0.8);
        gc_zero(vec_b[k], n);
    }
    gc_fill(a0, nn, -0.5, 0.5);
    gc_fill(seed, nn, -1.0, 1.0);
    struct gem g = {n, a0, a, seed, vec[0], vec[1], vec[2], vec[3], vec[4]};
    memcpy(a, a0, sizeof(double) * (size_t)nn);
    double f = gemver_like(n, a, vec[0], vec[1], vec[2], vec[3], vec[4]);
    memcpy(a_end, a, sizeof(double) * (size_t)nn);
    memcpy(a, a0, sizeof(double) * (size_t)nn);
    memcpy(a_b, seed, sizeof(double) * (size_t)nn);
    double r = gemver_like_b(n, a, a_b, vec[0], vec_b[0], vec[1], vec_b[1], vec[2], vec_b[2],
                             vec[3], vec_b[3], vec[4], vec_b[4], 1.0);
    snprintf(what, sizeof what, "gemver_like n=%d", n);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_compare_tol("gemver_like: a after the gradient", a, a_end, nn, 1e-13);
    gc_fd_grad(eval_gem, &g, a0, nn, fd);
    snprintf(what, sizeof what, "gemver_like n=%d: a_b vs finite differences", n);
    gc_compare(what, a_b, fd, nn);
    for (int k = 0; k < 5; k++) {
        gc_fd_grad(eval_gem, &g, vec[k], n, vec_fd[k]);
        snprintf(what, sizeof what, "gemver_like n=%d: %s_b vs finite differences", n, names[k]);
        gc_compare(what, vec_b[k], vec_fd[k], n);
        gc_check_nonzero(names[k], vec_b[k], n);
    }
    for (int k = 0; k < 5; k++)
        free(vec[k]), free(vec_b[k]), free(vec_fd[k]);
    free(a0), free(a), free(seed), free(a_b), free(fd), free(a_end);
}

struct centred {
    int rows, m;
    double *d0, *d, *mean, *scale;
};

static double eval_centred(void *p) {
    struct centred *c = p;
    memcpy(c->d, c->d0, sizeof(double) * (size_t)(c->rows * c->m));
    return centred_energy(c->rows, c->m, c->d, c->mean, c->scale);
}

static void check_centred(int rows, int m) {
    int nm = rows * m;
    double *d0 = gc_alloc(nm), *d = gc_alloc(nm), *d_b = gc_alloc(nm), *fd = gc_alloc(nm);
    double *mean = gc_alloc(m), *scale = gc_alloc(m), *mean_b = gc_alloc(m);
    double *scale_b = gc_alloc(m), *fd_mean = gc_alloc(m), *fd_scale = gc_alloc(m);
    char what[96];
    gc_fill(d0, nm, -2.0, 2.0);
    gc_fill(mean, m, -0.5, 0.5);
    gc_fill(scale, m, 0.5, 2.0);
    struct centred c = {rows, m, d0, d, mean, scale};
    double f = eval_centred(&c);
    memcpy(d, d0, sizeof(double) * (size_t)nm);
    gc_zero(d_b, nm), gc_zero(mean_b, m), gc_zero(scale_b, m);
    double r = centred_energy_b(rows, m, d, d_b, mean, mean_b, scale, scale_b, 1.0);
    snprintf(what, sizeof what, "centred_energy %dx%d", rows, m);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval_centred, &c, d0, nm, fd);
    gc_fd_grad(eval_centred, &c, mean, m, fd_mean);
    gc_fd_grad(eval_centred, &c, scale, m, fd_scale);
    snprintf(what, sizeof what, "centred_energy %dx%d: data_b vs finite differences", rows, m);
    gc_compare(what, d_b, fd, nm);
    snprintf(what, sizeof what, "centred_energy %dx%d: mean_b vs finite differences", rows, m);
    gc_compare(what, mean_b, fd_mean, m);
    snprintf(what, sizeof what, "centred_energy %dx%d: scale_b vs finite differences", rows, m);
    gc_compare(what, scale_b, fd_scale, m);
    gc_check_nonzero("data_b", d_b, nm);
    free(d0), free(d), free(d_b), free(fd), free(mean), free(scale), free(mean_b);
    free(scale_b), free(fd_mean), free(fd_scale);
}

int main(void) {
    gc_seed(62);
    check_gemver(9);
    check_gemver(40);
    check_centred(13, 7);
    check_centred(60, 50);
    return gc_finish();
}
