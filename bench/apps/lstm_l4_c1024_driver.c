/* LSTM on ADBench lstm/lstm_l4_c1024 (see lstm_driver.h). */
#define LSTM_INSTANCE "lstm_l4_c1024"
#include "lstm_driver.h"
