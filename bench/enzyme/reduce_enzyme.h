/* Enzyme peer for the reduce_* benchmarks (hook, used only when
 * ENZYME_PLUGIN is set; see bench/README.md).  The including file renames
 * the primal to PGB_NAME##_enzyme_primal, includes it, then defines PGB_NAME
 * and includes this header, which defines
 *   double PGB_NAME##_enzyme_b(long n, const double *x, double *x_b, double seed)
 * with the generated gradient's signature.  __enzyme_autodiff does not return
 * the primal value: the function returns NAN and the harness skips that check. */
#include <math.h>

#define PGB_ECAT_(a, b) a##b
#define PGB_ECAT(a, b) PGB_ECAT_(a, b)

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

static double pgb_enzyme_scaled(long n, const double *x, double seed) {
    return seed * PGB_ECAT(PGB_NAME, _enzyme_primal)(n, x);
}

double PGB_ECAT(PGB_NAME, _enzyme_b)(long n, const double *x, double *x_b, double seed) {
    __enzyme_autodiff((void *)pgb_enzyme_scaled, enzyme_const, n, enzyme_dup, x, x_b, enzyme_const,
                      seed);
    return NAN;
}
