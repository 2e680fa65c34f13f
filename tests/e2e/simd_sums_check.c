/* Checks simd_sums.c: each gradient against central finite differences of
 * s . out (per component at small sizes, along a random direction at
 * large ones, where the lanes run), the outputs the gradient writes
 * against the primal's, and the seeds consumed. */
#include "gradcheck.h"

#include <stddef.h>

void matmul_ikj(long n, const double *A, const double *B, double *C);
void matmul_ikj_b(long n, const double *A, double *A_b, const double *B, double *B_b, double *C,
                  double *C_b);
void row_scale(int n, int m, const double *x, double *y);
void row_scale_b(int n, int m, const double *x, double *x_b, double *y, double *y_b);
double normalised(int n, const double *x);
double normalised_b(int n, const double *x, double *x_b, double normalised_b_seed);
void weighted_rows(size_t n, size_t m, const double *w, const double *x, double *y);
void weighted_rows_b(size_t n, size_t m, const double *w, const double *x, double *x_b, double *y,
                     double *y_b);
void running_blend(int n, int m, const double *x, double *y);
void running_blend_b(int n, int m, const double *x, double *x_b, double *y, double *y_b);

enum { MATMUL, ROW_SCALE, NORMALISED, WEIGHTED, BLEND, NKERNELS };
static const char *const names[] = {"matmul_ikj", "row_scale", "normalised", "weighted_rows",
                                    "running_blend"};

/* the differentiated input u (A then B for the product), the output's
 * length, a fixed input w */
struct ctx {
    int q, n, m;
    double *u, *w, *out, *s;
};

static int in_len(int q, int n, int m) {
    return q == MATMUL ? 2 * n * n : q == NORMALISED ? n : n * m;
}

static int out_len(int q, int n, int m) {
    return q == MATMUL ? n * n : q == NORMALISED ? 1 : q == BLEND ? n * m : n;
}

static double primal(struct ctx *c, const double *u, double *out) {
    switch (c->q) {
    case MATMUL:
        matmul_ikj(c->n, u, u + c->n * c->n, out);
        return 0.0;
    case ROW_SCALE:
        row_scale(c->n, c->m, u, out);
        return 0.0;
    case NORMALISED:
        return normalised(c->n, u);
    case WEIGHTED:
        weighted_rows((size_t)c->n, (size_t)c->m, c->w, u, out);
        return 0.0;
    default:
        running_blend(c->n, c->m, u, out);
        return 0.0;
    }
}

/* the gradient with seeds out_b (consumed), u_b incremented */
static double gradient(struct ctx *c, double *u_b, double *out, double *out_b) {
    int n = c->n, m = c->m;
    switch (c->q) {
    case MATMUL:
        matmul_ikj_b(n, c->u, u_b, c->u + n * n, u_b + n * n, out, out_b);
        return 0.0;
    case ROW_SCALE:
        row_scale_b(n, m, c->u, u_b, out, out_b);
        return 0.0;
    case NORMALISED:
        return normalised_b(n, c->u, u_b, out_b[0]);
    case WEIGHTED:
        weighted_rows_b((size_t)n, (size_t)m, c->w, c->u, u_b, out, out_b);
        return 0.0;
    default:
        running_blend_b(n, m, c->u, u_b, out, out_b);
        return 0.0;
    }
}

static double eval(void *p) {
    struct ctx *c = p;
    double r = primal(c, c->u, c->out);
    return c->q == NORMALISED ? c->s[0] * r : gc_dot(c->s, c->out, out_len(c->q, c->n, c->m));
}

static void check(int q, int n, int m, int along) {
    int nu = in_len(q, n, m), no = out_len(q, n, m);
    double *u = gc_alloc(nu), *g = gc_alloc(nu), *w = gc_alloc(m);
    double *out = gc_alloc(no), *og = gc_alloc(no), *s = gc_alloc(no), *ob = gc_alloc(no);
    gc_fill(u, nu, -1.0, 1.0);
    gc_fill(w, m, -1.0, 1.0);
    gc_fill(s, no, -1.0, 1.0);
    struct ctx c = {q, n, m, u, w, out, s};
    gc_fill(g, nu, -0.5, 0.5); /* non-zero: the gradient adds into it */
    double *g0 = gc_alloc(nu);
    memcpy(g0, g, sizeof(double) * (size_t)nu);
    memcpy(ob, s, sizeof(double) * (size_t)no);
    gc_zero(og, no);
    double rg = gradient(&c, g, og, ob);
    for (int i = 0; i < nu; i++)
        g[i] -= g0[i];
    char what[128];
    snprintf(what, sizeof what, "%s n=%d m=%d", names[q], n, m);
    gc_check_gradient(what, along, eval, &c, u, nu, g);
    double r = primal(&c, u, out);
    snprintf(what, sizeof what, "%s n=%d m=%d: outputs from the gradient", names[q], n, m);
    if (q == NORMALISED)
        gc_compare_tol(what, &rg, &r, 1, 1e-12);
    else
        gc_compare_tol(what, og, out, no, 1e-12);
    if (q != NORMALISED) {
        snprintf(what, sizeof what, "%s n=%d m=%d: seeds consumed", names[q], n, m);
        gc_check_zero(what, ob, no);
    }
    free(u), free(g), free(g0), free(w), free(out), free(og), free(s), free(ob);
}

int main(void) {
    gc_seed(61);
    for (int q = 0; q < NKERNELS; q++) {
        static const int sizes[][2] = {{1, 1}, {2, 3}, {5, 2}, {3, 17}, {6, 33}};
        for (int k = 0; k < 5; k++)
            check(q, sizes[k][0], sizes[k][1], 0);
        /* long rows: the lanes' remainders and several vector widths */
        check(q, q == MATMUL ? 67 : q == NORMALISED ? 2003 : 301, 1001, 1);
    }
    return gc_finish();
}
