/* Checks the gradients of team_loops.c against central finite
 * differences, per component at small sizes and along a random direction
 * at a larger size. */
#include "gradcheck.h"

GC_KERNEL(team_rnn)
GC_KERNEL(team_boundary)
GC_KERNEL(team_substeps)

static const struct gc_kernel kernels[] = {
    {"team_rnn", team_rnn, team_rnn_b},
    {"team_boundary", team_boundary, team_boundary_b},
    {"team_substeps", team_substeps, team_substeps_b},
};

int main(void) {
    const int sizes[] = {1, 2, 5, 9};
    int nk = (int)(sizeof kernels / sizeof kernels[0]);
    gc_check_kernels(kernels, nk, sizes, 4, 2);
    for (int q = 0; q < nk; q++)
        gc_check_direction(&kernels[q], 200, -1.0, 1.0, 11);
    return gc_finish();
}
