/* Driver of reduce_add (see reduce_driver.h); floor: see reduce_add.c. */
#define PGB_NAME reduce_add
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR 3.0
#include "reduce_driver.h"
