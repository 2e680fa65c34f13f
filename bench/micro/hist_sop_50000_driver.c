/* Driver of hist_sop with 50000 bins (see hist_sop_driver.h); floor: see
 * hist_sop.c. */
#define PGB_BINS 50000
#define PGB_FLOOR (40.0 / 12.0)
#include "hist_sop_driver.h"
