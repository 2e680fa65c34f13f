/* Enzyme peer of reduce_min: see reduce_enzyme.h. */
#define reduce_min reduce_min_enzyme_primal
#include "../micro/reduce_min.c"
#undef reduce_min
#define PGB_NAME reduce_min
#include "reduce_enzyme.h"
