/* Checks the gradients of shadowed_math.c against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(damped)
GC_KERNEL(waves)

int main(void) {
    const struct gc_kernel k[] = {{"damped", damped, damped_b}, {"waves", waves, waves_b}};
    return gc_main_kernels(k, 2, 200);
}
