/* Driver of hist_add with 31 bins (see hist_driver.h); floor: see hist_add.c. */
#define PGB_FAMILY hist_add
#define PGB_BINS 31
#define PGB_LO 0.5
#define PGB_HI 1.5
#define PGB_HINIT 0.25
#define PGB_PRIMAL_BYTES(n, nb) (12.0 * (n) + 16.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (16.0 * (n) + 32.0 * (nb))
#include "hist_driver.h"
