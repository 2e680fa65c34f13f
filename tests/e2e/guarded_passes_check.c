/* Checks the gradients of guarded_passes.c against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(odd_even)
GC_KERNEL(faces)
GC_KERNEL(halo)
GC_KERNEL(doubling)
GC_KERNEL(halving)
GC_KERNEL(levels)

int main(void) {
    const struct gc_kernel k[] = {{"odd_even", odd_even, odd_even_b},
                                  {"faces", faces, faces_b},
                                  {"halo", halo, halo_b},
                                  {"doubling", doubling, doubling_b},
                                  {"halving", halving, halving_b},
                                  {"levels", levels, levels_b}};
    return gc_main_kernels(k, 6, 2000);
}
