/* Checks the gradients of arg_guards.c (argument guards that exit or
 * abort) against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(guarded_norm)
GC_KERNEL(mode_scaled)

static const struct gc_kernel kernels[] = {
    {"guarded_norm", guarded_norm, guarded_norm_b},
    {"mode_scaled", mode_scaled, mode_scaled_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
