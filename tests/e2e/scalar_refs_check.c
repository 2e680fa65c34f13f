/* Checks the gradients of scalar_refs.c against central finite
 * differences at several sizes. */
#include "gradcheck.h"

GC_KERNEL(mc_sample)
GC_KERNEL(standardised)
GC_KERNEL(hashed_energy)
GC_KERNEL(local_refs)
GC_KERNEL(early_out)

int main(void) {
    static const struct gc_kernel kernels[] = {
        {"mc_sample", mc_sample, mc_sample_b},
        {"standardised", standardised, standardised_b},
        {"hashed_energy", hashed_energy, hashed_energy_b},
        {"local_refs", local_refs, local_refs_b},
        {"early_out", early_out, early_out_b},
    };
    /* n = 1: standardised is 0 */
    static const int sizes[] = {2, 3, 5, 9, 33};
    gc_check_kernels(kernels, 5, sizes, 5, 2);
    return gc_finish();
}
