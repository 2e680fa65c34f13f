/* Driver of hist_vadd10 with 50000 rows of 10 bins (see hist_rows_driver.h);
 * floor: see hist_vadd10.c. */
#define PGB_FAMILY hist_vadd10
#define PGB_ROW 10
#define PGB_BINS 50000
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT(b) 0.25
#define PGB_FLOOR (24.4 / 8.4)
#include "hist_rows_driver.h"
