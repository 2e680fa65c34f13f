/* heat2d on a 1024 x 1024 grid, 100 time steps (200 stencil sweeps); see
 * heat2d_driver.h. */
#define HEAT2D_NAME "heat2d_1024_T100"
#define HEAT2D_N 1024
#define HEAT2D_T 100
#include "heat2d_driver.h"
