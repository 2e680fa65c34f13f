/* Checks fit_residual_b (scalar_out.c) against central finite differences
 * of we * err + wp * peak, for peak below and above the residual, and that
 * the seeds are consumed. */
#include "gradcheck.h"

void fit_residual(int n, const double *x, const double *y, double *err, double *peak);
void fit_residual_b(int n, const double *x, double *x_b, const double *y, double *y_b, double *err,
                    double *err_b, double *peak, double *peak_b);

enum { N = 9 };
static const double we = 0.7, wp = -1.3;

struct ctx {
    double *x, *y, peak0;
};

static double eval(void *p) {
    struct ctx *c = p;
    double err = 0.0, peak = c->peak0;
    fit_residual(N, c->x, c->y, &err, &peak);
    return we * err + wp * peak;
}

int main(void) {
    for (uint64_t seed = 1; seed <= 3; seed++)
        for (int k = 0; k < 2; k++) {
            double *x = gc_alloc(N), *y = gc_alloc(N), *x_b = gc_alloc(N), *y_b = gc_alloc(N);
            double *fd = gc_alloc(N);
            gc_seed(seed);
            gc_fill(x, N, -1.0, 1.0);
            gc_fill(y, N, -1.0, 1.0);
            struct ctx c = {x, y, k ? 5.0 : 0.01};
            double err = 0.0, peak = c.peak0, err_ref = 0.0, peak_ref = c.peak0;
            fit_residual(N, x, y, &err_ref, &peak_ref);
            double err_b = we, peak_b = wp;
            fit_residual_b(N, x, x_b, y, y_b, &err, &err_b, &peak, &peak_b);
            gc_check_value("err from the gradient", err, err_ref, GC_RTOL_EXACT);
            gc_check_value("peak from the gradient", peak, peak_ref, GC_RTOL_EXACT);
            gc_check_value("err_b consumed", err_b, 0.0, 0.0);
            gc_fd_grad(eval, &c, x, N, fd);
            gc_compare("x_b vs finite differences", x_b, fd, N);
            gc_fd_grad(eval, &c, y, N, fd);
            gc_compare("y_b vs finite differences", y_b, fd, N);
            double h = 1e-6, p0 = c.peak0;
            c.peak0 = p0 + h;
            double up = eval(&c);
            c.peak0 = p0 - h;
            double down = eval(&c);
            gc_check_value("peak_b vs finite differences", peak_b, (up - down) / (2 * h), 1e-6);
            free(x), free(y), free(x_b), free(y_b), free(fd);
        }
    return gc_finish();
}
