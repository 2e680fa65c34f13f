/* Checks the gradients of struct_arrays.c (local arrays of structs)
 * against central finite differences, and along a random direction. */
#include "gradcheck.h"

GC_KERNEL(sa_particles)
GC_KERNEL(sa_copies)
GC_KERNEL(sa_hist)

static const struct gc_kernel kernels[] = {
    {"sa_particles", sa_particles, sa_particles_b},
    {"sa_copies", sa_copies, sa_copies_b},
    {"sa_hist", sa_hist, sa_hist_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
