/* Enzyme peer of reduce_add: see reduce_enzyme.h. */
#define reduce_add reduce_add_enzyme_primal
#include "../micro/reduce_add.c"
#undef reduce_add
#define PGB_NAME reduce_add
#include "reduce_enzyme.h"
