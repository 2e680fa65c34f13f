/* Checks the gradients of reduce_divisions.c against central finite
 * differences. */
#include "gradcheck.h"

GC_KERNEL(attenuation)
GC_KERNEL(ratio)
GC_KERNEL(transmittance)

int main(void) {
    const struct gc_kernel k[] = {{"attenuation", attenuation, attenuation_b},
                                  {"ratio", ratio, ratio_b},
                                  {"transmittance", transmittance, transmittance_b}};
    return gc_main_kernels(k, 3, 200);
}
