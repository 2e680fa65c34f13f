/* Driver of map_stencil (the scan drivers' signature, see scan_driver.h);
 * floor: see map_stencil.c. */
#define PGB_NAME map_stencil
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_FLOOR (56.0 / 24.0)
#include "scan_driver.h"
