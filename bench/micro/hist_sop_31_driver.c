/* Driver of hist_sop with 31 bins (see hist_sop_driver.h); floor: see
 * hist_sop.c. */
#define PGB_BINS 31
#define PGB_FLOOR (40.0 / 12.0)
#include "hist_sop_driver.h"
