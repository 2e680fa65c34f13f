/* Checks mathmix_b (generated from mathfuncs.c) against central finite
 * differences, with inputs kept away from the kinks of fabs, fmin and fmax
 * (each side taken by several points). */
#include "gradcheck.h"

double mathmix(int n, const double *x, const double *y);
double mathmix_b(int n, const double *x, double *x_b, const double *y, double *y_b,
                 double mathmix_b_seed);

enum { N = 60 };

struct ctx {
    double *x, *y;
};

static double eval(void *p) {
    struct ctx *c = p;
    return mathmix(N, c->x, c->y);
}

int main(void) {
    gc_seed(10);
    double *x = gc_alloc(N), *y = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N);
    double *gx = gc_alloc(N), *gy = gc_alloc(N), *fdx = gc_alloc(N), *fdy = gc_alloc(N);
    int below = 0, left = 0;
    for (int i = 0; i < N; i++) {
        /* redraw until clear of the kinks a = 0.5 and a = b / 2 */
        do {
            x[i] = gc_uniform(0.2, 0.8);
            y[i] = gc_uniform(1.1, 1.9);
        } while (fabs(x[i] - 0.5) < 1e-3 || fabs(x[i] - 0.5 * y[i]) < 1e-3);
        below += x[i] < 0.5;
        left += x[i] < 0.5 * y[i];
    }
    gc_require(below >= 5 && below <= N - 5, "both sides of fabs's kink are used");
    gc_require(left >= 5 && left <= N - 5, "both branches of fmin/fmax are used");
    double f = mathmix(N, x, y);

    gc_zero(x_b, N);
    gc_zero(y_b, N);
    double r = mathmix_b(N, x, x_b, y, y_b, 1.0);
    gc_check_value("mathmix_b return value", r, f, GC_RTOL_EXACT);
    memcpy(gx, x_b, sizeof(double) * N);
    memcpy(gy, y_b, sizeof(double) * N);

    struct ctx c = {x, y};
    gc_fd_grad(eval, &c, x, N, fdx);
    gc_fd_grad(eval, &c, y, N, fdy);
    gc_compare("x_b vs finite differences", gx, fdx, N);
    gc_compare("y_b vs finite differences", gy, fdy, N);
    gc_check_nonzero("x_b", gx, N);
    gc_check_nonzero("y_b", gy, N);

    mathmix_b(N, x, x_b, y, y_b, 1.0);
    gc_compare_scaled("x_b after a second call (2x)", x_b, gx, 2.0, N);
    gc_compare_scaled("y_b after a second call (2x)", y_b, gy, 2.0, N);

    gc_zero(x_b, N);
    gc_zero(y_b, N);
    mathmix_b(N, x, x_b, y, y_b, -3.0);
    gc_compare_scaled("x_b with seed -3", x_b, gx, -3.0, N);
    gc_compare_scaled("y_b with seed -3", y_b, gy, -3.0, N);

    free(x), free(y), free(x_b), free(y_b), free(gx), free(gy), free(fdx), free(fdy);
    return gc_finish();
}
