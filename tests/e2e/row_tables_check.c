/* Checks rows_objective_b and grid_objective_b (row_tables.c) against
 * central finite differences. */
#include "gradcheck.h"

double rows_objective(int n, int m, double **A, const double *x);
double rows_objective_b(int n, int m, double **A, double **A_b, const double *x, double *x_b,
                        double seed);
double grid_objective(int n, int m, double G[n][m], const double *w);
double grid_objective_b(int n, int m, double G[n][m], double G_b[n][m], const double *w,
                        double *w_b, double seed);

double row_pointers(int n, int m, double **A, const double G[n][m], const double *x);
double row_pointers_b(int n, int m, double **A, double **A_b, const double G[n][m],
                      double G_b[n][m], const double *x, double *x_b, double seed);

struct rows_ctx {
    int n, m;
    double **A, *x;
};

static double eval_rows(void *p) {
    struct rows_ctx *c = p;
    return rows_objective(c->n, c->m, c->A, c->x);
}

static void check_rows(int n, int m) {
    char what[96];
    double *a = gc_alloc(n * m), *a_b = gc_alloc(n * m), *x = gc_alloc(m), *x_b = gc_alloc(m);
    double *fa = gc_alloc(n * m), *fx = gc_alloc(m);
    double **A = malloc(sizeof(double *) * (size_t)n), **A_b = malloc(sizeof(double *) * (size_t)n);
    for (int i = 0; i < n; i++)
        A[i] = a + (size_t)i * m, A_b[i] = a_b + (size_t)i * m;
    gc_fill(a, n * m, -1.0, 1.0);
    gc_fill(x, m, -1.0, 1.0);
    struct rows_ctx c = {n, m, A, x};
    double want = eval_rows(&c);
    gc_fd_grad(eval_rows, &c, a, n * m, fa);
    gc_fd_grad(eval_rows, &c, x, m, fx);
    gc_zero(a_b, n * m);
    gc_zero(x_b, m);
    double got = rows_objective_b(n, m, A, A_b, x, x_b, 1.0);
    snprintf(what, sizeof what, "rows_objective %dx%d: value", n, m);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "rows_objective %dx%d: A_b", n, m);
    gc_compare(what, a_b, fa, n * m);
    snprintf(what, sizeof what, "rows_objective %dx%d: x_b", n, m);
    gc_compare(what, x_b, fx, m);
    free(a), free(a_b), free(x), free(x_b), free(fa), free(fx), free(A), free(A_b);
}

struct grid_ctx {
    int n, m;
    double *g0, *g, *w;
};

static double eval_grid(void *p) {
    struct grid_ctx *c = p;
    memcpy(c->g, c->g0, sizeof(double) * (size_t)(c->n * c->m));
    return grid_objective(c->n, c->m, (double(*)[c->m])c->g, c->w);
}

static void check_grid(int n, int m) {
    char what[96];
    double *g0 = gc_alloc(n * m), *g = gc_alloc(n * m), *g_b = gc_alloc(n * m);
    double *w = gc_alloc(n), *w_b = gc_alloc(n), *fg = gc_alloc(n * m), *fw = gc_alloc(n);
    gc_fill(g0, n * m, -1.0, 1.0);
    gc_fill(w, n, -1.0, 1.0);
    struct grid_ctx c = {n, m, g0, g, w};
    double want = eval_grid(&c);
    gc_fd_grad(eval_grid, &c, g0, n * m, fg);
    gc_fd_grad(eval_grid, &c, w, n, fw);
    memcpy(g, g0, sizeof(double) * (size_t)(n * m));
    gc_zero(g_b, n * m); /* no seed on G's final values */
    gc_zero(w_b, n);
    double got = grid_objective_b(n, m, (double(*)[m])g, (double(*)[m])g_b, w, w_b, 1.0);
    snprintf(what, sizeof what, "grid_objective %dx%d: value", n, m);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "grid_objective %dx%d: G_b", n, m);
    gc_compare(what, g_b, fg, n * m);
    snprintf(what, sizeof what, "grid_objective %dx%d: w_b", n, m);
    gc_compare(what, w_b, fw, n);
    free(g0), free(g), free(g_b), free(w), free(w_b), free(fg), free(fw);
}

struct rowp_ctx {
    int n, m;
    double *a0, *a, *g, *x;
    double **A;
};

static double eval_rowp(void *p) {
    struct rowp_ctx *c = p;
    memcpy(c->a, c->a0, sizeof(double) * (size_t)(c->n * c->m));
    return row_pointers(c->n, c->m, c->A, (const double(*)[c->m])c->g, c->x);
}

/* A is in wrt and out: A_b enters as zeros (no seed on A's final values)
 * and leaves as the adjoint of A's input values. */
static void check_row_pointers(int n, int m) {
    char what[96];
    double *a0 = gc_alloc(n * m), *a = gc_alloc(n * m), *a_b = gc_alloc(n * m);
    double *g = gc_alloc(n * m), *g_b = gc_alloc(n * m), *x = gc_alloc(m), *x_b = gc_alloc(m);
    double *fa = gc_alloc(n * m), *fg = gc_alloc(n * m), *fx = gc_alloc(m);
    double **A = malloc(sizeof(double *) * (size_t)n), **A_b = malloc(sizeof(double *) * (size_t)n);
    for (int i = 0; i < n; i++)
        A[i] = a + (size_t)i * m, A_b[i] = a_b + (size_t)i * m;
    gc_fill(a0, n * m, -1.0, 1.0);
    gc_fill(g, n * m, -1.0, 1.0);
    gc_fill(x, m, -1.0, 1.0);
    struct rowp_ctx c = {n, m, a0, a, g, x, A};
    double want = eval_rowp(&c);
    gc_fd_grad(eval_rowp, &c, a0, n * m, fa);
    gc_fd_grad(eval_rowp, &c, g, n * m, fg);
    gc_fd_grad(eval_rowp, &c, x, m, fx);
    memcpy(a, a0, sizeof(double) * (size_t)(n * m));
    gc_zero(a_b, n * m);
    gc_zero(g_b, n * m);
    gc_zero(x_b, m);
    double got =
        row_pointers_b(n, m, A, A_b, (const double(*)[m])g, (double(*)[m])g_b, x, x_b, 1.0);
    snprintf(what, sizeof what, "row_pointers %dx%d: value", n, m);
    gc_check_value(what, got, want, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "row_pointers %dx%d: A_b", n, m);
    gc_compare(what, a_b, fa, n * m);
    snprintf(what, sizeof what, "row_pointers %dx%d: G_b", n, m);
    gc_compare(what, g_b, fg, n * m);
    snprintf(what, sizeof what, "row_pointers %dx%d: x_b", n, m);
    gc_compare(what, x_b, fx, m);
    free(a0), free(a), free(a_b), free(g), free(g_b), free(x), free(x_b);
    free(fa), free(fg), free(fx), free(A), free(A_b);
}

int main(void) {
    static const int shapes[][2] = {{1, 1}, {2, 3}, {5, 4}, {9, 7}};
    gc_seed(11);
    for (int k = 0; k < 4; k++) {
        check_rows(shapes[k][0], shapes[k][1]);
        check_grid(shapes[k][0], shapes[k][1]);
        check_row_pointers(shapes[k][0], shapes[k][1]);
    }
    return gc_finish();
}
