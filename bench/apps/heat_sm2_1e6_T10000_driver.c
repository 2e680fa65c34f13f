/* the heat loop under stripmine(2): 1000000 points, 10000 time steps (the
 * loop as written would keep 80 GB); see heat_driver.h. */
#define HEAT_NAME "heat_sm2_1e6_T10000"
#define HEAT_N 1000000
#define HEAT_T 10000
#define HEAT_GRAD heat_sm2_b
#include "heat_driver.h"
