/* Driver of scan_mat2 (see scan_driver.h); floor: see scan_mat2.c. */
#define PGB_NAME scan_mat2
#define PGB_LO 0.2
#define PGB_HI 0.8
#define PGB_FLOOR 2.67
#include "scan_driver.h"
