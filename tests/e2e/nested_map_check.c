/* Checks outer_f_b (generated from nested_map.c): A_b and x_b += J^T w for a
 * random seed w in y_b, against central finite differences of dot(w, y); y
 * holds the primal output afterwards and y_b is consumed (zero). */
#include "gradcheck.h"

void outer_f(int n, int m, const double *A, const double *x, double *y);
void outer_f_b(int n, int m, const double *A, double *A_b, const double *x, double *x_b, double *y,
               double *y_b);

enum { N = 37, M = 11, NM = N * M };

struct ctx {
    double *A, *x, *w, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    outer_f(N, M, c->A, c->x, c->y);
    return gc_dot(c->w, c->y, NM);
}

int main(void) {
    gc_seed(21);
    double *A = gc_alloc(NM), *x = gc_alloc(M), *w = gc_alloc(NM), *y = gc_alloc(NM);
    double *yref = gc_alloc(NM), *tmp = gc_alloc(NM);
    double *A_b = gc_alloc(NM), *x_b = gc_alloc(M), *y_b = gc_alloc(NM);
    double *gA = gc_alloc(NM), *gx = gc_alloc(M), *fdA = gc_alloc(NM), *fdx = gc_alloc(M);
    gc_fill(A, NM, -1.0, 1.0);
    gc_fill(x, M, -2.0, 2.0);
    gc_fill(w, NM, -1.0, 1.0);
    outer_f(N, M, A, x, yref);

    gc_fill(y, NM, -9.0, 9.0);
    gc_zero(A_b, NM);
    gc_zero(x_b, M);
    memcpy(y_b, w, sizeof(double) * NM);
    outer_f_b(N, M, A, A_b, x, x_b, y, y_b);
    gc_compare_tol("y after outer_f_b vs primal", y, yref, NM, 1e-13);
    gc_check_zero("y_b after outer_f_b (consumed)", y_b, NM);
    memcpy(gA, A_b, sizeof(double) * NM);
    memcpy(gx, x_b, sizeof(double) * M);

    struct ctx c = {A, x, w, tmp};
    gc_fd_grad(eval, &c, A, NM, fdA);
    gc_fd_grad(eval, &c, x, M, fdx);
    gc_compare("A_b vs finite differences of w.y", gA, fdA, NM);
    gc_compare("x_b vs finite differences of w.y", gx, fdx, M);
    gc_check_nonzero("A_b", gA, NM);
    gc_check_nonzero("x_b", gx, M);

    memcpy(y_b, w, sizeof(double) * NM);
    outer_f_b(N, M, A, A_b, x, x_b, y, y_b);
    gc_compare_scaled("A_b after a second call (2x)", A_b, gA, 2.0, NM);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, M);

    free(A), free(x), free(w), free(y), free(yref), free(tmp), free(A_b), free(x_b), free(y_b);
    free(gA), free(gx), free(fdA), free(fdx);
    return gc_finish();
}
