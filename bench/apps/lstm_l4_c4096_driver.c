/* LSTM on ADBench lstm/lstm_l4_c4096 (see lstm_driver.h). */
#define LSTM_INSTANCE "lstm_l4_c4096"
#include "lstm_driver.h"
