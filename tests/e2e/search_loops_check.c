/* Checks the gradients of search_loops.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

GC_KERNEL(search)
GC_KERNEL(shrinking)
GC_KERNEL(timed)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"search", search, search_b},
        {"shrinking", shrinking, shrinking_b},
        {"timed", timed, timed_b},
    };
    static const int sizes[] = {1, 2, 5, 9, 33};
    gc_check_kernels(kernels, 3, sizes, 5, 3);
    return gc_finish();
}
