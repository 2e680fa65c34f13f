/* Checks the gradients of scan_fallback.c (scans differentiated as their
 * sequential loops) against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(sf_written)
GC_KERNEL(sf_scratch)
GC_KERNEL(sf_affine)

static const struct gc_kernel kernels[] = {
    {"sf_written", sf_written, sf_written_b},
    {"sf_scratch", sf_scratch, sf_scratch_b},
    {"sf_affine", sf_affine, sf_affine_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
