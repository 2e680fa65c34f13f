/* Checks the gradients of fused_math.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(fma_dot)
GC_KERNEL(fma_horner)
GC_KERNEL(scaled)

int main(void) {
    const struct gc_kernel k[] = {{"fma_dot", fma_dot, fma_dot_b},
                                  {"fma_horner", fma_horner, fma_horner_b},
                                  {"scaled", scaled, scaled_b}};
    return gc_main_kernels(k, 3, 20000);
}
