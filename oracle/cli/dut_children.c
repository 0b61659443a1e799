/* Ending every process check and shrink started (issue 30 point 7; D241).
 *
 * A DUT process (--dut-cmd, --isolate) runs in a process group of its own,
 * which proc_reap kills. A process that left the group (setsid(), setpgid())
 * is not reached that way: so the checker makes itself a child subreaper
 * (PR_SET_CHILD_SUBREAPER), which makes such a process, once its parent is
 * gone, a child of the checker, and ends the checker's children before it
 * goes. SIGINT, SIGTERM and SIGHUP end every DUT group and every such child,
 * then the checker dies of the same signal (its exit status says which). The
 * handler uses only async-signal-safe calls (kill, open, read, getdents64
 * through syscall, waitpid). */
#define _GNU_SOURCE
#include "dut_children.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NSLOT 256
static volatile sig_atomic_t slot[NSLOT]; /* the DUT process (group) ids alive, 0 = free */
static int armed;

static int ppid_of(const char *num, pid_t self)
{
    char path[64] = "/proc/";
    size_t n = strlen(num);
    if (n > 20) return 0;
    memcpy(path + 6, num, n);
    memcpy(path + 6 + n, "/stat", 6);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    char b[512];
    ssize_t k = read(fd, b, sizeof b - 1);
    close(fd);
    if (k <= 0) return 0;
    b[k] = 0;
    char *p = NULL; /* after the last ')' (the command name may hold one): " S ppid" */
    for (ssize_t i = k - 1; i >= 0; i--)
        if (b[i] == ')') { p = b + i + 1; break; }
    if (!p || p[0] != ' ' || !p[1] || p[2] != ' ') return 0;
    long v = 0;
    for (p += 3; *p >= '0' && *p <= '9'; p++) v = v * 10 + (*p - '0');
    return v == (long)self;
}

/* kills every child of this process that is not a thread of it; returns how many */
static int kill_children(void)
{
    pid_t self = getpid();
    int fd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return 0;
    int nk = 0;
    char buf[4096];
    for (;;) {
        long n = syscall(SYS_getdents64, fd, buf, sizeof buf);
        if (n <= 0) break;
        for (long off = 0; off < n;) {
            struct { uint64_t ino; int64_t off; unsigned short reclen; unsigned char type; char name[]; } *de =
                (void *)(buf + off);
            off += de->reclen;
            if (de->name[0] < '1' || de->name[0] > '9') continue;
            if (ppid_of(de->name, self)) {
                long v = 0;
                for (const char *q = de->name; *q; q++) v = v * 10 + (*q - '0');
                int live = 0; /* a DUT process another worker still runs: not an orphan */
                for (int i = 0; i < NSLOT && !live; i++) live = slot[i] == (sig_atomic_t)v;
                if (live) continue;
                kill((pid_t)v, SIGKILL);
                waitpid((pid_t)v, NULL, 0);
                nk++;
            }
        }
    }
    close(fd);
    return nk;
}

/* kills (and reaps) the children that are not a live DUT process: what left
 * a DUT's group and was orphaned to this process; each round reaches one more
 * generation of such processes (a setsid() grandchild becomes ours when its
 * parent dies) */
void vo_children_end_orphans(void)
{
    if (!armed) return;
    for (int round = 0; round < 16; round++) {
        if (!kill_children()) break;
        struct timespec ts = { 0, 2000000 };
        nanosleep(&ts, NULL);
    }
}

void vo_children_end_all(void)
{
    for (int i = 0; i < NSLOT; i++) {
        pid_t p = (pid_t)slot[i];
        if (p > 0) {
            kill(-p, SIGKILL);
            kill(p, SIGKILL);
            waitpid(p, NULL, 0);
            slot[i] = 0;
        }
    }
    vo_children_end_orphans();
}

static void on_signal(int sig)
{
    vo_children_end_all();
    signal(sig, SIG_DFL);
    raise(sig);
}

static void arm(void)
{
    if (armed) return;
    armed = 1;
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
    static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction old, sa;
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN) continue; /* (nohup: stays ignored) */
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_signal;
        sigfillset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

void vo_children_add(pid_t pid)
{
    arm();
    for (int i = 0; i < NSLOT; i++)
        if (!slot[i]) {
            slot[i] = (sig_atomic_t)pid;
            return;
        }
}

void vo_children_remove(pid_t pid)
{
    for (int i = 0; i < NSLOT; i++)
        if (slot[i] == (sig_atomic_t)pid) slot[i] = 0;
}
