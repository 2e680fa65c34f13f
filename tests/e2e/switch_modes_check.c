/* Checks the gradients of switch_modes.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(act_tanh)
GC_KERNEL(act_mixed)
GC_KERNEL(boundary_steps)
GC_KERNEL(skipped_cases)

int main(void) {
    const struct gc_kernel k[] = {{"act_tanh", act_tanh, act_tanh_b},
                                  {"act_mixed", act_mixed, act_mixed_b},
                                  {"boundary_steps", boundary_steps, boundary_steps_b},
                                  {"skipped_cases", skipped_cases, skipped_cases_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 4, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
