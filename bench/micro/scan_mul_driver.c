/* Driver of scan_mul (see scan_driver.h); floor: see scan_mul.c. */
#define PGB_NAME scan_mul
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_FLOOR 3.0
#include "scan_driver.h"
