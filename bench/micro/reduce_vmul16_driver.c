/* Driver of reduce_vmul16 (see reduce_driver.h): x of n elements is n / 16
 * rows of 16; floor: see reduce_vmul16.c. */
#define PGB_NAME reduce_vmul16
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_FLOOR 4.0
#include "reduce_driver.h"
