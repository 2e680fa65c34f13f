/* Checks reduce_clauses.c: loops with several reduce clauses of different
 * operators (min, max, +, *), each gradient against central finite
 * differences at small sizes and along a random direction at a size the
 * runtime runs on threads. */
#include "gradcheck.h"

GC_KERNEL(spread)
GC_KERNEL(lse_and_product)
GC_KERNEL(row_extremes)

static const struct gc_kernel kernels[] = {
    {"spread", spread, spread_b},
    {"lse_and_product", lse_and_product, lse_and_product_b},
    {"row_extremes", row_extremes, row_extremes_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
