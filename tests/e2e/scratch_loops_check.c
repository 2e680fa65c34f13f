/* Checks the gradients of scratch_loops.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(scratch_triangle)
GC_KERNEL(scratch_increments)
GC_KERNEL(scratch_running)
GC_KERNEL(scratch_carried_read)

static const struct gc_kernel kernels[] = {
    {"scratch_triangle", scratch_triangle, scratch_triangle_b},
    {"scratch_increments", scratch_increments, scratch_increments_b},
    {"scratch_running", scratch_running, scratch_running_b},
    {"scratch_carried_read", scratch_carried_read, scratch_carried_read_b},
};

void scratch_smooth(int n, double *u);
void scratch_smooth_b(int n, double *u, double *u_b);

/* u in place: after scratch_smooth_b, u is the primal's result and u_b
 * (the seed w on entry) is w^T d(result)/d(u), against finite differences
 * of w . scratch_smooth(u) */
static void check_smooth(int n) {
    double *u0 = gc_alloc(n), *u = gc_alloc(n), *w = gc_alloc(n), *ub = gc_alloc(n),
           *want = gc_alloc(n), *g = gc_alloc(n);
    gc_seed(7 + (uint64_t)n);
    gc_fill(u0, n, -1.0, 1.0);
    gc_fill(w, n, -1.0, 1.0);
    memcpy(want, u0, sizeof u0[0] * (size_t)n);
    scratch_smooth(n, want);
    memcpy(u, u0, sizeof u0[0] * (size_t)n);
    memcpy(ub, w, sizeof w[0] * (size_t)n);
    scratch_smooth_b(n, u, ub);
    char what[64];
    snprintf(what, sizeof what, "scratch_smooth n=%d: u after the gradient", n);
    gc_compare_tol(what, u, want, n, GC_RTOL_EXACT);
    const double h = 1e-6;
    for (int k = 0; k < n; k++) {
        double j[2];
        for (int side = 0; side < 2; side++) {
            memcpy(u, u0, sizeof u0[0] * (size_t)n);
            u[k] += side ? -h : h;
            scratch_smooth(n, u);
            j[side] = 0.0;
            for (int i = 0; i < n; i++)
                j[side] += w[i] * u[i];
        }
        g[k] = (j[0] - j[1]) / (2 * h);
    }
    snprintf(what, sizeof what, "scratch_smooth n=%d: u_b", n);
    gc_compare_tol(what, ub, g, n, GC_RTOL_FD);
    free(u0), free(u), free(w), free(ub), free(want), free(g);
}

int main(void) {
    const int smooth_sizes[] = {1, 2, 3, 8, 40, 3000};
    for (int s = 0; s < 6; s++)
        check_smooth(smooth_sizes[s]);
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
