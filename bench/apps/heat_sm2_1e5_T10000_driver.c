/* the heat loop under stripmine(2): 100000 points, 10000 time steps; see heat_driver.h. */
#define HEAT_NAME "heat_sm2_1e5_T10000"
#define HEAT_N 100000
#define HEAT_T 10000
#define HEAT_GRAD heat_sm2_b
#include "heat_driver.h"
