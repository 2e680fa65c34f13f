/* Checks the gradients of struct_ops.c (declared operators on structs)
 * against central finite differences, and along a random direction. */
#include "gradcheck.h"

GC_KERNEL(so_reduce)
GC_KERNEL(so_inv_reduce)
GC_KERNEL(so_inv_rows)
GC_KERNEL(so_inv_field)
GC_KERNEL(so_inv_writes)
GC_KERNEL(so_scan)
GC_KERNEL(so_unnamed)
GC_KERNEL(so_matprod)
GC_KERNEL(so_inferred)
GC_KERNEL(so_scan_blocks_w)
GC_KERNEL(so_scan_inner_w)

static const struct gc_kernel kernels[] = {
    {"so_reduce", so_reduce, so_reduce_b},
    {"so_inv_reduce", so_inv_reduce, so_inv_reduce_b},
    {"so_inv_rows", so_inv_rows, so_inv_rows_b},
    {"so_inv_field", so_inv_field, so_inv_field_b},
    {"so_inv_writes", so_inv_writes, so_inv_writes_b},
    {"so_scan", so_scan, so_scan_b},
    {"so_unnamed", so_unnamed, so_unnamed_b},
    {"so_matprod", so_matprod, so_matprod_b},
    {"so_inferred", so_inferred, so_inferred_b},
    {"so_scan_blocks_w", so_scan_blocks_w, so_scan_blocks_w_b},
    {"so_scan_inner_w", so_scan_inner_w, so_scan_inner_w_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 20000);
}
