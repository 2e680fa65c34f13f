/* Driver of reduce_max (see reduce_driver.h); floor: see reduce_max.c. */
#define PGB_NAME reduce_max
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR 1.0
#include "reduce_driver.h"
