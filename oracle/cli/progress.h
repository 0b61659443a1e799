/* A one-line progress indicator on stderr for long gen / check runs.
 *
 * On when stderr is a terminal, off otherwise; the environment variable
 * VO_PROGRESS=1 forces it on and VO_PROGRESS=0 off (tests use both). On a
 * terminal the line is redrawn in place ("\r", erase to end of line) at most
 * VO_PROGRESS_HZ times a second; forced on a non-terminal each update is its
 * own line. vo_progress_end prints the last state and a newline. */
#ifndef VO_PROGRESS_H
#define VO_PROGRESS_H
#include <stdint.h>

#define VO_PROGRESS_HZ 4

typedef struct vo_progress {
    int on;             /* printing at all */
    int tty;            /* redraw in place */
    int shown;          /* a line is on the terminal now (tty only) */
    int with_failed;    /* print the failure count (check) */
    const char *label;  /* "gen", "check" */
    uint64_t total, done, failed;
    double t0, last;    /* wall clock, seconds */
} vo_progress;

/* label: a static string; total: tests expected (0 if unknown) */
void vo_progress_init(vo_progress *p, const char *label, uint64_t total, int with_failed);
/* records done/failed; redraws when the last redraw is old enough */
void vo_progress_tick(vo_progress *p, uint64_t done, uint64_t failed);
/* erases the line on a terminal so other output starts on a clean line (the
 * next tick draws it again) */
void vo_progress_clear(vo_progress *p);
/* the final state on its own line (when on) */
void vo_progress_end(vo_progress *p);
#endif
