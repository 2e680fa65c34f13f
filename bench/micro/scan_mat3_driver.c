/* Driver of scan_mat3 (see scan_driver.h); floor: see scan_mat3.c. */
#define PGB_NAME scan_mat3
#define PGB_LO 0.2
#define PGB_HI 0.8
#define PGB_FLOOR 2.67
#include "scan_driver.h"
