/* Helpers shared by the CLI commands.
 *
 * HOW TO ADD AN OPTION to a command: add a row to the command's
 * `static const struct option <cmd>_opts[]` table ({"name", no_argument or
 * required_argument, NULL, val}: val is the short letter if the option has
 * one, else a code >= 256 from the command's enum), a `case val:` to its
 * cli_getopt_next() switch (the value is g.arg, the name as written g.name),
 * and a line to the command's help text and its docs/ page. Nothing else:
 * --opt=value, --opt value, -x value, -xvalue, operands anywhere, "--" and
 * --help/-h come from cli_getopt_next (getopt_long underneath). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "visa_json.h"

/* message text cut to one printable line */
static void one_line(char *dst, size_t cap, const char *s)
{
    size_t i = 0;
    for (; s && s[i] && i + 1 < cap; i++) {
        unsigned char ch = (unsigned char)s[i];
        dst[i] = (ch == '\n' || ch == '\r' || ch == '\t') ? ' ' : (char)ch;
    }
    dst[i] = 0;
}

int cli_error(const vo_error *e)
{
    char msg[sizeof e->message + 1], field[160];
    memcpy(msg, e->message, sizeof e->message);
    msg[sizeof e->message] = 0;
    one_line(msg, sizeof msg, msg);
    one_line(field, sizeof field, e->field ? e->field : "-");
    fprintf(stderr, "visa-oracle: %s at %s (offset %lld): %s\n", vo_errcode_name(e->code), field,
            (long long)e->offset, msg[0] ? msg : "error");
    return VO_EXIT_BAD;
}

/* a decimal option value in [min, 86400000] (milliseconds, counts): 0 ok, -1 not */
int cli_parse_count(const char *s, long min, long *out)
{
    char *end;
    errno = 0;
    long n = strtol(s, &end, 10);
    if (!s[0] || *end || errno || n < min || n > 86400000) return -1;
    *out = n;
    return 0;
}

int cli_parse_visa_version(const char *s, uint16_t *out)
{
    if (vo_visa_version_parse(s, out) == 0) return 0;
    vo_error err;
    memset(&err, 0, sizeof err);
    err.code = VO_E_STATE;
    err.field = "visa_version";
    err.offset = -1;
    snprintf(err.message, sizeof err.message, "visa_version is not M.m in 3.0..4.1");
    return cli_error(&err);
}

int cli_fail(int code, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    one_line(buf, sizeof buf, buf);
    fprintf(stderr, "visa-oracle: %s\n", buf);
    return code;
}

int cli_wants_help(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) return 1;
    return 0;
}

void cli_getopt_init(cli_getopt *g, const char *cmd, int argc, char **argv, const struct option *longopts)
{
    memset(g, 0, sizeof *g);
    g->cmd = cmd;
    g->argc = argc;
    g->argv = argv;
    g->longopts = longopts;
    g->first_operand = argc;
    /* ':' first: a missing value is reported as ':', not '?'; the short
     * letters come from the table so it is the only list to edit */
    size_t k = 0;
    g->shortopts[k++] = ':';
    g->shortopts[k++] = 'h';
    for (unsigned i = 0; longopts[i].name && i < CLI_MAX_OPTS; i++) {
        int v = longopts[i].val;
        if (v > ' ' && v < 127 && v != 'h' && v != ':' && v != '?') {
            g->shortopts[k++] = (char)v;
            if (longopts[i].has_arg == required_argument) g->shortopts[k++] = ':';
        }
    }
    g->shortopts[k] = 0;
}

/* the long-option row whose name is the first n bytes of s, or NULL */
static const struct option *long_named(const struct option *t, const char *s, size_t n)
{
    for (unsigned i = 0; t[i].name && i < CLI_MAX_OPTS; i++)
        if (strlen(t[i].name) == n && strncmp(t[i].name, s, n) == 0) return &t[i];
    return NULL;
}

int cli_getopt_next(cli_getopt *g)
{
    struct option all[CLI_MAX_OPTS + 2];
    unsigned n = 0;
    for (; g->longopts[n].name && n < CLI_MAX_OPTS; n++) all[n] = g->longopts[n];
    all[n++] = (struct option){ "help", no_argument, NULL, 'h' };
    all[n] = (struct option){ NULL, 0, NULL, 0 };
    if (!g->started) {
        optind = 0; /* glibc: full re-initialisation */
        g->started = 1;
    }
    opterr = 0;
    g->arg = NULL;
    g->name[0] = 0;
    int li = -1;
    int c = getopt_long(g->argc, g->argv, g->shortopts, all, &li);
    if (c == -1) {
        g->first_operand = optind;
        return -1;
    }
    /* the argument word that held the option: with a separate value the
     * value is argv[optind-1] and the option the word before */
    int at = optind - 1;
    if (optarg && at > 0 && optarg == g->argv[at] && c != '?' && c != ':') at--;
    const char *w = at >= 0 && at < g->argc ? g->argv[at] : "";
    size_t wl = strcspn(w, "=");
    if (c == '?' || c == ':') {
        int islong = w[0] == '-' && w[1] == '-' && wl > 2;
        const struct option *o = islong ? long_named(all, w + 2, wl - 2) : NULL;
        char what[64];
        if (c == '?' && islong && optopt != 0 && !(o && o->val == optopt && o->has_arg == no_argument))
            islong = 0; /* an unknown short letter after a long option word */
        if (islong) snprintf(what, sizeof what, "%.*s", (int)(wl < 60 ? wl : 60), w);
        else snprintf(what, sizeof what, "-%c", optopt > ' ' && optopt < 127 ? optopt : '?');
        if (c == ':')
            cli_fail(VO_EXIT_BAD, "%s: %s needs a value (try 'visa-oracle %s --help')", g->cmd, what, g->cmd);
        else if (islong && o && o->has_arg == no_argument && w[wl] == '=')
            cli_fail(VO_EXIT_BAD, "%s: %s takes no value (try 'visa-oracle %s --help')", g->cmd, what, g->cmd);
        else
            cli_fail(VO_EXIT_BAD, "%s: unknown option '%s' (try 'visa-oracle %s --help')", g->cmd, what, g->cmd);
        return CLI_OPT_ERR;
    }
    if (li >= 0) {
        /* refuse abbreviations: a later option must not change what an old
         * command line means */
        if (!(w[0] == '-' && w[1] == '-' && long_named(&all[li], w + 2, wl - 2))) {
            cli_fail(VO_EXIT_BAD, "%s: unknown option '%.*s' (did you mean '--%s'? try 'visa-oracle %s --help')",
                     g->cmd, (int)(wl < 60 ? wl : 60), w, all[li].name, g->cmd);
            return CLI_OPT_ERR;
        }
        snprintf(g->name, sizeof g->name, "--%s", all[li].name);
    } else {
        snprintf(g->name, sizeof g->name, "-%c", c);
    }
    g->arg = optarg;
    return c == 'h' ? CLI_OPT_HELP : c;
}

const vo_desc *cli_insn_by_name(const char *name)
{
    for (unsigned i = 0; name && vo_desc_at(i); i++)
        if (strcasecmp(vo_desc_at(i)->mnemonic, name) == 0) return vo_desc_at(i);
    return NULL;
}

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            char *nb = cap > ((size_t)1 << 30) ? NULL : realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t k = fread(buf + n, 1, cap - 1 - n, f);
        n += k;
        if (k == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(buf);
                buf = NULL;
                errno = e;
            }
            break;
        }
    }
    if (f != stdin) fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    *len = n;
    return buf;
}

static int write_replace(const char *path, const char *data, size_t len)
{
    size_t pl = strlen(path);
    char *tmp = malloc(pl + 32);
    if (!tmp) {
        errno = ENOMEM;
        return -1;
    }
    snprintf(tmp, pl + 32, "%s.tmp.%ld", path, (long)getpid());
    int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        int e = errno;
        free(tmp);
        errno = e;
        return -1;
    }
    size_t off = 0;
    int e = 0;
    while (off < len) {
        ssize_t k = write(fd, data + off, len - off);
        if (k < 0) {
            if (errno == EINTR) continue;
            e = errno;
            break;
        }
        off += (size_t)k;
    }
    if (!e && fsync(fd) != 0) e = errno;
    if (close(fd) != 0 && !e) e = errno;
    if (!e && rename(tmp, path) != 0) e = errno;
    if (e) {
        unlink(tmp);
        free(tmp);
        errno = e;
        return -1;
    }
    free(tmp);
    return 0;
}

static int write_fd_all(int fd, const char *data, size_t len)
{
    size_t off = 0;
    while (off < len) {
        ssize_t k = write(fd, data + off, len - off);
        if (k < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        off += (size_t)k;
    }
    return 0;
}

/* issue 17: "-" is stdout; a target that exists and is not a regular file
 * (a device, a FIFO, /dev/stdout) is written in place, never replaced; a
 * symlink to a regular file has that file replaced atomically (the link
 * stays); a symlink to nothing and a directory are refused. */
int cli_write_atomic(const char *path, const char *data, size_t len)
{
    if (!strcmp(path, "-")) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) return -1;
        return 0;
    }
    struct stat st, lst;
    char link[64];
    ssize_t ll = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode) ? readlink(path, link, sizeof link - 1) : -1;
    if (ll > 0) link[ll] = 0;
    int via_fd = ll > 0 && (!strncmp(link, "/proc/self/fd/", 14) || !strncmp(link, "/dev/fd/", 8));
    if (via_fd) { /* /dev/stdout, /dev/fd/N: this process's own descriptor, as it is (offset, append) */
        const char *num = link + (link[1] == 'p' ? 14 : 8);
        char *end;
        long fd = strtol(num, &end, 10);
        if (*num && !*end && fd >= 0 && fd < 1024) {
            fflush(NULL);
            return write_fd_all((int)fd, data, len);
        }
    }
    if (stat(path, &st) != 0) {
        if (errno != ENOENT || lstat(path, &lst) == 0) return -1; /* a symlink to nothing: refused (ENOENT) */
        return write_replace(path, data, len);
    }
    if (S_ISDIR(st.st_mode)) {
        errno = EISDIR;
        return -1;
    }
    if (!S_ISREG(st.st_mode)) { /* written where it is: a FIFO, a device */
        fflush(stdout);
        int fd = open(path, O_WRONLY | O_CLOEXEC);
        if (fd < 0) return -1;
        int e = write_fd_all(fd, data, len) != 0 ? errno : 0;
        if (close(fd) != 0 && !e) e = errno;
        if (e) errno = e;
        return e ? -1 : 0;
    }
    char *real = realpath(path, NULL); /* a symlink: the file it names is replaced */
    if (!real) return -1;
    int rc = write_replace(real, data, len);
    int e = errno;
    free(real);
    errno = e;
    return rc;
}
