/* Checks the gradient of alloc_helpers.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

GC_KERNEL(smooth_perm)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"smooth_perm", smooth_perm, smooth_perm_b},
    };
    static const int sizes[] = {1, 2, 3, 5, 9, 33};
    gc_check_kernels(kernels, 1, sizes, 6, 2);
    return gc_finish();
}
