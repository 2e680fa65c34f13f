/* Checks the gradients of the scatters in scatter_perm.c against central
 * finite differences, at sizes where 7 i + 3 mod n is a permutation. */
#include "gradcheck.h"

GC_KERNEL(scatter_half)
GC_KERNEL(scatter_rounds)

static const struct gc_kernel kernels[] = {
    {"scatter_half", scatter_half, scatter_half_b},
    {"scatter_rounds", scatter_rounds, scatter_rounds_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 33};
    gc_check_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), sizes, 4, 2);
    return gc_finish();
}
