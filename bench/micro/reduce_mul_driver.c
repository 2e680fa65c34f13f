/* Driver of reduce_mul (see reduce_driver.h); floor: see reduce_mul.c. */
#define PGB_NAME reduce_mul
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
