/* Checks bit_indices.c: x_b against finite differences of s . y, y_b
 * consumed, and the element after y's last untouched (a sentinel). */
#include "gradcheck.h"

void restrict_half(int n, const double *x, double *y);
void restrict_half_b(int n, const double *x, double *x_b, double *y, double *y_b);
void pair_swap(int n, const double *x, double *y);
void pair_swap_b(int n, const double *x, double *x_b, double *y, double *y_b);
GC_KERNEL(shifted)

typedef void (*out_fn)(int, const double *, double *);
typedef void (*out_fn_b)(int, const double *, double *, double *, double *);

struct ctx {
    out_fn f;
    int n, ny;
    double *x, *y, *s;
};

static double eval(void *p) {
    struct ctx *c = p;
    c->f(c->n, c->x, c->y);
    return gc_dot(c->s, c->y, c->ny);
}

static void check_out(const char *name, out_fn f, out_fn_b f_b, int n, int ny) {
    char what[96];
    double *x = gc_alloc(n), *y = gc_alloc(ny), *s = gc_alloc(ny), *x_b = gc_alloc(n);
    double *y_b = gc_alloc(ny + 1), *fd = gc_alloc(n);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(s, ny, -1.0, 1.0);
    struct ctx c = {f, n, ny, x, y, s};
    gc_fd_grad(eval, &c, x, n, fd);
    gc_zero(x_b, n);
    memcpy(y_b, s, sizeof(double) * (size_t)ny);
    y_b[ny] = 42.0;
    f_b(n, x, x_b, y, y_b);
    snprintf(what, sizeof what, "%s n=%d: x_b", name, n);
    gc_compare(what, x_b, fd, n);
    snprintf(what, sizeof what, "%s n=%d: y_b consumed", name, n);
    gc_check_zero(what, y_b, ny);
    snprintf(what, sizeof what, "%s n=%d: the element after y_b", name, n);
    gc_check_value(what, y_b[ny], 42.0, 0.0);
    free(x), free(y), free(s), free(x_b), free(y_b), free(fd);
}

int main(void) {
    static const int sizes[] = {2, 4, 8, 12};
    for (int k = 0; k < 4; k++) {
        int n = sizes[k];
        check_out("restrict_half", restrict_half, restrict_half_b, n, n / 2);
        check_out("pair_swap", pair_swap, pair_swap_b, n, n);
    }
    static const struct gc_kernel kernels[] = {{"shifted", shifted, shifted_b}};
    gc_check_kernels(kernels, 1, sizes, 4, 2);
    return gc_finish();
}
