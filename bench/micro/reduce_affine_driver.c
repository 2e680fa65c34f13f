/* Driver of reduce_affine (see reduce_driver.h); floor: see reduce_affine.c. */
#define PGB_NAME reduce_affine
#define PGB_LO -1.0
#define PGB_HI 1.0
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
