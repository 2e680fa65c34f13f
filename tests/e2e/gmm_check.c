/* ADBench GMM (gmm.c): the objective and its gradient on ADBench's
 * 1k_gmm_d2_K10 instance against the reference values shipped with it
 * (tests/data/adbench/gmm/1k_gmm_d2_K10.F.txt and .J.txt), to 1e-9 relative
 * per component (|got - ref| <= 1e-9 * max(1, |ref|)); then against central
 * finite differences on small synthetic instances, per component, and along
 * a random direction on one large enough for the runtime's threads.
 *
 * The data directory is GMM_DATA_DIR if defined, else argv[1] if given, else
 * found from this file's path (CMake compiles sources by absolute path):
 * dirname(__FILE__)/../data/adbench/gmm. */
#include "gradcheck.h"

#include "adbench_io.h"

double gmm_objective(int d, int k, int n, const double *alphas, const double *means,
                     const double *icf, const double *x, double wishart_gamma, int wishart_m);
double gmm_objective_b(int d, int k, int n, const double *alphas, double *alphas_b,
                       const double *means, double *means_b, const double *icf, double *icf_b,
                       const double *x, double wishart_gamma, int wishart_m, double seed);

#define GMM_RTOL_REF 1e-9

/* An instance, with the parameters in one vector theta = [alphas | means |
 * icf] so that finite differences can walk all of them. */
struct gmm {
    int d, k, n, icf_sz, np;
    double *theta, *x;
    double gamma;
    int m;
};

static double *gmm_alphas(struct gmm *g) {
    return g->theta;
}
static double *gmm_means(struct gmm *g) {
    return g->theta + g->k;
}
static double *gmm_icf(struct gmm *g) {
    return g->theta + g->k + g->k * g->d;
}

static void gmm_init(struct gmm *g, int d, int k, int n) {
    g->d = d, g->k = k, g->n = n;
    g->icf_sz = d * (d + 1) / 2;
    g->np = k + k * d + k * g->icf_sz;
    g->theta = gc_alloc(g->np);
    g->x = gc_alloc(n * d);
}

static double gmm_eval(void *p) {
    struct gmm *g = p;
    return gmm_objective(g->d, g->k, g->n, gmm_alphas(g), gmm_means(g), gmm_icf(g), g->x, g->gamma,
                         g->m);
}

/* the gradient into grad[np] (zeroed first); returns what gmm_objective_b returns */
static double gmm_grad(struct gmm *g, double *grad, double seed) {
    return gmm_objective_b(g->d, g->k, g->n, gmm_alphas(g), grad, gmm_means(g), grad + g->k,
                           gmm_icf(g), grad + g->k + g->k * g->d, g->x, g->gamma, g->m, seed);
}

static void check_reference(const char *dir) {
    char path[4096];
    struct gmm g;
    data_path(path, sizeof path, dir, "1k_gmm_d2_K10.txt");
    FILE *f = fopen(path, "r");
    if (!f)
        read_fail(path, "the file");
    int d, k, n;
    if (fscanf(f, "%d %d %d", &d, &k, &n) != 3 || d < 1 || k < 1 || n < 1)
        read_fail(path, "d k n");
    gmm_init(&g, d, k, n);
    read_doubles(f, path, "alphas", gmm_alphas(&g), k);
    read_doubles(f, path, "means", gmm_means(&g), k * d);
    read_doubles(f, path, "icf", gmm_icf(&g), k * g.icf_sz);
    read_doubles(f, path, "x", g.x, n * d);
    if (fscanf(f, "%lf %d", &g.gamma, &g.m) != 2)
        read_fail(path, "wishart gamma m");
    fclose(f);

    double F;
    double *J = gc_alloc(g.np), *grad = gc_alloc(g.np), *first = gc_alloc(g.np);
    data_path(path, sizeof path, dir, "1k_gmm_d2_K10.F.txt");
    read_ref(path, &F, 1);
    data_path(path, sizeof path, dir, "1k_gmm_d2_K10.J.txt");
    read_ref(path, J, g.np);

    double obj = gmm_eval(&g);
    printf("ADBench d=%d K=%d n=%d: objective %.15g, reference %.15g, rel err %.3g\n", d, k, n, obj,
           F, fabs(obj - F) / fmax(1.0, fabs(F)));
    gc_check_value("ADBench 1k d2 K10: objective vs F.txt", obj, F, GMM_RTOL_REF);

    gc_zero(grad, g.np);
    double ret = gmm_grad(&g, grad, 1.0);
    gc_check_value("ADBench 1k d2 K10: gmm_objective_b returns", ret, obj, GC_RTOL_EXACT);
    double worst = 0.0;
    for (int i = 0; i < g.np; i++) {
        double e = fabs(grad[i] - J[i]) / fmax(1.0, fabs(J[i]));
        if (!(e <= worst))
            worst = e;
    }
    printf("ADBench d=%d K=%d n=%d: gradient max rel err %.3g over %d components\n", d, k, n, worst,
           g.np);
    gc_compare_tol("ADBench 1k d2 K10: gradient vs J.txt", grad, J, g.np, GMM_RTOL_REF);
    gc_check_nonzero("ADBench 1k d2 K10: gradient", grad, g.np);

    /* adjoints are incremented: a second call doubles them */
    memcpy(first, grad, sizeof(double) * (size_t)g.np);
    gmm_grad(&g, grad, 1.0);
    gc_compare_scaled("ADBench 1k d2 K10: after a second call (2x)", grad, first, 2.0, g.np);
    /* the seed scales the gradient */
    gc_zero(grad, g.np);
    gmm_grad(&g, grad, -0.5);
    gc_compare_scaled("ADBench 1k d2 K10: seed -0.5", grad, first, -0.5, g.np);

    free(J), free(grad), free(first), free(g.theta), free(g.x);
}

/* A synthetic instance: alphas, means, icf (log-diagonals and lower
 * triangle) and points at random, a Wishart prior with gamma, m. */
static void check_synthetic(int d, int k, int n, double gamma, int m, int along, uint64_t seed) {
    struct gmm g;
    char label[96];
    gmm_init(&g, d, k, n);
    g.gamma = gamma, g.m = m;
    gc_seed(seed);
    gc_fill(gmm_alphas(&g), k, -1.0, 1.0);
    gc_fill(gmm_means(&g), k * d, -1.0, 1.0);
    for (int q = 0; q < k; q++) {
        gc_fill(gmm_icf(&g) + q * g.icf_sz, d, -0.5, 0.5);
        gc_fill(gmm_icf(&g) + q * g.icf_sz + d, g.icf_sz - d, -1.0, 1.0);
    }
    gc_fill(g.x, n * d, -2.0, 2.0);

    double *grad = gc_alloc(g.np);
    snprintf(label, sizeof label, "synthetic d=%d K=%d n=%d m=%d", d, k, n, m);
    double want = gmm_eval(&g);
    double got = gmm_grad(&g, grad, 1.0);
    char what[160];
    snprintf(what, sizeof what, "%s: return value", label);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    gc_check_gradient(label, along, gmm_eval, &g, g.theta, g.np, grad);
    gc_check_nonzero(label, grad, g.np);
    free(grad), free(g.theta), free(g.x);
}

int main(int argc, char **argv) {
    char dir[2048];
#ifndef GMM_DATA_DIR
#define GMM_DATA_DIR NULL
#endif
    adbench_dir(dir, sizeof dir, GMM_DATA_DIR, argc, argv, __FILE__, "gmm");
    check_reference(dir);
    check_synthetic(1, 1, 1, 1.0, 0, 0, 1);
    check_synthetic(3, 4, 7, 1.3, 2, 0, 2);
    check_synthetic(4, 3, 20, 0.7, 1, 0, 3);
    check_synthetic(3, 5, 9000, 1.1, 0, 1, 4);
    return gc_finish();
}
