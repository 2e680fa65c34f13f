/* The suites of the unit test program; main.c registers them all. */
#ifndef PARGRAD_UNIT_H
#define PARGRAD_UNIT_H

void register_pragma_tests(void);
void register_ir_tests(void);
void register_derivs_tests(void);
void register_activity_tests(void);
void register_scan_tests(void);
void register_hist_tests(void);
void register_tape_tests(void);

#endif
