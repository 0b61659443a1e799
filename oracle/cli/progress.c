/* One-line progress indicator (progress.h). */
#define _POSIX_C_SOURCE 200809L
#include "progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double wall_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void vo_progress_init(vo_progress *p, const char *label, uint64_t total, int with_failed)
{
    memset(p, 0, sizeof *p);
    p->label = label;
    p->total = total;
    p->with_failed = with_failed;
    p->tty = isatty(STDERR_FILENO);
    const char *env = getenv("VO_PROGRESS");
    if (env && !strcmp(env, "1")) p->on = 1;
    else if (env && !strcmp(env, "0")) p->on = 0;
    else p->on = p->tty;
    if (p->on && p->tty) {
        const char *term = getenv("TERM");
        if (term && !strcmp(term, "dumb")) p->tty = 0; /* no cursor control: plain lines */
    }
    p->t0 = p->last = wall_s();
}

static void draw(vo_progress *p, double now, int final)
{
    char line[160];
    double el = now - p->t0;
    double rate = el > 0 ? (double)p->done / el : 0;
    int k = snprintf(line, sizeof line, "%s: %llu", p->label, (unsigned long long)p->done);
    if (p->total && k > 0 && (size_t)k < sizeof line)
        k += snprintf(line + k, sizeof line - (size_t)k, "/%llu tests (%u%%)", (unsigned long long)p->total,
                      (unsigned)(p->done >= p->total ? 100 : p->done * 100 / p->total));
    else if (k > 0 && (size_t)k < sizeof line)
        k += snprintf(line + k, sizeof line - (size_t)k, " tests");
    if (k > 0 && (size_t)k < sizeof line)
        k += snprintf(line + k, sizeof line - (size_t)k, ", %.0f tests/s", rate);
    if (p->with_failed && k > 0 && (size_t)k < sizeof line)
        k += snprintf(line + k, sizeof line - (size_t)k, ", %llu failed", (unsigned long long)p->failed);
    if (final && k > 0 && (size_t)k < sizeof line)
        snprintf(line + k, sizeof line - (size_t)k, ", %.1f s", el);
    fflush(stdout); /* what the run printed so far comes before the line */
    if (p->tty) {
        fprintf(stderr, "\r\033[K%s%s", line, final ? "\n" : "");
        p->shown = !final;
    } else {
        fprintf(stderr, "%s\n", line);
    }
    fflush(stderr);
    p->last = now;
}

void vo_progress_tick(vo_progress *p, uint64_t done, uint64_t failed)
{
    p->done = done;
    p->failed = failed;
    if (!p->on) return;
    double now = wall_s();
    if (now - p->last >= 1.0 / VO_PROGRESS_HZ) draw(p, now, 0);
}

void vo_progress_clear(vo_progress *p)
{
    if (!p->on || !p->tty || !p->shown) return;
    fputs("\r\033[K", stderr);
    fflush(stderr);
    p->shown = 0;
}

void vo_progress_end(vo_progress *p)
{
    if (!p->on) return;
    draw(p, wall_s(), 1);
    p->on = 0;
}
