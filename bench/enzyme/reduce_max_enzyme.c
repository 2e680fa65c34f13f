/* Enzyme peer of reduce_max: see reduce_enzyme.h. */
#define reduce_max reduce_max_enzyme_primal
#include "../micro/reduce_max.c"
#undef reduce_max
#define PGB_NAME reduce_max
#include "reduce_enzyme.h"
