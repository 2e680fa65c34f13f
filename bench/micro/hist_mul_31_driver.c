/* Driver of hist_mul with 31 bins (see hist_driver.h); floor: see hist_mul.c. */
#define PGB_FAMILY hist_mul
#define PGB_BINS 31
#define PGB_LO 0.999
#define PGB_HI 1.001
#define PGB_HINIT 1.0
#define PGB_PRIMAL_BYTES(n, nb) (12.0 * (n) + 16.0 * (nb))
#define PGB_GRAD_BYTES(n, nb) (24.0 * (n) + 32.0 * (nb))
#include "hist_driver.h"
