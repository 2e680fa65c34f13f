/* Driver of reduce_mat2 (see reduce_driver.h); floor: see reduce_mat2.c. */
#define PGB_NAME reduce_mat2
#define PGB_LO 0.2
#define PGB_HI 0.8
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
