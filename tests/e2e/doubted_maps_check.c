/* Checks the gradients of doubted_maps.c against central finite differences. */
#include "gradcheck.h"

GC_KERNEL(ring_shift)
GC_KERNEL(mirror_blend)
GC_KERNEL(gather_neighbour)
GC_KERNEL(own_rows)
GC_KERNEL(split_parts)
GC_KERNEL(fixed_and_strided)
GC_KERNEL(row_helper)
GC_KERNEL(split_into_arrays)
GC_KERNEL(shifted_by)
GC_KERNEL(mirrored_writes)
GC_KERNEL(binned_mirror)
GC_KERNEL(branch_neighbours)

int main(void) {
    const struct gc_kernel k[] = {{"ring_shift", ring_shift, ring_shift_b},
                                  {"mirror_blend", mirror_blend, mirror_blend_b},
                                  {"gather_neighbour", gather_neighbour, gather_neighbour_b},
                                  {"own_rows", own_rows, own_rows_b},
                                  {"split_parts", split_parts, split_parts_b},
                                  {"fixed_and_strided", fixed_and_strided, fixed_and_strided_b},
                                  {"row_helper", row_helper, row_helper_b},
                                  {"split_into_arrays", split_into_arrays, split_into_arrays_b},
                                  {"shifted_by", shifted_by, shifted_by_b},
                                  {"mirrored_writes", mirrored_writes, mirrored_writes_b},
                                  {"binned_mirror", binned_mirror, binned_mirror_b},
                                  {"branch_neighbours", branch_neighbours, branch_neighbours_b}};
    const int sizes[] = {1, 2, 7, 40};
    gc_check_kernels(k, 12, sizes, 4, 2);
    gc_check_direction(&k[0], 20000, -1.0, 1.0, 5);
    return gc_finish();
}
