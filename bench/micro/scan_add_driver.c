/* Driver of scan_add (see scan_driver.h); floor: see scan_add.c. */
#define PGB_NAME scan_add
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR (56.0 / 24.0)
#include "scan_driver.h"
