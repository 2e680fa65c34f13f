/* Checks advect_loss_b (generated from periodic_faces.c) against central
 * finite differences wrt the initial state q and the reaction rate, on
 * grids of 7, 40 and 300 cells, with face velocities of both signs. */
#include "gradcheck.h"

typedef struct {
    int n;
    double dx;
    double *vel;
} grid_t;

double advect_loss(const grid_t *g, double *q, const double *target, double kreact);
double advect_loss_b(const grid_t *g, double *q, double *q_b, const double *target, double kreact,
                     double *kreact_b, double advect_loss_b_seed);

struct ctx {
    grid_t g;
    double *q0, *q, *target;
    double k;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->q, c->q0, sizeof(double) * c->g.n);
    return advect_loss(&c->g, c->q, c->target, c->k);
}

static void run(int n, uint64_t seed) {
    gc_seed(seed);
    struct ctx c = {{n, 1.0 / n, gc_alloc(n + 1)}, gc_alloc(n), gc_alloc(n), gc_alloc(n), 0.3};
    for (int i = 0; i <= n; i++) {
        double v = gc_uniform(0.2, 0.9);
        c.g.vel[i] = i % 3 == 0 ? -v : v;
    }
    gc_fill(c.q0, n, 0.5, 1.5);
    gc_fill(c.target, n, 0.0, 1.0);
    double loss = eval(&c);
    double *q_b = gc_alloc(n), *fdq = gc_alloc(n), k_b = 0.0, fdk;
    memcpy(c.q, c.q0, sizeof(double) * n);
    double got = advect_loss_b(&c.g, c.q, q_b, c.target, c.k, &k_b, 1.0);
    gc_check_value("advect_loss_b's return vs the primal", got, loss, 1e-11);
    gc_fd_grad(eval, &c, c.q0, n, fdq);
    gc_compare("q_b vs FD", q_b, fdq, n);
    gc_fd_grad(eval, &c, &c.k, 1, &fdk);
    gc_compare("kreact_b vs FD", &k_b, &fdk, 1);
    gc_check_nonzero("q_b", q_b, n);
    free(c.g.vel), free(c.q0), free(c.q), free(c.target), free(q_b), free(fdq);
}

int main(void) {
    run(7, 1);
    run(40, 2);
    run(300, 3);
    return gc_finish();
}
