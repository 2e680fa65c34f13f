/* Checks accum_copies.c: each gradient against central finite differences
 * of s . y (per component at small sizes, along a random direction at
 * large ones), the outputs y the gradient writes against the primal's and
 * the seeds consumed. The sizes take, at 3 threads, the copies on the
 * stack (a few table entries, many updates), on the heap (70000 entries,
 * 250000 updates) and atomics (a table as long as the updates); a
 * pointer's table in partial sums per thread, and past their largest
 * length (pg_partial_limit(), at most 2^22) atomically. */
#include "gradcheck.h"

void gather_sq(long n, long m, const double *x, const int *idx, double *y);
void gather_sq_b(long n, long m, const double *x, double *x_b, const int *idx, double *y,
                 double *y_b);
void dense_rows(int n, int m, const double *w, const double *x, double *y);
void dense_rows_b(int n, int m, const double *w, double *w_b, const double *x, double *x_b,
                  double *y, double *y_b);
void gather_ptr(long n, const double *x, const int *idx, double *y);
void gather_ptr_b(long n, const double *x, double *x_b, const int *idx, double *y, double *y_b);
void gather_two(long n, long m, const double *a, const double *b, const int *idx, double *y);
void gather_two_b(long n, long m, const double *a, double *a_b, const double *b, double *b_b,
                  const int *idx, double *y, double *y_b);

enum { GATHER_SQ, DENSE_ROWS, GATHER_PTR, GATHER_TWO };
static const char *const names[] = {"gather_sq", "dense_rows", "gather_ptr", "gather_two"};

/* The inputs, one vector u (the table, or w then x, or a then b), of
 * length len(q, n, m); y has n entries. */
static int len(int q, int n, int m) {
    return q == DENSE_ROWS ? m + n * m : q == GATHER_TWO ? 2 * m : m;
}

struct ctx {
    int q, n, m;
    const int *idx;
    double *u, *y, *s;
};

static void primal(struct ctx *c, const double *u, double *y) {
    switch (c->q) {
    case GATHER_SQ:
        gather_sq(c->n, c->m, u, c->idx, y);
        break;
    case DENSE_ROWS:
        dense_rows(c->n, c->m, u, u + c->m, y);
        break;
    case GATHER_PTR:
        gather_ptr(c->n, u, c->idx, y);
        break;
    default:
        gather_two(c->n, c->m, u, u + c->m, c->idx, y);
    }
}

static void gradient(struct ctx *c, double *u_b, double *y, double *y_b) {
    switch (c->q) {
    case GATHER_SQ:
        gather_sq_b(c->n, c->m, c->u, u_b, c->idx, y, y_b);
        break;
    case DENSE_ROWS:
        dense_rows_b(c->n, c->m, c->u, u_b, c->u + c->m, u_b + c->m, y, y_b);
        break;
    case GATHER_PTR:
        gather_ptr_b(c->n, c->u, u_b, c->idx, y, y_b);
        break;
    default:
        gather_two_b(c->n, c->m, c->u, u_b, c->u + c->m, u_b + c->m, c->idx, y, y_b);
    }
}

static double eval(void *p) {
    struct ctx *c = p;
    primal(c, c->u, c->y);
    return gc_dot(c->s, c->y, c->n);
}

static void check(int q, int n, int m, int along) {
    int nu = len(q, n, m);
    double *u = gc_alloc(nu), *g = gc_alloc(nu);
    double *y = gc_alloc(n), *yg = gc_alloc(n), *s = gc_alloc(n), *yb = gc_alloc(n);
    int *idx = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    gc_fill(u, nu, -1.0, 1.0);
    gc_fill(s, n, -1.0, 1.0);
    for (int i = 0; i < n; i++)
        idx[i] = (int)(gc_next() % (uint64_t)m);
    struct ctx c = {q, n, m, idx, u, y, s};
    gc_zero(g, nu);
    memcpy(yb, s, sizeof(double) * (size_t)n);
    gradient(&c, g, yg, yb);
    char what[128];
    snprintf(what, sizeof what, "%s n=%d m=%d", names[q], n, m);
    gc_check_gradient(what, along, eval, &c, u, nu, g);
    primal(&c, u, y);
    snprintf(what, sizeof what, "%s n=%d m=%d: y from the gradient", names[q], n, m);
    gc_compare_tol(what, yg, y, n, 1e-12);
    snprintf(what, sizeof what, "%s n=%d m=%d: seeds consumed", names[q], n, m);
    gc_check_zero(what, yb, n);
    free(u), free(g), free(y), free(yg), free(s), free(yb), free(idx);
}

int main(void) {
    gc_seed(57);
    for (int q = 0; q < 4; q++) {
        static const int sizes[][2] = {{1, 1}, {2, 3}, {7, 2}, {40, 5}, {9, 9}};
        for (int k = 0; k < 5; k++)
            check(q, sizes[k][0], sizes[k][1], 0);
        check(q, 250000, q == DENSE_ROWS ? 4 : 70000, 1);
        check(q, 100000, q == DENSE_ROWS ? 40 : 100000, 1);
    }
    /* a table longer than a thread's partial sums grow (pg_partial_limit,
     * at most 2^22): the elements past them updated atomically; one a
     * little shorter, in partial sums that grow to it */
    check(GATHER_PTR, 4500000, 4500000, 1);
    check(GATHER_PTR, 300000, 300000, 1);
    return gc_finish();
}
