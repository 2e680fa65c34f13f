/* Checks the gradient of pointer_walks.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(walks)

int main(void) {
    const struct gc_kernel k[] = {{"walks", walks, walks_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 1, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
