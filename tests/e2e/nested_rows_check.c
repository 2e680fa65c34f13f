/* Checks scale_rows_b and pair_energy_b (generated from nested_rows.c)
 * against central finite differences: scale_rows_b's A_b and v_b += J^T w
 * for a random seed w in y_b (of dot(w, y)), pair_energy_b's p_b, q_b and
 * w_b of the energy. Rows and columns long enough that a row spans the
 * GPU's blocks of 256 threads. */
#include "gradcheck.h"

void scale_rows(int n, int m, const double *A, const double *v, double *y);
void scale_rows_b(int n, int m, const double *A, double *A_b, const double *v, double *v_b,
                  double *y, double *y_b);
double pair_energy(int n, int m, const double *p, const double *q, double w, double *e);
double pair_energy_b(int n, int m, const double *p, double *p_b, const double *q, double *q_b,
                     double w, double *w_b, double *e, double pair_energy_b_seed);

enum { N = 23, M = 97, NM = N * M };

struct ctx {
    double *A, *v, *w, *y;
};

static double eval_rows(void *p) {
    struct ctx *c = p;
    scale_rows(N, M, c->A, c->v, c->y);
    return gc_dot(c->w, c->y, NM);
}

struct pairs {
    double *p, *q, *e;
    double w;
};

static double eval_pairs(void *x) {
    struct pairs *c = x;
    return pair_energy(N, M, c->p, c->q, c->w, c->e);
}

static void check_rows(void) {
    double *A = gc_alloc(NM), *v = gc_alloc(N), *w = gc_alloc(NM), *y = gc_alloc(NM);
    double *yref = gc_alloc(NM), *tmp = gc_alloc(NM);
    double *A_b = gc_alloc(NM), *v_b = gc_alloc(N), *y_b = gc_alloc(NM);
    double *fdA = gc_alloc(NM), *fdv = gc_alloc(N);
    gc_fill(A, NM, -1.0, 1.0);
    gc_fill(v, N, -2.0, 2.0);
    gc_fill(w, NM, -1.0, 1.0);
    scale_rows(N, M, A, v, yref);
    gc_zero(A_b, NM);
    gc_zero(v_b, N);
    memcpy(y_b, w, sizeof(double) * NM);
    scale_rows_b(N, M, A, A_b, v, v_b, y, y_b);
    gc_compare_tol("y after scale_rows_b vs primal", y, yref, NM, 1e-13);
    gc_check_zero("y_b after scale_rows_b (consumed)", y_b, NM);
    struct ctx c = {A, v, w, tmp};
    gc_fd_grad(eval_rows, &c, A, NM, fdA);
    gc_fd_grad(eval_rows, &c, v, N, fdv);
    gc_compare("A_b vs finite differences of w.y", A_b, fdA, NM);
    gc_compare("v_b vs finite differences of w.y", v_b, fdv, N);
    gc_check_nonzero("v_b", v_b, N);
    free(A), free(v), free(w), free(y), free(yref), free(tmp), free(A_b), free(v_b), free(y_b);
    free(fdA), free(fdv);
}

static void check_pairs(void) {
    double *p = gc_alloc(N), *q = gc_alloc(M), *e = gc_alloc(NM);
    double *p_b = gc_alloc(N), *q_b = gc_alloc(M), *fdp = gc_alloc(N), *fdq = gc_alloc(M);
    gc_fill(p, N, -1.5, 1.5);
    gc_fill(q, M, -1.5, 1.5);
    double w = 0.7, w_b = 0.0;
    double f = pair_energy(N, M, p, q, w, e);
    gc_zero(p_b, N);
    gc_zero(q_b, M);
    double r = pair_energy_b(N, M, p, p_b, q, q_b, w, &w_b, e, 1.0);
    gc_check_value("pair_energy_b return value", r, f, GC_RTOL_EXACT);
    struct pairs c = {p, q, e, w};
    gc_fd_grad(eval_pairs, &c, p, N, fdp);
    gc_fd_grad(eval_pairs, &c, q, M, fdq);
    double fdw = 0.0;
    gc_fd_grad(eval_pairs, &c, &c.w, 1, &fdw);
    gc_compare("p_b vs finite differences", p_b, fdp, N);
    gc_compare("q_b vs finite differences", q_b, fdq, M);
    gc_compare("w_b vs finite differences", &w_b, &fdw, 1);
    gc_check_nonzero("p_b", p_b, N);
    gc_check_nonzero("q_b", q_b, M);
    free(p), free(q), free(e), free(p_b), free(q_b), free(fdp), free(fdq);
}

int main(void) {
    gc_seed(5);
    check_rows();
    check_pairs();
    return gc_finish();
}
