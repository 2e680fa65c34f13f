/* Checks the gradients of count_histograms.c (integer counts by
 * histogram) against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(bin_means)
GC_KERNEL(occupancy)

static const struct gc_kernel kernels[] = {
    {"bin_means", bin_means, bin_means_b},
    {"occupancy", occupancy, occupancy_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
