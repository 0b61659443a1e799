/* Helpers shared by the CLI commands. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int cli_write_atomic(const char *path, const char *data, size_t len)
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
