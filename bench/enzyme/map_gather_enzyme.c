/* Enzyme peer of map_gather (hook, used only when ENZYME_PLUGIN is set):
 * same signature as the generated map_gather_b. */
#define map_gather map_gather_enzyme_primal
#include "../micro/map_gather.c"
#undef map_gather

extern int enzyme_dup, enzyme_const;
void __enzyme_autodiff(void *, ...);

void map_gather_enzyme_b(long n, const double *x, double *x_b, const int *idx, double *y,
                         double *y_b) {
    __enzyme_autodiff((void *)map_gather_enzyme_primal, enzyme_const, n, enzyme_dup, x, x_b,
                      enzyme_const, idx, enzyme_dup, y, y_b);
}
