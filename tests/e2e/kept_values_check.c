/* Checks the gradients of kept_values.c against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(budget_once)
GC_KERNEL(budget_all)
GC_KERNEL(clocked_while)

int main(void) {
    const struct gc_kernel k[] = {{"budget_once", budget_once, budget_once_b},
                                  {"budget_all", budget_all, budget_all_b},
                                  {"clocked_while", clocked_while, clocked_while_b}};
    const int sizes[] = {1, 2, 7};
    gc_check_kernels(k, 3, sizes, 3, 2);
    return gc_finish();
}
