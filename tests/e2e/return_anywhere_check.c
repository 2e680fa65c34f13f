/* Checks the gradients of return_anywhere.c against central finite
 * differences: over several seeds, so that both the early and the normal
 * exits are taken. */
#include "gradcheck.h"

double first_pass(int n, const double *x);
double first_pass_b(int n, const double *x, double *x_b, double first_pass_b_seed);
double nested_search(int n, const double *x);
double nested_search_b(int n, const double *x, double *x_b, double nested_search_b_seed);
double reduce_helper(int n, const double *x);
double reduce_helper_b(int n, const double *x, double *x_b, double reduce_helper_b_seed);
double nested_if(int n, const double *x);
double nested_if_b(int n, const double *x, double *x_b, double nested_if_b_seed);
void clipped_out(int n, const double *x, double *y);
void clipped_out_b(int n, const double *x, double *x_b, double *y, double *y_b);

enum { N = 9 };

struct ctx {
    int n;
    double *x, *w, *y;
};

static double eval_clipped(void *p) {
    struct ctx *c = p;
    clipped_out(c->n, c->x, c->y);
    return gc_dot(c->w, c->y, c->n);
}

/* dot(w, y) checked as one output through the seed w in y_b */
static void check_clipped(int n, uint64_t seed) {
    gc_seed(seed);
    double *x = gc_alloc(N), *w = gc_alloc(N), *y = gc_alloc(N), *yref = gc_alloc(N);
    double *x_b = gc_alloc(N), *y_b = gc_alloc(N), *fd = gc_alloc(N), *tmp = gc_alloc(N);
    gc_fill(x, n, -1.5, 2.5);
    gc_fill(w, n, -1.0, 1.0);
    clipped_out(n, x, yref);
    gc_fill(y, n, -9.0, 9.0);
    gc_zero(x_b, N);
    memcpy(y_b, w, sizeof(double) * N);
    clipped_out_b(n, x, x_b, y, y_b);
    gc_compare_tol("clipped_out: y after the gradient vs primal", y, yref, n, 1e-13);
    gc_check_zero("clipped_out: y_b consumed", y_b, n);
    struct ctx c = {n, x, w, tmp};
    gc_fd_grad(eval_clipped, &c, x, n, fd);
    gc_compare("clipped_out: x_b vs finite differences", x_b, fd, n);
    free(x), free(w), free(y), free(yref), free(x_b), free(y_b), free(fd), free(tmp);
}

int main(void) {
    for (uint64_t seed = 1; seed <= 6; seed++) {
        gc_check_gradient_1("first_pass", first_pass, first_pass_b, N, -1.2, 1.2, seed);
        gc_check_gradient_1("nested_search", nested_search, nested_search_b, N, -2.0, 1.0, seed);
        gc_check_gradient_1("reduce_helper", reduce_helper, reduce_helper_b, N, 0.05, 1.0, seed);
        gc_check_gradient_1("nested_if", nested_if, nested_if_b, N, -1.0, 1.0, seed);
        gc_check_gradient_1("nested_if (early)", nested_if, nested_if_b, N, 0.4, 1.2, seed);
        check_clipped(N, seed);
        check_clipped(2, seed);
    }
    return gc_finish();
}
