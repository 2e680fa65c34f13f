/* Checks the gradients of the + histograms in histogram_add.c against
 * central finite differences (one element, bins that receive nothing, many
 * values per bin) and, at a size where many threads hit the same bins,
 * along a random direction. */
#include "gradcheck.h"

GC_KERNEL(hist_weighted)
GC_KERNEL(hist_sparse)
GC_KERNEL(hist_steps)

static const struct gc_kernel kernels[] = {
    {"hist_weighted", hist_weighted, hist_weighted_b},
    {"hist_sparse", hist_sparse, hist_sparse_b},
    {"hist_steps", hist_steps, hist_steps_b},
};

int main(void) {
    const int sizes[] = {1, 2, 7, 40};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
