/* Checks the strided loops' gradients against central finite differences
 * at small sizes (fewer pairs than threads, odd lengths) and along a
 * random direction at a size where the threads' blocks have insides. */
#include "gradcheck.h"

GC_KERNEL(pair_norms)
GC_KERNEL(thirds)
GC_KERNEL(pair_stencil)
GC_KERNEL(two_strides)

static const struct gc_kernel kernels[] = {
    {"pair_norms", pair_norms, pair_norms_b},
    {"thirds", thirds, thirds_b},
    {"pair_stencil", pair_stencil, pair_stencil_b},
    {"two_strides", two_strides, two_strides_b},
};

int main(void) {
    const int sizes[] = {3, 7, 12, 31};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 30001, -1.0, 1.0, 11);
    return gc_finish();
}
