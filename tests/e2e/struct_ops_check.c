/* Checks the gradients of struct_ops.c (declared operators on structs)
 * against central finite differences, and along a random direction. */
#include "gradcheck.h"

GC_KERNEL(so_reduce)
GC_KERNEL(so_scan)
GC_KERNEL(so_unnamed)

static const struct gc_kernel kernels[] = {
    {"so_reduce", so_reduce, so_reduce_b},
    {"so_scan", so_scan, so_scan_b},
    {"so_unnamed", so_unnamed, so_unnamed_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
