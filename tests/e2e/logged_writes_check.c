/* Checks the gradients of logged_writes.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

typedef double (*primal)(int, const double *);
typedef double (*gradient)(int, const double *, double *, double);

#define KERNEL(f)                                                                                  \
    double f(int n, const double *x);                                                              \
    double f##_b(int n, const double *x, double *x_b, double seed);
KERNEL(ring_slots)
KERNEL(tri_sweeps)
KERNEL(csr_relax)
KERNEL(blocked)
KERNEL(tri_map)
KERNEL(bin_counts)
KERNEL(walk_cond)

int main(void) {
    static const struct {
        const char *name;
        primal f;
        gradient f_b;
    } kernels[] = {
        {"ring_slots", ring_slots, ring_slots_b}, {"tri_sweeps", tri_sweeps, tri_sweeps_b},
        {"csr_relax", csr_relax, csr_relax_b},    {"blocked", blocked, blocked_b},
        {"tri_map", tri_map, tri_map_b},          {"bin_counts", bin_counts, bin_counts_b},
        {"walk_cond", walk_cond, walk_cond_b}};
    static const int sizes[] = {1, 2, 5, 9, 17};
    for (int q = 0; q < 7; q++)
        for (uint64_t seed = 1; seed <= 2; seed++)
            for (int k = 0; k < 5; k++) {
                char name[64];
                snprintf(name, sizeof name, "%s n=%d", kernels[q].name, sizes[k]);
                gc_check_gradient_1(name, kernels[q].f, kernels[q].f_b, sizes[k], -1.0, 1.0, seed);
            }
    return gc_finish();
}
