/* Driver of reduce_sop (see reduce_driver.h); floor: see reduce_sop.c. */
#define PGB_NAME reduce_sop
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
