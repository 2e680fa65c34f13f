/* Driver of reduce_mat3 (see reduce_driver.h); floor: see reduce_mat3.c. */
#define PGB_NAME reduce_mat3
#define PGB_LO 0.2
#define PGB_HI 0.8
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
