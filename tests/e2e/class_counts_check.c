/* Checks recentre_b (generated from class_counts.c) against central finite
 * differences of s.u_out + t.ring, wrt x and the input u; u after the
 * gradient against the primal's; ring_b consumed. */
#include "gradcheck.h"

void recentre(int n, const int *label, const double *x, double *u, double *ring);
void recentre_b(int n, const int *label, const double *x, double *x_b, double *u, double *u_b,
                double *ring, double *ring_b);

enum { N = 53, NCLS = 6 };

struct ctx {
    int *label;
    double *x, *u0, *u, *ring, *s, *t;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->u, c->u0, sizeof(double) * N);
    recentre(N, c->label, c->x, c->u, c->ring);
    return gc_dot(c->s, c->u, N) + gc_dot(c->t, c->ring, N);
}

int main(void) {
    gc_seed(119082);
    int label[N];
    for (int i = 0; i < N; i++)
        label[i] = (int)(gc_next() % NCLS);
    double *x = gc_alloc(NCLS), *u0 = gc_alloc(N), *u = gc_alloc(N), *ring = gc_alloc(N);
    double *s = gc_alloc(N), *t = gc_alloc(N), *uref = gc_alloc(N), *ringref = gc_alloc(N);
    double *x_b = gc_alloc(NCLS), *u_b = gc_alloc(N), *ring_b = gc_alloc(N);
    double *fdx = gc_alloc(NCLS), *fdu = gc_alloc(N);
    gc_fill(x, NCLS, -1.0, 1.0);
    gc_fill(u0, N, -2.0, 2.0);
    gc_fill(s, N, -1.0, 1.0);
    gc_fill(t, N, -1.0, 1.0);
    memcpy(uref, u0, sizeof(double) * N);
    recentre(N, label, x, uref, ringref);

    struct ctx c = {label, x, u0, u, ring, s, t};
    gc_fd_grad(eval, &c, x, NCLS, fdx);
    gc_fd_grad(eval, &c, u0, N, fdu);

    memcpy(u, u0, sizeof(double) * N);
    gc_zero(ring, N);
    gc_zero(x_b, NCLS);
    memcpy(u_b, s, sizeof(double) * N);
    memcpy(ring_b, t, sizeof(double) * N);
    recentre_b(N, label, x, x_b, u, u_b, ring, ring_b);
    gc_compare_tol("u after recentre_b vs primal", u, uref, N, 1e-13);
    gc_compare_tol("ring after recentre_b vs primal", ring, ringref, N, 1e-13);
    gc_compare("x_b vs FD", x_b, fdx, NCLS);
    gc_compare("u_b on exit vs FD wrt the input u", u_b, fdu, N);
    gc_check_nonzero("x_b", x_b, NCLS);
    gc_check_zero("ring_b on exit (consumed)", ring_b, N);

    free(x), free(u0), free(u), free(ring), free(s), free(t), free(uref), free(ringref);
    free(x_b), free(u_b), free(ring_b), free(fdx), free(fdu);
    return gc_finish();
}
