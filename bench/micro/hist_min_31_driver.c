/* Driver of hist_min with 31 bins (see hist_driver.h); floor: see hist_min.c. */
#define PGB_FAMILY hist_min
#define PGB_BINS 31
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT 2.0
#define PGB_FLOOR 1.0
#include "hist_driver.h"
