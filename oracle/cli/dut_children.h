/* Every process check and shrink started, ended on every way out (issue 30
 * point 7; dut_children.c). */
#ifndef VO_DUT_CHILDREN_H
#define VO_DUT_CHILDREN_H
#include <sys/types.h>

/* records a DUT process (the leader of its own group); the first call makes
 * this process a child subreaper and ends the recorded processes and every
 * child on SIGINT, SIGTERM and SIGHUP before dying of the signal */
void vo_children_add(pid_t pid);
/* forgets it (it was reaped) */
void vo_children_remove(pid_t pid);
/* kills (and reaps) the children that are not a recorded DUT process */
void vo_children_end_orphans(void);
/* kills the recorded groups and every remaining child (reaped) */
void vo_children_end_all(void);
#endif
