/* Checks cxx_names.c's gradients (names that are C++ keywords, bool,
 * double (*A)[m]) against central finite differences. */
#include "gradcheck.h"
#include <stdbool.h>

double xent(int n, int C, const double *logit, const int *labels, bool smooth);
double xent_b(int n, int C, const double *logit, double *logit_b, const int *labels, bool smooth,
              double seed);
void relax(int n, int steps, const double *old, double *new_, double w);
void relax_b(int n, int steps, const double *old, double *old_b, double *new_, double *new_b,
             double w, double *w_b);
double rows_norm(int n, int m, const double *A, const double *w);
double rows_norm_b(int n, int m, const double *A, double *A_b, const double *w, double *w_b,
                   double seed);

enum { N = 23, C = 5, M = 7, STEPS = 4 };

struct ctx {
    double *logit, *old, *out, *seed, w, *A, *rw;
    int *labels;
    bool smooth;
};

static double eval_xent(void *p) {
    struct ctx *c = p;
    return xent(N, C, c->logit, c->labels, c->smooth);
}
static double eval_relax(void *p) { /* <seed, new> */
    struct ctx *c = p;
    relax(N, STEPS, c->old, c->out, c->w);
    return gc_dot(c->seed, c->out, N);
}
static double eval_rows(void *p) {
    struct ctx *c = p;
    return rows_norm(N, M, c->A, c->rw);
}

int main(void) {
    gc_seed(11);
    struct ctx c;
    c.logit = gc_alloc(N * C);
    c.labels = malloc(sizeof(int) * N);
    gc_fill(c.logit, N * C, -2.0, 2.0);
    for (int i = 0; i < N; i++)
        c.labels[i] = (int)(gc_next() % C);
    double *g = gc_alloc(N * C), *fd = gc_alloc(N * C);
    for (int smooth = 0; smooth < 2; smooth++) {
        c.smooth = smooth;
        gc_zero(g, N * C);
        double r = xent_b(N, C, c.logit, g, c.labels, c.smooth, 1.0);
        gc_check_value("xent_b return value", r, eval_xent(&c), GC_RTOL_EXACT);
        gc_fd_grad(eval_xent, &c, c.logit, N * C, fd);
        gc_compare("xent: logit_b vs finite differences", g, fd, N * C);
        gc_check_nonzero("xent: logit_b", g, N * C);
    }

    c.old = gc_alloc(N), c.out = gc_alloc(N), c.seed = gc_alloc(N), c.w = 0.2;
    gc_fill(c.old, N, -1.0, 1.0);
    gc_fill(c.seed, N, -1.0, 1.0);
    double *old_b = gc_alloc(N), *new_b = gc_alloc(N), *fdo = gc_alloc(N), w_b = 0.0;
    gc_zero(old_b, N);
    memcpy(new_b, c.seed, sizeof(double) * N);
    double *out = gc_alloc(N);
    relax_b(N, STEPS, c.old, old_b, out, new_b, c.w, &w_b);
    relax(N, STEPS, c.old, c.out, c.w);
    gc_compare_tol("relax_b: new", out, c.out, N, GC_RTOL_EXACT);
    gc_fd_grad(eval_relax, &c, c.old, N, fdo);
    gc_compare("relax: old_b vs finite differences", old_b, fdo, N);
    double fdw = gc_fd_one(eval_relax, &c, &c.w, 0);
    gc_compare("relax: w_b vs finite differences", &w_b, &fdw, 1);

    c.A = gc_alloc(N * M), c.rw = gc_alloc(N);
    gc_fill(c.A, N * M, -1.0, 1.0);
    gc_fill(c.rw, N, 0.5, 1.5);
    double *gA = gc_alloc(N * M), *gw = gc_alloc(N), *fdA = gc_alloc(N * M), *fdw2 = gc_alloc(N);
    gc_zero(gA, N * M);
    gc_zero(gw, N);
    double r = rows_norm_b(N, M, c.A, gA, c.rw, gw, 1.0);
    gc_check_value("rows_norm_b return value", r, eval_rows(&c), GC_RTOL_EXACT);
    gc_fd_grad(eval_rows, &c, c.A, N * M, fdA);
    gc_fd_grad(eval_rows, &c, c.rw, N, fdw2);
    gc_compare("rows_norm: A_b vs finite differences", gA, fdA, N * M);
    gc_compare("rows_norm: w_b vs finite differences", gw, fdw2, N);
    return gc_finish();
}
