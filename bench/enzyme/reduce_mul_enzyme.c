/* Enzyme peer of reduce_mul: see reduce_enzyme.h. */
#define reduce_mul reduce_mul_enzyme_primal
#include "../micro/reduce_mul.c"
#undef reduce_mul
#define PGB_NAME reduce_mul
#include "reduce_enzyme.h"
