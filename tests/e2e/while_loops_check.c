/* Checks the gradients of while_loops.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

GC_KERNEL(newton)
GC_KERNEL(halving)
GC_KERNEL(walk)
GC_KERNEL(doubling)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"newton", newton, newton_b},
        {"halving", halving, halving_b},
        {"walk", walk, walk_b},
        {"doubling", doubling, doubling_b},
    };
    static const int sizes[] = {1, 2, 5, 9, 33};
    gc_check_kernels(kernels, 4, sizes, 5, 3);
    return gc_finish();
}
