/* Checks ragged_rows_b and packed_rows_b (generated from row_starts.c)
 * against finite differences. ragged_rows' rows have lengths 0 to 9;
 * packed_rows overwrites x (wrt and out): x_b brings the seed of its final
 * values and returns the adjoint of its initial ones, checked against
 * finite differences of return + <seed, final x>. */
#include "gradcheck.h"

double ragged_rows(int rows, int nnz, const int *rowptr, const double *x, const double *w,
                   double *y);
double ragged_rows_b(int rows, int nnz, const int *rowptr, const double *x, double *x_b,
                     const double *w, double *w_b, double *y, double ragged_rows_b_seed);
double packed_rows(int rows, int m, double *x, const double *c);
double packed_rows_b(int rows, int m, double *x, double *x_b, const double *c, double *c_b,
                     double packed_rows_b_seed);

struct ragged {
    int rows, nnz;
    const int *rowptr;
    double *x, *w, *y;
};

static double eval_ragged(void *p) {
    struct ragged *g = p;
    return ragged_rows(g->rows, g->nnz, g->rowptr, g->x, g->w, g->y);
}

static void check_ragged(int rows) {
    int *rowptr = malloc(sizeof(int) * (size_t)(rows + 1));
    rowptr[0] = 0;
    for (int i = 0; i < rows; i++)
        rowptr[i + 1] = rowptr[i] + (int)(gc_next() % 10);
    int nnz = rowptr[rows];
    double *x = gc_alloc(nnz), *x_b = gc_alloc(nnz), *y = gc_alloc(nnz);
    double *w = gc_alloc(rows), *w_b = gc_alloc(rows);
    char what[96];
    gc_fill(x, nnz, -1.5, 1.5);
    gc_fill(w, rows, -1.0, 1.0);
    gc_zero(x_b, nnz), gc_zero(w_b, rows);
    struct ragged g = {rows, nnz, rowptr, x, w, y};
    double f = eval_ragged(&g);
    double r = ragged_rows_b(rows, nnz, rowptr, x, x_b, w, w_b, y, 1.0);
    snprintf(what, sizeof what, "ragged_rows rows=%d nnz=%d", rows, nnz);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    /* (many rows: along a direction, so that the emulated CUDA primal the
     * finite differences call stays within its test's time) */
    int along = rows > 100;
    snprintf(what, sizeof what, "ragged_rows rows=%d: x_b", rows);
    gc_check_gradient(what, along, eval_ragged, &g, x, nnz, x_b);
    snprintf(what, sizeof what, "ragged_rows rows=%d: w_b", rows);
    gc_check_gradient(what, along, eval_ragged, &g, w, rows, w_b);
    gc_check_nonzero("x_b", x_b, nnz);
    free(rowptr), free(x), free(x_b), free(y), free(w), free(w_b);
}

struct packed {
    int rows, m;
    double *x0, *x, *seed, *c;
};

static double eval_packed(void *p) {
    struct packed *g = p;
    int nm = g->rows * g->m;
    memcpy(g->x, g->x0, sizeof(double) * (size_t)nm);
    double r = packed_rows(g->rows, g->m, g->x, g->c);
    return r + gc_dot(g->x, g->seed, nm);
}

static void check_packed(int rows, int m) {
    int nm = rows * m;
    double *x0 = gc_alloc(nm), *x = gc_alloc(nm), *seed = gc_alloc(nm), *x_b = gc_alloc(nm);
    double *x_end = gc_alloc(nm), *c = gc_alloc(m), *c_b = gc_alloc(m);
    char what[96];
    gc_fill(x0, nm, -1.0, 1.0);
    gc_fill(seed, nm, -1.0, 1.0);
    gc_fill(c, m, -0.5, 0.5);
    gc_zero(c_b, m);
    struct packed g = {rows, m, x0, x, seed, c};
    memcpy(x, x0, sizeof(double) * (size_t)nm);
    double f = packed_rows(rows, m, x, c);
    memcpy(x_end, x, sizeof(double) * (size_t)nm);
    memcpy(x, x0, sizeof(double) * (size_t)nm);
    memcpy(x_b, seed, sizeof(double) * (size_t)nm);
    double r = packed_rows_b(rows, m, x, x_b, c, c_b, 1.0);
    snprintf(what, sizeof what, "packed_rows %dx%d", rows, m);
    gc_check_value(what, r, f, GC_RTOL_EXACT);
    gc_compare_tol("packed_rows: x after the gradient", x, x_end, nm, 1e-13);
    int along = nm > 500;
    snprintf(what, sizeof what, "packed_rows %dx%d: x_b", rows, m);
    gc_check_gradient(what, along, eval_packed, &g, x0, nm, x_b);
    snprintf(what, sizeof what, "packed_rows %dx%d: c_b", rows, m);
    gc_check_gradient(what, along, eval_packed, &g, c, m, c_b);
    gc_check_nonzero("c_b", c_b, m);
    free(x0), free(x), free(seed), free(x_b), free(x_end), free(c), free(c_b);
}

int main(void) {
    gc_seed(64);
    check_ragged(7);
    check_ragged(40);
    check_ragged(300);
    check_packed(5, 4);
    check_packed(12, 9);
    check_packed(40, 33);
    return gc_finish();
}
