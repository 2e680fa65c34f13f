/* Checks the gradients of swapped_buffers.c (pointers swapped between
 * arrays in time loops) against central finite differences, for trip
 * counts of both parities (the result ends in either array), none, and a
 * prime (for jac2d, a 7 x 7 grid). The inputs the functions overwrite are restored before each
 * evaluation; the scratch arrays are filled with garbage. */
#include "gradcheck.h"

double heat_energy(int n, int T, double alpha, double u[n], double w[n]);
double heat_energy_b(int n, int T, double alpha, double *alpha_b, double u[n], double u_b[n],
                     double w[n], double seed);
double wave_energy(int n, int T, double c2, const double u0[n], double p[n], double q[n],
                   double r[n]);
double wave_energy_b(int n, int T, double c2, double *c2_b, const double u0[n], double u0_b[n],
                     double p[n], double q[n], double r[n], double seed);
double relax(int n, int maxit, double tol, const double b[n], double x[n], double y[n]);
double relax_b(int n, int maxit, double tol, const double b[n], double b_b[n], double x[n],
               double x_b[n], double y[n], double seed);

double jac2d(int n, int T, const double *a0, double *A, double *B);
double jac2d_b(int n, int T, const double *a0, double *a0_b, double *A, double *B, double seed);
double restarts(int n, int R, int T, const double *x, double *u, double *v);
double restarts_b(int n, int R, int T, const double *x, double *x_b, double *u, double *v,
                  double seed);

enum { N = 24, G = 7 };

struct ctx {
    int T;
    double par;
    double *x0, *x, *y, *z, *w, *b;
};

static double heat_eval(void *p) {
    struct ctx *q = p;
    memcpy(q->x, q->x0, sizeof(double) * N);
    gc_fill(q->w, N, -5.0, 5.0);
    return heat_energy(N, q->T, q->par, q->x, q->w);
}

static void check_heat(int T) {
    struct ctx q = {T, 0.2, gc_alloc(N), gc_alloc(N), NULL, NULL, gc_alloc(N), NULL};
    double *u_b = gc_alloc(N), *fd = gc_alloc(N), fda, a_b = 0.0;
    char what[96];
    gc_fill(q.x0, N, -1.0, 1.0);
    double f = heat_eval(&q);
    memcpy(q.x, q.x0, sizeof(double) * N);
    gc_zero(u_b, N);
    double r = heat_energy_b(N, T, q.par, &a_b, q.x, u_b, q.w, 1.0);
    snprintf(what, sizeof what, "heat_energy_b value, T = %d", T);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(heat_eval, &q, q.x0, N, fd);
    gc_fd_grad(heat_eval, &q, &q.par, 1, &fda);
    snprintf(what, sizeof what, "heat u_b vs finite differences, T = %d", T);
    gc_compare(what, u_b, fd, N);
    snprintf(what, sizeof what, "heat alpha_b vs finite differences, T = %d", T);
    gc_compare(what, &a_b, &fda, 1);
    gc_check_nonzero("heat u_b", u_b, N);
    free(q.x0), free(q.x), free(q.w), free(u_b), free(fd);
}

static double wave_eval(void *p) {
    struct ctx *q = p;
    gc_fill(q->x, N, -5.0, 5.0);
    gc_fill(q->y, N, -5.0, 5.0);
    gc_fill(q->z, N, -5.0, 5.0);
    return wave_energy(N, q->T, q->par, q->x0, q->x, q->y, q->z);
}

static void check_wave(int T) {
    struct ctx q = {T, 0.15, gc_alloc(N), gc_alloc(N), gc_alloc(N), gc_alloc(N), NULL, NULL};
    double *u0_b = gc_alloc(N), *fd = gc_alloc(N), fdc, c_b = 0.0;
    char what[96];
    gc_fill(q.x0, N, -1.0, 1.0);
    double f = wave_eval(&q);
    gc_zero(u0_b, N);
    double r = wave_energy_b(N, T, q.par, &c_b, q.x0, u0_b, q.x, q.y, q.z, 1.0);
    snprintf(what, sizeof what, "wave_energy_b value, T = %d", T);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(wave_eval, &q, q.x0, N, fd);
    gc_fd_grad(wave_eval, &q, &q.par, 1, &fdc);
    snprintf(what, sizeof what, "wave u0_b vs finite differences, T = %d", T);
    gc_compare(what, u0_b, fd, N);
    snprintf(what, sizeof what, "wave c2_b vs finite differences, T = %d", T);
    gc_compare(what, &c_b, &fdc, 1);
    gc_check_nonzero("wave u0_b", u0_b, N);
    free(q.x0), free(q.x), free(q.y), free(q.z), free(u0_b), free(fd);
}

static double relax_eval(void *p) {
    struct ctx *q = p;
    memcpy(q->x, q->x0, sizeof(double) * N);
    gc_fill(q->y, N, -5.0, 5.0);
    return relax(N, q->T, 1e-300, q->b, q->x, q->y);
}

static void check_relax(int maxit) {
    struct ctx q = {maxit, 0.0, gc_alloc(N), gc_alloc(N), gc_alloc(N), NULL, NULL, gc_alloc(N)};
    double *x_b = gc_alloc(N), *b_b = gc_alloc(N), *fdx = gc_alloc(N), *fdb = gc_alloc(N);
    char what[96];
    gc_fill(q.x0, N, -1.0, 1.0);
    gc_fill(q.b, N, -1.0, 1.0);
    double f = relax_eval(&q);
    memcpy(q.x, q.x0, sizeof(double) * N);
    gc_zero(x_b, N);
    gc_zero(b_b, N);
    double r = relax_b(N, maxit, 1e-300, q.b, b_b, q.x, x_b, q.y, 1.0);
    snprintf(what, sizeof what, "relax_b value, maxit = %d", maxit);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(relax_eval, &q, q.x0, N, fdx);
    gc_fd_grad(relax_eval, &q, q.b, N, fdb);
    snprintf(what, sizeof what, "relax x_b vs finite differences, maxit = %d", maxit);
    gc_compare(what, x_b, fdx, N);
    snprintf(what, sizeof what, "relax b_b vs finite differences, maxit = %d", maxit);
    gc_compare(what, b_b, fdb, N);
    gc_check_nonzero("relax x_b", x_b, N);
    free(q.x0), free(q.x), free(q.y), free(q.b), free(x_b), free(b_b), free(fdx), free(fdb);
}

static double jac2d_eval(void *p) {
    struct ctx *q = p;
    gc_fill(q->x, G * G, -3.0, 3.0);
    gc_fill(q->y, G * G, -3.0, 3.0);
    return jac2d(G, q->T, q->x0, q->x, q->y);
}

static double restarts_eval(void *p) {
    struct ctx *q = p;
    gc_fill(q->x, N, -3.0, 3.0);
    gc_fill(q->y, N, -3.0, 3.0);
    return restarts(N, 3, q->T, q->x0, q->x, q->y);
}

/* f_b(x0, x0_b) for jac2d (n = G) and restarts (n = N), from garbage in
 * the scratch arrays */
static void check_scratch(const char *name, double (*eval)(void *), int n, int T) {
    struct ctx q = {T, 0.0, gc_alloc(n), gc_alloc(n), gc_alloc(n), NULL, NULL, NULL};
    double *g = gc_alloc(n), *fd = gc_alloc(n);
    char what[96];
    gc_fill(q.x0, n, -1.0, 1.0);
    double f = eval(&q);
    gc_zero(g, n);
    double r = eval == jac2d_eval ? jac2d_b(G, T, q.x0, g, q.x, q.y, 1.0)
                                  : restarts_b(N, 3, T, q.x0, g, q.x, q.y, 1.0);
    snprintf(what, sizeof what, "%s_b value, T = %d", name, T);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval, &q, q.x0, n, fd);
    snprintf(what, sizeof what, "%s gradient vs finite differences, T = %d", name, T);
    gc_compare(what, g, fd, n);
    gc_check_nonzero(name, g, n);
    free(q.x0), free(q.x), free(q.y), free(g), free(fd);
}

int main(void) {
    gc_seed(61);
    const int trips[] = {0, 1, 2, 5, 7};
    for (int k = 0; k < 5; k++) {
        check_heat(trips[k]);
        check_wave(trips[k]);
        check_relax(trips[k]);
        check_scratch("jac2d", jac2d_eval, G * G, trips[k]);
        if (trips[k] > 0) /* a do loop runs its body at least once */
            check_scratch("restarts", restarts_eval, N, trips[k]);
    }
    return gc_finish();
}
