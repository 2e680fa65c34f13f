/* Checks the gradients of helper_in_condition.c against central finite
 * differences. */
#include "gradcheck.h"

#define KERNEL(f)                                                                                  \
    double f(int n, const double *x);                                                              \
    double f##_b(int n, const double *x, double *x_b, double seed);

KERNEL(positive_energy)
KERNEL(positive_energy_read)
KERNEL(tail_energy)
KERNEL(shared_budget)
KERNEL(settled_sum)

static const struct gc_kernel kernels[] = {
    {"positive_energy (v > 0 && bump(&acc, v))", positive_energy, positive_energy_b},
    {"positive_energy_read (x[i] > 0 && bump(&acc, x[i]))", positive_energy_read,
     positive_energy_read_b},
    {"tail_energy (v < -0.5 || bump(&acc, v / 2))", tail_energy, tail_energy_b},
    {"shared_budget (c ? take(&budget, x[i]) : ...)", shared_budget, shared_budget_b},
    {"settled_sum (c ? settle(x[i]) : ...)", settled_sum, settled_sum_b},
};

int main(void) {
    return gc_main_kernels(kernels, (int)(sizeof kernels / sizeof kernels[0]), 2000);
}
