/* Checks strain_energy_b, row_softmax_loss_b and gather_pairs_b (generated
 * from private_arrays.c) against central finite differences; the outputs
 * after the gradients against the primal's. */
#include "gradcheck.h"

enum { N = 23, M = 5 };

void strain_energy(int n, const double *x, double *y);
void strain_energy_b(int n, const double *x, double *x_b, double *y, double *y_b);
double row_softmax_loss(int n, int m, const double *z, const int *label);
double row_softmax_loss_b(int n, int m, const double *z, double *z_b, const int *label,
                          double row_softmax_loss_b_seed);
void gather_pairs(int n, const double *x, const int *nb, double *y);
void gather_pairs_b(int n, const double *x, double *x_b, const int *nb, double *y, double *y_b);

static int nb[N], label[N];

struct map {
    void (*f)(int n, const double *x, double *y);
    double *x, *y, *s;
};

static void strain(int n, const double *x, double *y) {
    strain_energy(n, x, y);
}

static void pairs(int n, const double *x, double *y) {
    gather_pairs(n, x, nb, y);
}

static double eval_map(void *p) {
    struct map *c = p;
    c->f(N, c->x, c->y);
    return gc_dot(c->s, c->y, N);
}

/* a map of N outputs from nx inputs: its gradient against FD, y after
 * it against the primal's, y_b consumed */
static void check_map(const char *what, void (*f)(int, const double *, double *), int nx,
                      void (*f_b)(const double *, double *, double *, double *)) {
    double *x = gc_alloc(nx), *x_b = gc_alloc(nx), *fd = gc_alloc(nx);
    double *y = gc_alloc(N), *y_b = gc_alloc(N), *s = gc_alloc(N), *yref = gc_alloc(N);
    gc_fill(x, nx, -1.0, 1.0);
    gc_fill(s, N, -1.0, 1.0);
    struct map c = {f, x, y, s};
    gc_fd_grad(eval_map, &c, x, nx, fd);
    f(N, x, yref);
    gc_zero(y, N);
    gc_zero(x_b, nx);
    memcpy(y_b, s, sizeof(double) * N);
    f_b(x, x_b, y, y_b);
    gc_compare_tol(what, y, yref, N, 1e-13);
    gc_compare(what, x_b, fd, nx);
    gc_check_nonzero(what, x_b, nx);
    gc_check_zero(what, y_b, N);
    free(x), free(x_b), free(fd), free(y), free(y_b), free(s), free(yref);
}

static void strain_b(const double *x, double *x_b, double *y, double *y_b) {
    strain_energy_b(N, x, x_b, y, y_b);
}

static void pairs_b(const double *x, double *x_b, double *y, double *y_b) {
    gather_pairs_b(N, x, x_b, nb, y, y_b);
}

static double eval_loss(void *p) {
    return row_softmax_loss(N, M, p, label);
}

static void check_loss(void) {
    double *z = gc_alloc(N * M), *z_b = gc_alloc(N * M), *fd = gc_alloc(N * M);
    gc_fill(z, N * M, -2.0, 2.0);
    gc_fd_grad(eval_loss, z, z, N * M, fd);
    gc_zero(z_b, N * M);
    double r = row_softmax_loss_b(N, M, z, z_b, label, 1.0);
    gc_check_value("row_softmax_loss_b's value vs the primal's", r,
                   row_softmax_loss(N, M, z, label), 1e-13);
    gc_compare("z_b vs FD (row_softmax_loss)", z_b, fd, N * M);
    free(z), free(z_b), free(fd);
}

int main(void) {
    gc_seed(1320);
    for (int i = 0; i < N; i++) {
        nb[i] = (int)(gc_next() % N);
        label[i] = (int)(gc_next() % M);
    }
    check_map("strain_energy", strain, 3 * N, strain_b);
    check_map("gather_pairs", pairs, 2 * N, pairs_b);
    check_loss();
    return gc_finish();
}
