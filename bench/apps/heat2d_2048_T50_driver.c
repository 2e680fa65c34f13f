/* heat2d on a 2048 x 2048 grid, 50 time steps (100 stencil sweeps); see
 * heat2d_driver.h. */
#define HEAT2D_NAME "heat2d_2048_T50"
#define HEAT2D_N 2048
#define HEAT2D_T 50
#include "heat2d_driver.h"
