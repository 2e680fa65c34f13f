/* Checks the gradients of statement_macros.c (do { } while (0) macros:
 * a pointer swap, accumulations, a branch and a loop in the body) against
 * central finite differences. */
#include "gradcheck.h"

double diffuse(int n, int steps, const double *u0, double nu);
double diffuse_b(int n, int steps, const double *u0, double *u0_b, double nu, double *nu_b,
                 double seed);
double clamped(int n, const double *x);
double clamped_b(int n, const double *x, double *x_b, double seed);
double rows(int m, int n, const double *A, const double *w);
double rows_b(int m, int n, const double *A, double *A_b, const double *w, double *w_b,
              double seed);

struct ctx {
    int m, n, steps;
    double *a, *b, nu;
};

static double eval_diffuse(void *p) {
    struct ctx *c = p;
    return diffuse(c->n, c->steps, c->a, c->nu);
}
static double eval_clamped(void *p) {
    struct ctx *c = p;
    return clamped(c->n, c->a);
}
static double eval_rows(void *p) {
    struct ctx *c = p;
    return rows(c->m, c->n, c->a, c->b);
}

static void check_diffuse(int n, int steps) {
    double *u0 = gc_alloc(n), *g = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(u0, n, -1.0, 1.0);
    struct ctx c = {0, n, steps, u0, NULL, 0.21};
    double f = diffuse(n, steps, u0, c.nu);
    gc_zero(g, n);
    double nu_b = 0.0;
    double r = diffuse_b(n, steps, u0, g, c.nu, &nu_b, 1.0);
    gc_check_value("diffuse_b return value", r, f, GC_RTOL_EXACT);
    gc_fd_grad(eval_diffuse, &c, u0, n, fd);
    gc_compare("diffuse: u0_b vs finite differences", g, fd, n);
    gc_check_nonzero("diffuse: u0_b", g, n);
    double fd_nu = gc_fd_one(eval_diffuse, &c, &c.nu, 0);
    gc_compare("diffuse: nu_b vs finite differences", &nu_b, &fd_nu, 1);
    /* an odd number of steps leaves the result in the other grid */
    free(u0), free(g), free(fd);
}

static void check_clamped(int n) {
    double *x = gc_alloc(n), *g = gc_alloc(n), *fd = gc_alloc(n);
    gc_fill(x, n, -1.9, 1.9);
    for (int i = 0; i < n; i++) /* away from the kinks at x^2 = 0.5 and 3 */
        if (fabs(x[i] * x[i] - 0.5) < 0.02 || fabs(x[i] * x[i] - 3.0) < 0.02)
            x[i] += 0.05;
    struct ctx c = {0, n, 0, x, NULL, 0};
    gc_zero(g, n);
    double r = clamped_b(n, x, g, 1.0);
    gc_check_value("clamped_b return value", r, clamped(n, x), GC_RTOL_EXACT);
    gc_fd_grad(eval_clamped, &c, x, n, fd);
    gc_compare("clamped: x_b vs finite differences", g, fd, n);
    gc_check_nonzero("clamped: x_b", g, n);
    free(x), free(g), free(fd);
}

static void check_rows(int m, int n) {
    double *A = gc_alloc(m * n), *w = gc_alloc(m), *gA = gc_alloc(m * n), *gw = gc_alloc(m);
    double *fdA = gc_alloc(m * n), *fdw = gc_alloc(m);
    gc_fill(A, m * n, -1.0, 1.0);
    gc_fill(w, m, -1.0, 1.0);
    struct ctx c = {m, n, 0, A, w, 0};
    gc_zero(gA, m * n);
    gc_zero(gw, m);
    double r = rows_b(m, n, A, gA, w, gw, 1.0);
    gc_check_value("rows_b return value", r, rows(m, n, A, w), GC_RTOL_EXACT);
    gc_fd_grad(eval_rows, &c, A, m * n, fdA);
    gc_fd_grad(eval_rows, &c, w, m, fdw);
    gc_compare("rows: A_b vs finite differences", gA, fdA, m * n);
    gc_compare("rows: w_b vs finite differences", gw, fdw, m);
    gc_check_nonzero("rows: w_b", gw, m);
    free(A), free(w), free(gA), free(gw), free(fdA), free(fdw);
}

int main(void) {
    gc_seed(7);
    check_diffuse(40, 6);
    check_diffuse(33, 5);
    check_diffuse(3, 1);
    check_clamped(300);
    check_rows(7, 13);
    return gc_finish();
}
