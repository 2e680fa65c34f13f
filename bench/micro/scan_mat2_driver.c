/* Driver of scan_mat2 (see scan_driver.h); floor: see scan_mat2.c. */
#define PGB_NAME scan_mat2
#define PGB_LO 0.2
#define PGB_HI 0.8
#define PGB_FLOOR 2.67
/* The adjoint of the running product grows with the seeds summed from the
 * top (about 5e6 at 10^7) along the direction the derivative of a
 * row-stochastic step annihilates, so x_b (about 1) is that much smaller
 * than the terms it is computed from: in 4096 blocks (the GPU's) or 64
 * (the hand-written gradient on 64 threads) double rounds x_b apart by up
 * to 9e-8 relative, against a long double sequential reference (measured
 * for scan_mat2, 2026-12-04; the hand-written on 2 threads: 6e-9). */
#define PGB_XB_RTOL 1e-6
#include "scan_driver.h"
