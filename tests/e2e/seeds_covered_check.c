/* Checks seeds_covered.c: at each size the gradient against central finite
 * differences of s . y (+ t . z), the outputs the gradient writes against
 * the primal's, every seed zero on exit (also of elements no write
 * reaches), and the element past the end untouched; at n = 20000 (past
 * the threads' threshold) along a random direction. */
#include "gradcheck.h"

void ends_after(long n, const double *x, double *y);
void ends_after_b(long n, const double *x, double *x_b, double *y, double *y_b);
void one_end(int n, const double *x, double y[n]);
void one_end_b(int n, const double *x, double *x_b, double *y, double *y_b);
void guarded_end(int n, const double *x, double *y);
void guarded_end_b(int n, const double *x, double *x_b, double *y, double *y_b);
void read_back(int n, const double *x, double *y, double *z);
void read_back_b(int n, const double *x, double *x_b, double *y, double *y_b, double *z,
                 double *z_b);
void overwrite_inside(int n, const double *x, double y[n]);
void overwrite_inside_b(int n, const double *x, double *x_b, double *y, double *y_b);
void from_zero(long n, const double *x, double *y);
void from_zero_b(long n, const double *x, double *x_b, double *y, double *y_b);
void temp_after_return(int n, const double *x, double y[n]);
void temp_after_return_b(int n, const double *x, double *x_b, double *y, double *y_b);

enum { NK = 7 };
static const char *const names[NK] = {"ends_after",       "one_end",          "guarded_end",
                                      "read_back",        "overwrite_inside", "from_zero",
                                      "temp_after_return"};

static void primal(int k, int n, const double *x, double *y, double *z) {
    switch (k) {
    case 0:
        ends_after(n, x, y);
        break;
    case 1:
        one_end(n, x, y);
        break;
    case 2:
        guarded_end(n, x, y);
        break;
    case 3:
        read_back(n, x, y, z);
        break;
    case 4:
        overwrite_inside(n, x, y);
        break;
    case 5:
        from_zero(n, x, y);
        break;
    default:
        temp_after_return(n, x, y);
        break;
    }
}

static void gradient(int k, int n, const double *x, double *x_b, double *y, double *y_b, double *z,
                     double *z_b) {
    switch (k) {
    case 0:
        ends_after_b(n, x, x_b, y, y_b);
        break;
    case 1:
        one_end_b(n, x, x_b, y, y_b);
        break;
    case 2:
        guarded_end_b(n, x, x_b, y, y_b);
        break;
    case 3:
        read_back_b(n, x, x_b, y, y_b, z, z_b);
        break;
    case 4:
        overwrite_inside_b(n, x, x_b, y, y_b);
        break;
    case 5:
        from_zero_b(n, x, x_b, y, y_b);
        break;
    default:
        temp_after_return_b(n, x, x_b, y, y_b);
        break;
    }
}

struct ctx {
    int k, n;
    double *x, *s, *t, *y, *z, *y0;
};

/* s . y + t . z, y starting from the same values each time (one_end and
 * guarded_end leave elements as they were) */
static double eval(void *p) {
    struct ctx *c = p;
    memcpy(c->y, c->y0, sizeof(double) * (size_t)c->n);
    primal(c->k, c->n, c->x, c->y, c->z);
    return gc_dot(c->s, c->y, c->n) + (c->k == 3 ? gc_dot(c->t, c->z, c->n) : 0.0);
}

static void check(int k, int n, int along) {
    double *x = gc_alloc(n), *s = gc_alloc(n), *t = gc_alloc(n), *y0 = gc_alloc(n);
    double *y = gc_alloc(n), *z = gc_alloc(n), *x_b = gc_alloc(n), *fd = gc_alloc(n);
    double *gy = gc_alloc(n + 1), *gz = gc_alloc(n + 1), *y_b = gc_alloc(n + 1),
           *z_b = gc_alloc(n + 1);
    gc_fill(x, n, -1.0, 1.0);
    gc_fill(s, n, -1.0, 1.0);
    gc_fill(t, n, -1.0, 1.0);
    gc_fill(y0, n, -1.0, 1.0);
    struct ctx c = {k, n, x, s, t, y, z, y0};
    char what[128];
    memcpy(gy, y0, sizeof(double) * (size_t)n);
    memcpy(y_b, s, sizeof(double) * (size_t)n);
    memcpy(z_b, t, sizeof(double) * (size_t)n);
    gy[n] = gz[n] = y_b[n] = z_b[n] = 17.0; /* past the end: untouched */
    gc_zero(x_b, n);
    gradient(k, n, x, x_b, gy, y_b, gz, z_b);
    if (along) {
        snprintf(what, sizeof what, "%s n=%d: x_b along a direction", names[k], n);
        gc_check_along(what, eval, &c, x, n, x_b);
    } else {
        gc_fd_grad(eval, &c, x, n, fd);
        snprintf(what, sizeof what, "%s n=%d: x_b", names[k], n);
        gc_compare(what, x_b, fd, n);
    }
    eval(&c); /* y, z: the primal's outputs at x */
    snprintf(what, sizeof what, "%s n=%d: y from the gradient", names[k], n);
    gc_compare_tol(what, gy, y, n, GC_RTOL_EXACT);
    snprintf(what, sizeof what, "%s n=%d: y_b consumed", names[k], n);
    gc_check_zero(what, y_b, n);
    if (k == 3) {
        snprintf(what, sizeof what, "%s n=%d: z from the gradient", names[k], n);
        gc_compare_tol(what, gz, z, n, GC_RTOL_EXACT);
        snprintf(what, sizeof what, "%s n=%d: z_b consumed", names[k], n);
        gc_check_zero(what, z_b, n);
    }
    snprintf(what, sizeof what, "%s n=%d: past the end untouched", names[k], n);
    double got[3] = {gy[n], y_b[n], z_b[n]}, want[3] = {17.0, 17.0, 17.0};
    gc_compare_tol(what, got, want, 3, GC_RTOL_EXACT);
    free(x), free(s), free(t), free(y0), free(y), free(z), free(x_b), free(fd);
    free(gy), free(gz), free(y_b), free(z_b);
}

int main(void) {
    gc_seed(11);
    static const int sizes[] = {1, 2, 3, 4, 5, 7, 40};
    for (int k = 0; k < NK; k++) {
        for (int i = 0; i < 7; i++)
            check(k, sizes[i], 0);
        check(k, 20000, 1);
    }
    /* ends_after at n = 0: nothing read or written (NULL arrays) */
    ends_after_b(0, NULL, NULL, NULL, NULL);
    return gc_finish();
}
