/* visa-oracle __dut-host LIB.so: the child process of `check --dut-lib LIB.so
 * --isolate` (issue 17). Not a user command: the checker re-executes itself
 * with it. Loads the library and speaks the --dut-cmd JSON-lines protocol on
 * stdin/stdout, so a crash, hang or exit() in the library costs one test
 * and a restart instead of the run (docs/check.md, "--isolate").
 *
 * One reply per input line, flushed: the id echoed, the status, the final
 * state (executed), the library's message, and what only the host sees:
 *   {"id":"<id>","status":"ok","message":"...","nviol":N,"viol":[[surface,
 *    offset,len],...],"nbad_reads":N,"vars":[...],"preds":[...],...}
 *   ("undefined" instead of "ok" for VISA_DUT_UNDEFINED, D250)
 *   {"id":"<id>","status":"invalid","error":{"code":"E_..."}|null,...}
 *   {"id":"<id>","status":"error","message":"..."}                     */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dut_transport.h"

static void jstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 32 || ch >= 127) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

int cmd_dut_host(int argc, char **argv)
{
    if (argc != 2) return cli_fail(VO_EXIT_BAD, "__dut-host: usage: visa-oracle __dut-host LIB.so");
    char err[512];
    vo_dut *d = vo_dut_open_lib(argv[1], err, sizeof err);
    if (!d) {
        fprintf(stderr, "visa-oracle: check --isolate: %s\n", err);
        return 126; /* the checker takes 126 from a first process as "cannot be run" */
    }
    /* the protocol goes out on a duplicate of stdout; whatever the library
     * prints on stdout goes to stderr (as check does in-process) */
    fflush(stdout);
    int pfd = dup(STDOUT_FILENO);
    FILE *po = pfd >= 0 ? fdopen(pfd, "w") : NULL;
    if (!po || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        fprintf(stderr, "visa-oracle: check --isolate: cannot set up the host's output\n");
        return 126;
    }
    static vo_case c;
    static vo_dut_out o;
    vo_case_init(&c);
    vo_dut_out_init(&o);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    while ((n = getline(&line, &cap, stdin)) > 0) {
        if (line[n - 1] == '\n') line[--n] = 0;
        if (!n) continue;
        char id[17] = "";
        if (n > 24 && !strncmp(line, "{\"id\":\"", 7) && line[23] == '"') {
            memcpy(id, line + 7, 16);
            id[16] = 0;
        }
        vo_error e;
        fprintf(po, "{\"id\":");
        jstr(po, id);
        if (vo_case_from_json(line, (size_t)n, &c, &e) != 0) {
            char m[400];
            snprintf(m, sizeof m, "host: %s at %s: %s", vo_errcode_name(e.code), e.field ? e.field : "-", e.message);
            fprintf(po, ",\"status\":\"error\",\"message\":");
            jstr(po, m);
            fprintf(po, "}\n");
        } else {
            vo_dut_exec(d, &c, NULL, 0, id, &o);
            if (o.status == VO_DUT_EXECUTED || o.status == VO_DUT_REJECTED) {
                fprintf(po, ",\"status\":\"%s\"", o.status == VO_DUT_REJECTED ? "invalid" : o.said_undefined ? "undefined" : "ok"); /* D250 */
                if (o.status == VO_DUT_REJECTED) {
                    fprintf(po, ",\"error\":");
                    if (o.code[0]) {
                        fprintf(po, "{\"code\":");
                        jstr(po, o.code);
                        fprintf(po, "}");
                    } else {
                        fprintf(po, "null");
                    }
                }
                fprintf(po, ",\"message\":");
                jstr(po, o.msg);
                fprintf(po, ",\"nviol\":%u,\"viol\":[", o.nviol);
                for (uint32_t i = 0; i < o.nviol && i < VO_VIOL_MAX; i++)
                    fprintf(po, "%s[%u,%llu,%u]", i ? "," : "", o.viol[i].surface, (unsigned long long)o.viol[i].offset,
                           o.viol[i].len);
                fprintf(po, "],\"nbad_reads\":%u", o.nbad_reads);
                char *st = o.status == VO_DUT_EXECUTED ? vo_state_to_json(&o.state) : NULL;
                if (st && st[0] == '{' && st[1] != '}') fprintf(po, ",%s", st + 1);
                else fprintf(po, "}");
                free(st);
                fprintf(po, "\n");
            } else if (o.status == VO_DUT_UNSUPPORTED) {
                fprintf(po, ",\"status\":\"unsupported\",\"message\":");
                jstr(po, o.msg);
                fprintf(po, "}\n");
            } else {
                fprintf(po, ",\"status\":\"error\",\"message\":");
                jstr(po, o.msg);
                fprintf(po, "}\n");
            }
        }
        if (fflush(po) != 0) break;
    }
    free(line);
    vo_case_free(&c);
    vo_dut_out_free(&o);
    vo_dut_close(d);
    fclose(po);
    return VO_EXIT_OK;
}
