/* the heat loop as written: 1000000 points, 1000 time steps; see heat_driver.h. */
#define HEAT_NAME "heat_1e6_T1000"
#define HEAT_N 1000000
#define HEAT_T 1000
#define HEAT_GRAD heat_b
#include "heat_driver.h"
