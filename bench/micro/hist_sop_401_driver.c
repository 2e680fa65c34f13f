/* Driver of hist_sop with 401 bins (see hist_sop_driver.h); floor: see
 * hist_sop.c. */
#define PGB_BINS 401
#define PGB_PRIMAL_BYTES(n, nb) (12.0 * (n) + 32.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (24.0 * (n) + 64.0 * (nb))
#include "hist_sop_driver.h"
