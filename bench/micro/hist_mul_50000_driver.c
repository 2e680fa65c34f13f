/* Driver of hist_mul with 50000 bins (see hist_driver.h); floor: see hist_mul.c. */
#define PGB_FAMILY hist_mul
#define PGB_BINS 50000
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_HINIT 1.0
#define PGB_FLOOR (40.0 / 12.0)
#include "hist_driver.h"
