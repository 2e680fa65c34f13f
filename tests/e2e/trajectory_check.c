/* Checks the gradients of trajectory.c's time loops that keep every time
 * level in one array against finite differences, and that the histories
 * the caller passes hold the primal's values after the gradient (nothing
 * restores them: the return sweep leaves them final). */
#include "gradcheck.h"

double heat_history(int n, int nt, const double *u0, const double *kappa, double *u);
double heat_history_b(int n, int nt, const double *u0, double *u0_b, const double *kappa,
                      double *kappa_b, double *u, double heat_history_b_seed);
double ring_history(int n, int nt, const double *x0, const double *w, double *x);
double ring_history_b(int n, int nt, const double *x0, double *x0_b, const double *w, double *w_b,
                      double *x, double ring_history_b_seed);
double damped_paths(int n, int nt, const double *v0, const double *c, double *y);
double damped_paths_b(int n, int nt, const double *v0, double *v0_b, const double *c, double *c_b,
                      double *y, double damped_paths_b_seed);

double lattice_values(int n, int nt, const double *payoff, const double *disc, double *v);
double lattice_values_b(int n, int nt, const double *payoff, double *payoff_b, const double *disc,
                        double *disc_b, double *v, double lattice_values_b_seed);

enum { HEAT, RING, DAMPED, LATTICE };

struct run {
    int kind, n, nt;
    double *a, *b, *hist; /* the inputs, and the caller's history or output */
};

static double eval(void *p) {
    struct run *r = p;
    switch (r->kind) {
    case HEAT:
        return heat_history(r->n, r->nt, r->a, r->b, r->hist);
    case RING:
        return ring_history(r->n, r->nt, r->a, r->b, r->hist);
    case DAMPED:
        return damped_paths(r->n, r->nt, r->a, r->b, r->hist);
    default:
        return lattice_values(r->n, r->nt, r->a, r->b, r->hist);
    }
}

static double gradient(struct run *r, double *a_b, double *b_b) {
    switch (r->kind) {
    case HEAT:
        return heat_history_b(r->n, r->nt, r->a, a_b, r->b, b_b, r->hist, 1.0);
    case RING:
        return ring_history_b(r->n, r->nt, r->a, a_b, r->b, b_b, r->hist, 1.0);
    case DAMPED:
        return damped_paths_b(r->n, r->nt, r->a, a_b, r->b, b_b, r->hist, 1.0);
    default:
        return lattice_values_b(r->n, r->nt, r->a, a_b, r->b, b_b, r->hist, 1.0);
    }
}

static void check(int kind, int n, int nt) {
    static const char *names[] = {"heat_history", "ring_history", "damped_paths", "lattice_values"};
    int len = kind == DAMPED ? n : n * nt;
    struct run r = {kind, n, nt, gc_alloc(n), gc_alloc(n), gc_alloc(len)};
    double *a_b = gc_alloc(n), *b_b = gc_alloc(n), *fd_a = gc_alloc(n), *fd_b = gc_alloc(n);
    double *hist_end = gc_alloc(len);
    char what[128];
    gc_fill(r.a, n, -1.0, 1.0);
    gc_fill(r.b, n, kind == HEAT ? 0.05 : 0.2, kind == HEAT ? 0.2 : 0.9);
    if (kind == LATTICE) /* (payoffs apart from the exercise boundary: fmax is smooth there) */
        gc_fill(r.a, n, 0.5, 1.5);
    gc_zero(a_b, n), gc_zero(b_b, n);
    double f = eval(&r);
    memcpy(hist_end, r.hist, sizeof(double) * (size_t)len);
    gc_fill(r.hist, len, 5.0, 6.0); /* (overwritten: any values) */
    double v = gradient(&r, a_b, b_b);
    snprintf(what, sizeof what, "%s n=%d, %d steps", names[kind], n, nt);
    gc_check_value(what, v, f, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s: the caller's array after the gradient", names[kind]);
    gc_compare_tol(what, r.hist, hist_end, len, 1e-13);
    gc_fd_grad(eval, &r, r.a, n, fd_a);
    gc_fd_grad(eval, &r, r.b, n, fd_b);
    snprintf(what, sizeof what, "%s n=%d, %d steps: first input's adjoint", names[kind], n, nt);
    gc_compare(what, a_b, fd_a, n);
    snprintf(what, sizeof what, "%s n=%d, %d steps: second input's adjoint", names[kind], n, nt);
    gc_compare(what, b_b, fd_b, n);
    gc_check_nonzero(what, b_b, n);
    free(r.a), free(r.b), free(r.hist), free(a_b), free(b_b), free(fd_a), free(fd_b);
    free(hist_end);
}

int main(void) {
    gc_seed(71);
    for (int kind = HEAT; kind <= LATTICE; kind++) {
        check(kind, 3, 2);
        check(kind, 9, 6);
        check(kind, 61, 13);
    }
    return gc_finish();
}
