/* Driver of hist_vadd10 with 50000 rows of 10 bins (see hist_rows_driver.h);
 * floor: see hist_vadd10.c. */
#define PGB_FAMILY hist_vadd10
#define PGB_ROW 10
#define PGB_BINS 50000
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT(b) 0.25
#define PGB_PRIMAL_BYTES(n, nb) (8.4 * (n) + 16.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (8.4 * (n) + 32.0 * (nb))
#include "hist_rows_driver.h"
