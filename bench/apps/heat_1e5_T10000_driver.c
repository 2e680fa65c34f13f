/* the heat loop as written: 100000 points, 10000 time steps; see heat_driver.h. */
#define HEAT_NAME "heat_1e5_T10000"
#define HEAT_N 100000
#define HEAT_T 10000
#define HEAT_GRAD heat_b
#include "heat_driver.h"
