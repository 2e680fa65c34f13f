/* Checks the gradients of inplace_scans.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(prefix_sum)
GC_KERNEL(prefix_product)
GC_KERNEL(damped_difference)
GC_KERNEL(scaled_in_place)

int main(void) {
    const struct gc_kernel k[] = {{"prefix_sum", prefix_sum, prefix_sum_b},
                                  {"prefix_product", prefix_product, prefix_product_b},
                                  {"damped_difference", damped_difference, damped_difference_b},
                                  {"scaled_in_place", scaled_in_place, scaled_in_place_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 4, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
