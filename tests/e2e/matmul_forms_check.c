/* Checks the gradients of matmul_forms.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a size (100 x 100 matrices) where the loops run on threads. */
#include "gradcheck.h"

GC_KERNEL(mm_ikj)
GC_KERNEL(mm_dot)
GC_KERNEL(mm_gemm)
GC_KERNEL(mm_scaled)

static const struct gc_kernel kernels[] = {
    {"mm_ikj", mm_ikj, mm_ikj_b},
    {"mm_dot", mm_dot, mm_dot_b},
    {"mm_gemm", mm_gemm, mm_gemm_b},
    {"mm_scaled", mm_scaled, mm_scaled_b},
};

int main(void) {
    const int sizes[] = {2, 8, 18, 33};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 20000, -1.0, 1.0, 11);
    return gc_finish();
}
