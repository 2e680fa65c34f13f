/* Driver of scan_min (see scan_driver.h); floor: see scan_min.c. */
#define PGB_NAME scan_min
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR (56.0 / 24.0)
#include "scan_driver.h"
