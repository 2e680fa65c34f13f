/* Checks the gradients of while_bound.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads; and that a loop running past
 * its bound stops the gradient with a message. */
#define _POSIX_C_SOURCE 200809L /* fork, pipe */
#include "gradcheck.h"

#include "gc_child.h"

GC_KERNEL(wb_lookup)
GC_KERNEL(wb_bisect)
GC_KERNEL(wb_halving)
GC_KERNEL(wb_newton)

static const struct gc_kernel kernels[] = {
    {"wb_lookup", wb_lookup, wb_lookup_b},
    {"wb_bisect", wb_bisect, wb_bisect_b},
    {"wb_halving", wb_halving, wb_halving_b},
    {"wb_newton", wb_newton, wb_newton_b},
};

/* x = 1e6: Newton from g = 1e12 halves g for about 20 steps */
static void newton_far(void *ctx) {
    (void)ctx;
    double x[3] = {0.5, 1e6, -0.25}, x_b[3] = {0};
    wb_newton_b(3, x, x_b, 1.0);
}

/* The bound exceeded stops the gradient (abort) with where and what, in a
 * child process forked before this one starts OpenMP threads. */
static void check_bound_exceeded(void) {
    char msg[512];
    int aborted = gc_aborted(gc_in_child(newton_far, NULL, msg, sizeof msg));
    int said = strstr(msg, "the loop at while_bound.c:83 ran its body 13 times") &&
               strstr(msg, "while bound(12)");
    printf("%-40s %s: %s", "wb_newton: bound 12 exceeded", aborted && said ? "ok" : "FAILED",
           msg[0] ? msg : "(no message)\n");
    gc_count(aborted && said);
}

int main(void) {
    check_bound_exceeded();
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
