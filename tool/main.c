/* pargrad: the command-line tool. The pipeline is in driver.c. */
#include "driver.h"

int main(int argc, char **argv) {
    return driver_main(argc, argv);
}
