/* Driver of hist_min with 401 bins (see hist_driver.h); floor: see hist_min.c. */
#define PGB_FAMILY hist_min
#define PGB_BINS 401
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT 2.0
#define PGB_PRIMAL_BYTES(n, nb) (12.0 * (n) + 16.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (12.0 * (n) + 32.0 * (nb))
#include "hist_driver.h"
