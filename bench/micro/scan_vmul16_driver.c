/* Driver of scan_vmul16 (see scan_driver.h): x and y of n elements are
 * n / 16 rows of 16; floor: see scan_vmul16.c. */
#define PGB_NAME scan_vmul16
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_FLOOR 3.0
#include "scan_driver.h"
