/* Checks the gradients of struct_returns.c (helpers returning structs)
 * against central finite differences, and along a random direction at a
 * size where the map runs on several threads. */
#include "gradcheck.h"

GC_KERNEL(sr_vectors)
GC_KERNEL(sr_welford)
GC_KERNEL(sr_first)

static const struct gc_kernel kernels[] = {
    {"sr_vectors", sr_vectors, sr_vectors_b},
    {"sr_welford", sr_welford, sr_welford_b},
    {"sr_first", sr_first, sr_first_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
