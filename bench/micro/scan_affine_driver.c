/* Driver of scan_affine (see scan_driver.h); floor: see scan_affine.c. */
#define PGB_NAME scan_affine
#define PGB_LO -1.0
#define PGB_HI 1.0
#define PGB_FLOOR 3.0
#include "scan_driver.h"
