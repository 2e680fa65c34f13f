/* Checks the gradients of c_idioms.c against central finite differences:
 * smooth_energy and streams with gc_check_gradient_1, twin_outputs through seeds on
 * both outputs (x_b vs d (dot(wy, y) + dot(wz, z)) / dx). */
#include "gradcheck.h"

double smooth_energy(int n, const double *x);
double smooth_energy_b(int n, const double *x, double *x_b, double seed);
GC_KERNEL(streams)
void twin_outputs(int n, const double *x, double *y, double *z);
void twin_outputs_b(int n, const double *x, double *x_b, double *y, double *y_b, double *z,
                    double *z_b);

enum { N = 11 };

struct ctx {
    double *x, *wy, *wz, *y, *z;
};

static double eval(void *p) {
    struct ctx *c = p;
    twin_outputs(N, c->x, c->y, c->z);
    return gc_dot(c->wy, c->y, N) + gc_dot(c->wz, c->z, N);
}

int main(void) {
    static const struct gc_kernel kernels[] = {{"streams", streams, streams_b}};
    static const int sizes[] = {1, 2, 5, 9, 33};
    gc_check_kernels(kernels, 1, sizes, 5, 2);
    for (uint64_t seed = 1; seed <= 3; seed++) {
        gc_check_gradient_1("smooth_energy n=11", smooth_energy, smooth_energy_b, N, -1.0, 1.0,
                            seed);
        gc_check_gradient_1("smooth_energy n=3", smooth_energy, smooth_energy_b, 3, -1.0, 1.0,
                            seed);
        double *x = gc_alloc(N), *wy = gc_alloc(N), *wz = gc_alloc(N), *y = gc_alloc(N);
        double *z = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N), *z_b = gc_alloc(N);
        double *fd = gc_alloc(N);
        gc_seed(seed);
        gc_fill(x, N, -1.0, 1.0);
        gc_fill(wy, N, -1.0, 1.0);
        gc_fill(wz, N, -1.0, 1.0);
        memcpy(y_b, wy, sizeof(double) * N);
        memcpy(z_b, wz, sizeof(double) * N);
        twin_outputs_b(N, x, x_b, y, y_b, z, z_b);
        gc_check_zero("twin_outputs: y_b consumed", y_b, N);
        gc_check_zero("twin_outputs: z_b consumed", z_b, N);
        struct ctx c = {x, wy, wz, gc_alloc(N), gc_alloc(N)};
        gc_fd_grad(eval, &c, x, N, fd);
        gc_compare("twin_outputs: x_b vs finite differences", x_b, fd, N);
        gc_compare_tol("twin_outputs: y vs z", y, z, N, 0.0);
        free(x), free(wy), free(wz), free(y), free(z), free(x_b), free(y_b), free(z_b), free(fd);
        free(c.y), free(c.z);
    }
    return gc_finish();
}
