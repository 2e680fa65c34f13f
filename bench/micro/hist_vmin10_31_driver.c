/* Driver of hist_vmin10 with 31 rows of 10 bins (see hist_rows_driver.h);
 * floor: see hist_vmin10.c. Values on a grid of 1/64, so that a bin's
 * minimum is reached by several updates (the first takes the adjoint);
 * bins b % 5 == 0 start at 0.5, the smallest value (ties with the value
 * from before, which keeps the adjoint), b % 5 == 1 at 0.25 (never
 * updated), the others at 2.0. */
#define PGB_FAMILY hist_vmin10
#define PGB_ROW 10
#define PGB_BINS 31
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_QUANT (1.0 / 64.0)
#define PGB_HINIT(b) ((b) % 5 == 0 ? 0.5 : (b) % 5 == 1 ? 0.25 : 2.0)
#define PGB_PRIMAL_BYTES(n, nb) (8.4 * (n) + 16.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (8.4 * (n) + 32.0 * (nb))
#include "hist_rows_driver.h"
