/* Driver of hist_add with 31 bins (see hist_driver.h); floor: see hist_add.c. */
#define PGB_FAMILY hist_add
#define PGB_BINS 31
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT 0.25
#define PGB_FLOOR (32.0 / 12.0)
#include "hist_driver.h"
