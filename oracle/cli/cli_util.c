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
#include <dirent.h>
#include <signal.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

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

/* ---- the one input reader (docs/state.md "Input files") ----
 * read() into a private buffer, never mmap: a file rewritten or truncated
 * while a command runs cannot crash it (issue 17); the size is checked
 * against VO_MAX_INPUT_BYTES before anything is read (fstat) and again while
 * reading (pipes, files that grow); gzip data (magic 1f 8b) is inflated with
 * the same cap on the inflated size. */
static void rerr(char *err, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void rerr(char *err, size_t cap, const char *fmt, ...)
{
    if (!err || !cap) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
}

#define CAP_TEXT "the input cap is 256 MiB (VO_MAX_INPUT_BYTES, docs/state.md)"

/* raw bytes of fd, at most VO_MAX_INPUT_BYTES; NUL-terminated, in *bufp
 * (capacity *capp: a buffer kept from an earlier read is used again when it
 * is large enough, else replaced). NULL on an error (*bufp stays the
 * caller's to free). */
static char *read_fd_into(int fd, const char *path, size_t *len, char *err, size_t errcap, char **bufp, size_t *capp)
{
    struct stat st;
    size_t want = 65536;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
        if ((uint64_t)st.st_size > VO_MAX_INPUT_BYTES) {
            rerr(err, errcap, "'%s' is %llu bytes; %s", path, (unsigned long long)st.st_size, CAP_TEXT);
            errno = EFBIG;
            return NULL;
        }
        want = (size_t)st.st_size + 2; /* +1 to see EOF in one read, +1 for the NUL */
    }
    if (!*bufp || *capp < want) {
        free(*bufp);
        *capp = 0;
        *bufp = malloc(want);
        if (!*bufp) {
            rerr(err, errcap, "cannot read '%s': out of memory", path);
            errno = ENOMEM;
            return NULL;
        }
        *capp = want;
    }
    char *buf = *bufp;
    size_t cap = *capp, n = 0;
    for (;;) {
        if (n + 1 >= cap) {
            if (n > VO_MAX_INPUT_BYTES) {
                rerr(err, errcap, "'%s' is more than %llu bytes; %s", path, (unsigned long long)VO_MAX_INPUT_BYTES,
                     CAP_TEXT);
                errno = EFBIG;
                return NULL;
            }
            size_t nc = cap * 2 > (size_t)VO_MAX_INPUT_BYTES + 2 ? (size_t)VO_MAX_INPUT_BYTES + 2 : cap * 2;
            char *nb = realloc(buf, nc);
            if (!nb) {
                rerr(err, errcap, "cannot read '%s': out of memory", path);
                errno = ENOMEM;
                return NULL;
            }
            *bufp = buf = nb;
            *capp = cap = nc;
        }
        ssize_t k = read(fd, buf + n, cap - 1 - n);
        if (k < 0) {
            if (errno == EINTR) continue;
            int e = errno;
            rerr(err, errcap, "cannot read '%s': %s", path, strerror(e));
            errno = e;
            return NULL;
        }
        if (k == 0) break;
        n += (size_t)k;
    }
    if (n > VO_MAX_INPUT_BYTES) {
        rerr(err, errcap, "'%s' is more than %llu bytes; %s", path, (unsigned long long)VO_MAX_INPUT_BYTES, CAP_TEXT);
        errno = EFBIG;
        return NULL;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* inflates gzip (or zlib) data; the result is capped like a plain file */
static char *inflate_all(const char *z, size_t zn, const char *path, size_t *len, char *err, size_t errcap)
{
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    if (inflateInit2(&zs, 15 + 32) != Z_OK) {
        rerr(err, errcap, "cannot read '%s': zlib cannot start", path);
        errno = ENOMEM;
        return NULL;
    }
    size_t cap = zn * 4 + 65536, n = 0;
    if (cap > (size_t)VO_MAX_INPUT_BYTES + 2) cap = (size_t)VO_MAX_INPUT_BYTES + 2;
    char *out = malloc(cap);
    int rc = Z_OK;
    const unsigned char *in = (const unsigned char *)z;
    size_t left = zn;
    while (out) {
        if (n + 1 >= cap) {
            if (n > VO_MAX_INPUT_BYTES) break;
            size_t nc = cap * 2 > (size_t)VO_MAX_INPUT_BYTES + 2 ? (size_t)VO_MAX_INPUT_BYTES + 2 : cap * 2;
            char *nb = realloc(out, nc);
            if (!nb) { free(out); out = NULL; break; }
            out = nb;
            cap = nc;
        }
        unsigned chunk_in = left > (1u << 30) ? (1u << 30) : (unsigned)left;
        size_t room = cap - 1 - n;
        unsigned chunk_out = room > (1u << 30) ? (1u << 30) : (unsigned)room;
        zs.next_in = (unsigned char *)(uintptr_t)in;
        zs.avail_in = chunk_in;
        zs.next_out = (unsigned char *)out + n;
        zs.avail_out = chunk_out;
        rc = inflate(&zs, Z_NO_FLUSH);
        size_t used = chunk_in - zs.avail_in;
        in += used;
        left -= used;
        n += chunk_out - zs.avail_out;
        if (rc == Z_STREAM_END) {
            /* concatenated gzip members continue the same text */
            if (left == 0) break;
            if (inflateReset(&zs) != Z_OK) { rc = Z_DATA_ERROR; break; }
            continue;
        }
        if (rc == Z_BUF_ERROR && left == 0) { rc = Z_DATA_ERROR; break; } /* cut short */
        if (rc != Z_OK && rc != Z_BUF_ERROR) break;
    }
    inflateEnd(&zs);
    if (!out) {
        rerr(err, errcap, "cannot read '%s': out of memory", path);
        errno = ENOMEM;
        return NULL;
    }
    if (n > VO_MAX_INPUT_BYTES) {
        free(out);
        rerr(err, errcap, "'%s' inflates to more than %llu bytes; %s", path, (unsigned long long)VO_MAX_INPUT_BYTES,
             CAP_TEXT);
        errno = EFBIG;
        return NULL;
    }
    if (rc != Z_STREAM_END) {
        free(out);
        rerr(err, errcap, "'%s' is not valid gzip data (%s at compressed byte %zu)", path,
             rc == Z_DATA_ERROR && zs.msg ? zs.msg : "truncated or corrupt", zn - left);
        errno = EINVAL;
        return NULL;
    }
    out[n] = 0;
    *len = n;
    return out;
}

int cli_is_gzip(const void *b, size_t n)
{
    const unsigned char *u = b;
    return n >= 2 && u[0] == 0x1f && u[1] == 0x8b;
}

size_t cli_pread_full(int fd, void *b, size_t n, uint64_t off)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = pread(fd, (char *)b + got, n - got, (off_t)(off + got));
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) break;
        got += (size_t)k;
    }
    return got;
}

char *cli_read_input_buf(const char *path, size_t *len, int flags, char **buf, size_t *cap, char *err, size_t errcap)
{
    int fd = strcmp(path, "-") == 0 ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        rerr(err, errcap, "cannot read '%s': %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    char *b = read_fd_into(fd, path, len, err, errcap, buf, cap);
    int e = errno;
    if (fd != STDIN_FILENO) close(fd);
    errno = e;
    if (!b || !(flags & CLI_READ_GZIP) || !cli_is_gzip(b, *len)) return b;
    /* the compressed bytes alone while inflating: a buffer kept from an
     * earlier (inflated) read goes first, so the peak is the compressed data
     * plus the text, not two texts (issue 30 point 3) */
    char *z = malloc(*len + 1);
    if (z) {
        memcpy(z, b, *len);
        free(*buf);
        *buf = z;
        *cap = *len + 1;
        b = z;
    }
    char *t = inflate_all(b, *len, path, len, err, errcap);
    e = errno;
    if (t) { /* the inflated text replaces the buffer */
        free(*buf);
        *buf = t;
        *cap = *len + 1;
    }
    errno = e;
    return t;
}

char *cli_read_input(const char *path, size_t *len, int flags, char *err, size_t errcap)
{
    char *buf = NULL;
    size_t cap = 0;
    char *t = cli_read_input_buf(path, len, flags, &buf, &cap, err, errcap);
    if (!t) {
        int e = errno;
        free(buf);
        errno = e;
    }
    return t;
}

char *cli_read_file(const char *path, size_t *len)
{
    return cli_read_input(path, len, 0, NULL, 0);
}

/* removes the stale temporaries of path: "<path>.tmp.<pid>" files that a
 * visa-oracle process left when it was killed, whose process no longer runs
 * (kill(pid, 0) says ESRCH); a live process's temporary stays (D239) */
void cli_clean_stale_tmps(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dl = slash ? (size_t)(slash - path) : 0;
    const char *base = slash ? slash + 1 : path;
    size_t bl = strlen(base);
    char dir[4096];
    if (dl + 2 > sizeof dir) return;
    if (slash) {
        memcpy(dir, path, dl ? dl : 1);
        dir[dl ? dl : 1] = 0;
    } else {
        strcpy(dir, ".");
    }
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *n = de->d_name;
        if (strncmp(n, base, bl) != 0 || strncmp(n + bl, ".tmp.", 5) != 0) continue;
        const char *q = n + bl + 5;
        char *end;
        errno = 0;
        long pid = strtol(q, &end, 10);
        if (*q < '0' || *q > '9' || *end || errno || pid <= 0 || pid == (long)getpid()) continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char full[4096 + 256];
        snprintf(full, sizeof full, "%s/%s", dir, n);
        unlink(full);
    }
    closedir(d);
}

static int write_replace(const char *path, const char *data, size_t len)
{
    cli_clean_stale_tmps(path);
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
    int e = cli_write_fd_sync(fd, data, len);
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
int cli_write_fd_sync(int fd, const char *data, size_t len)
{
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
    return e;
}

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
