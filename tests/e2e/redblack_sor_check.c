/* Checks the gradient of redblack_sor.c against central finite
 * differences (u is overwritten: each evaluation starts from a copy) for
 * grids of 3 to 12 rows and 1 to 3 sweeps. */
#include "gradcheck.h"

double redblack_sor(int n, int nsweeps, double u[n * n], const double *rhs, double omega);
double redblack_sor_b(int n, int nsweeps, double u[n * n], double u_b[n * n], const double *rhs,
                      double *rhs_b, double omega, double *omega_b, double seed);

struct ctx {
    int n, sweeps;
    double *u0, *rhs, *omega, *work;
};

static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->work, c->u0, sizeof(double) * (size_t)(c->n * c->n));
    return redblack_sor(c->n, c->sweeps, c->work, c->rhs, *c->omega);
}

int main(void) {
    const int sizes[] = {3, 5, 8, 12};
    char what[120];
    gc_seed(17);
    for (int k = 0; k < 4; k++)
        for (int sweeps = 1; sweeps <= 3; sweeps++) {
            int n = sizes[k], m = n * n;
            double *u0 = gc_alloc(m), *rhs = gc_alloc(m), *u = gc_alloc(m), *work = gc_alloc(m);
            double *u_b = gc_alloc(m), *rhs_b = gc_alloc(m), *fd = gc_alloc(m);
            double omega = 1.3, omega_b = 0.0, fd_omega;
            gc_fill(u0, m, -1.0, 1.0);
            gc_fill(rhs, m, -2.0, 2.0);
            struct ctx c = {n, sweeps, u0, rhs, &omega, work};
            double f = eval(&c);
            memcpy(u, u0, sizeof(double) * (size_t)m);
            double r = redblack_sor_b(n, sweeps, u, u_b, rhs, rhs_b, omega, &omega_b, 1.0);
            snprintf(what, sizeof what, "n=%d sweeps=%d: value", n, sweeps);
            gc_check_value(what, r, f, GC_RTOL_EXACT);
            gc_fd_grad(eval, &c, u0, m, fd);
            snprintf(what, sizeof what, "n=%d sweeps=%d: u_b", n, sweeps);
            gc_compare(what, u_b, fd, m);
            gc_fd_grad(eval, &c, rhs, m, fd);
            snprintf(what, sizeof what, "n=%d sweeps=%d: rhs_b", n, sweeps);
            gc_compare(what, rhs_b, fd, m);
            gc_fd_grad(eval, &c, &omega, 1, &fd_omega);
            snprintf(what, sizeof what, "n=%d sweeps=%d: omega_b", n, sweeps);
            gc_compare(what, &omega_b, &fd_omega, 1);
            free(u0), free(rhs), free(u), free(work), free(u_b), free(rhs_b), free(fd);
        }
    return gc_finish();
}
