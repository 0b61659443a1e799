/* visa-oracle shrink CASE.json (--dut-lib PATH.so | --dut-cmd "CMD") [-o OUT]:
 * reduces a failing case while the DUT still fails it with the same bucket. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "dut_transport.h"

static const char shrink_help[] =
    "usage: visa-oracle shrink CASE.json (--dut-lib PATH.so | --dut-cmd \"CMD\") [--id ID]\n"
    "                          [-o OUT] [--max-trials N] [--timeout-ms N] [--startup-ms N]\n"
    "                          [--max-consecutive-failures N] [--confirm N]\n"
    "\n"
    "CASE.json is a vector file (its first test, or the one with --id), a test\n"
    "object or a bare input object that the DUT fails. Repeatedly tries smaller\n"
    "variants and keeps one whenever the DUT still fails it with the same bucket\n"
    "(<insn>:<clause>:<kind>): no predicate, no NoMask, mask offset 0, a single\n"
    "enabled lane or fewer lanes, the enabled lanes moved to lanes 0..k-1 with\n"
    "their element offsets, data and (DWORD_ATOMIC) src0/src1, smaller exec\n"
    "size / oword count, fewer channels, unused predicates / address variables /\n"
    "variables / surfaces / memory regions / binding-table and surface-state\n"
    "entries dropped, variable, surface and memory bytes zeroed, and an LSC\n"
    "case's vector size, data size and data order made smaller.\n"
    "Writes the minimal case as a one-test vector file, atomically, to OUT\n"
    "(default: shrunk/<CASE>.shrunk.json under the current directory, so it\n"
    "never lands beside the input in a vector set), and prints a one-line\n"
    "summary on stderr.\n"
    "\n"
    "  --max-trials N      DUT runs at most (default 20000)\n"
    "  --confirm N         runs of the final case (default 5): the summary says in\n"
    "                      how many it failed as the bucket; fewer than all is a\n"
    "                      warning (a flaky DUT), none writes no case (exit 1)\n"
    "  --timeout-ms N      --dut-cmd: per-run timeout (default 10000)\n"
    "  --startup-ms N      --dut-cmd: extra time for the first reply of the first\n"
    "                      process (default 5000), a bounded share of it after a\n"
    "                      restart, as for check\n"
    "  --max-consecutive-failures N\n"
    "                      stop after N crash/timeout/garbage results in a row\n"
    "                      (default 20; 0 = never); while the DUT has not yet\n"
    "                      answered any run normally, runs that reproduce a\n"
    "                      crash/timeout/garbage bucket count too. Stopping\n"
    "                      writes no case and exits 1, naming the last failure\n"
    "\n"
    "Exit: 0 shrunk (or already minimal), 1 stopped (DUT keeps failing) or cannot\n"
    "write, 2 bad input or the case passes.\n";

typedef struct shr {
    vo_dut *d;
    char bucket[96];
    unsigned trials, max_trials;
    long max_consec, consec; /* --max-consecutive-failures; DUT failures in a row (D91) */
    int alive;               /* the DUT has given a reply that is not a crash/timeout/garbage */
    int stopped;
    char last_fail[400];
} shr;

static vo_result sr;
static vo_dut_out so;
static vo_verdict sv;
static vo_case A, B;
static vo_case *cur = &A, *cand = &B;

static int judge(shr *s, const vo_case *c)
{
    vo_run(&c->state, c->insn, c->insn_len, &sr);
    if (vo_dut_exec(s->d, c, NULL, 0, NULL, &so) < 0) return -1;
    return vo_verdict_compute(&c->state, c->insn, c->insn_len, &sr, &so, &sv);
}

/* D91: counts DUT failures (crash/timeout/garbage) in a row, as check does;
 * a run that reproduces the bucket being shrunk resets the count only once
 * the DUT has shown it can answer at all. At --max-consecutive-failures the
 * shrink stops (no further trials). what: "the case" or "trial N". */
static void count_failure(shr *s, int reproduced, const char *what)
{
    if (so.status != VO_DUT_CRASH && so.status != VO_DUT_TIMEOUT && so.status != VO_DUT_GARBAGE) {
        s->alive = 1;
        s->consec = 0;
        return;
    }
    if (s->alive && reproduced) {
        s->consec = 0;
        return;
    }
    s->consec++;
    snprintf(s->last_fail, sizeof s->last_fail, "%s: %s: %.200s", what, vo_dut_status_name((unsigned)so.status),
             so.msg[0] ? so.msg : "no message");
    if (s->max_consec && s->consec >= s->max_consec) {
        s->stopped = 1;
        s->max_trials = s->trials; /* every reduction loop checks the trial budget */
    }
}

/* 1 if cand still fails the same way (then cand becomes cur) */
static int try_cand(shr *s)
{
    if (s->trials >= s->max_trials) return 0;
    s->trials++;
    int j = judge(s, cand);
    int same = j == 0 && strcmp(sv.bucket, s->bucket) == 0;
    if (j >= 0) {
        char what[32];
        snprintf(what, sizeof what, "trial %u", s->trials);
        count_failure(s, same, what);
    }
    if (!same) return 0;
    vo_case *t = cur;
    cur = cand;
    cand = t;
    return 1;
}

static int start_cand(void)
{
    vo_case_free(cand);
    vo_case_init(cand);
    if (vo_state_copy(&cand->state, &cur->state) != 0) return -1;
    memcpy(cand->insn, cur->insn, sizeof cand->insn);
    cand->insn_len = cur->insn_len;
    memcpy(cand->comment, cur->comment, sizeof cand->comment);
    return 0;
}

static int decode(const vo_case *c, vo_insn *in)
{
    vo_error e;
    return vo_decode_layout(c->insn, c->insn_len, c->state.platform.visa_version, c->state.platform.lsc_layout, in, &e) == 0 ? 0 : -1;
}

static int has_role(const vo_desc *d, unsigned role)
{
    for (unsigned i = 0; i < d->nfields; i++)
        if (d->fields[i].role == role) return 1;
    return 0;
}

static int encode(vo_case *c, const vo_insn *in)
{
    size_t n = vo_encode(in, c->insn, sizeof c->insn);
    if (!n) return -1;
    c->insn_len = n;
    return 0;
}

/* role holding the exec size and mask nibble */
static unsigned exec_role(const vo_desc *d) { return has_role(d, VO_R_EXEC) ? VO_R_EXEC : VO_R_NUM_ELTS; }

static int popcount(uint32_t x)
{
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* ---- instruction-level reductions ---- */
static int t_pred(shr *s)
{
    vo_insn in;
    if (decode(cur, &in) || !has_role(in.desc, VO_R_PRED) || !in.val[VO_R_PRED]) return 0;
    in.val[VO_R_PRED] = 0;
    if (start_cand() || encode(cand, &in)) return 0;
    return try_cand(s);
}

static int t_nomask(shr *s)
{
    vo_insn in;
    if (decode(cur, &in) || in.desc->family == VO_FAM_BLOCK || in.visa_version == 300) return 0;
    unsigned r = exec_role(in.desc);
    if (!(in.val[r] & 0x80)) return 0;
    vo_ctrl ct;
    vo_insn_ctrl(&in, &ct);
    in.val[r] &= ~0x80u;
    if (start_cand() || encode(cand, &in)) return 0;
    /* the same lanes stay enabled: exec_mask all ones over the window */
    uint32_t window = (ct.exec_size >= 32 ? 0xFFFFFFFFu : ((1u << ct.exec_size) - 1)) << ct.mask_off;
    cand->state.exec_mask |= window;
    return try_cand(s);
}

static int t_mask_off(shr *s)
{
    vo_insn in;
    vo_ctrl ct;
    if (decode(cur, &in) || in.desc->family == VO_FAM_BLOCK || in.visa_version == 300) return 0;
    vo_insn_ctrl(&in, &ct);
    if (!ct.mask_off) return 0;
    unsigned r = exec_role(in.desc);
    in.val[r] &= ~0x70u;
    if (start_cand() || encode(cand, &in)) return 0;
    cand->state.exec_mask = (uint32_t)((uint64_t)cand->state.exec_mask >> ct.mask_off);
    for (uint32_t i = 0; i < cand->state.npreds; i++)
        cand->state.preds[i].bits = (uint32_t)((uint64_t)cand->state.preds[i].bits >> ct.mask_off);
    return try_cand(s);
}

/* keep one enabled lane (each in turn), then clear exec_mask bits no lane uses */
static int t_lanes(shr *s)
{
    vo_insn in;
    vo_ctrl ct;
    if (decode(cur, &in) || in.desc->family == VO_FAM_BLOCK) return 0;
    vo_insn_ctrl(&in, &ct);
    vo_run(&cur->state, cur->insn, cur->insn_len, &sr); /* the oracle's enabled lanes only */
    uint32_t chen = sr.chen;
    int changed = 0;
    if (popcount(chen) > 1 && !ct.nomask) {
        for (unsigned l = 0; l < 32; l++) {
            if (!(chen >> l & 1)) continue;
            if (start_cand()) return changed;
            cand->state.exec_mask &= 1u << (l + ct.mask_off);
            if (try_cand(s)) { changed = 1; break; }
        }
        /* no single lane reproduces it: drop lanes one at a time */
        int single = changed;
        for (unsigned l = 0; l < 32 && !single; l++) {
            if (!(chen >> l & 1)) continue;
            if (start_cand()) return changed;
            cand->state.exec_mask &= ~(1u << (l + ct.mask_off));
            if (try_cand(s)) changed = 1;
        }
    }
    /* exec_mask bits outside the lanes that are enabled */
    uint32_t window = (ct.exec_size >= 32 ? 0xFFFFFFFFu : ((1u << ct.exec_size) - 1)) << ct.mask_off;
    vo_run(&cur->state, cur->insn, cur->insn_len, &sr); /* the oracle's enabled lanes only */
    uint32_t keep = ct.nomask ? 0 : (uint32_t)((uint64_t)sr.chen << ct.mask_off);
    if (!ct.nomask && (cur->state.exec_mask & ~keep) && (cur->state.exec_mask & window) != 0) {
        if (!start_cand()) {
            cand->state.exec_mask &= keep;
            changed |= try_cand(s);
        }
    }
    return changed;
}

static int var_bytes(const vo_case *c, uint32_t id, uint32_t off, uint32_t n, vo_var **out)
{
    vo_var *v = vo_state_var(&c->state, id);
    if (!v || off > v->size || n > v->size - off) return -1;
    *out = v;
    return 0;
}

/* copies lane src[j]'s `stride` bytes of raw operand rw (in cur) to lane j
 * (in cand), j < k; -1 if the variable is not in the state or too small */
static int move_lanes(const vo_raw *rw, unsigned stride, unsigned nslots, const unsigned *src, unsigned k)
{
    if (!rw->id) return 0; /* %null */
    vo_var *from, *to;
    if (var_bytes(cur, rw->id, rw->offset, stride * nslots, &from) ||
        var_bytes(cand, rw->id, rw->offset, stride * nslots, &to))
        return -1;
    for (unsigned j = 0; j < k; j++)
        memcpy(to->data + rw->offset + stride * j, from->data + rw->offset + stride * src[j], stride);
    return 0;
}

/* moves the k enabled lanes L0 < L1 < ... to lanes 0..k-1, in order: their
 * element offsets, data (every channel block of a 4-channel op, the qword
 * slot of QW_*) and, for DWORD_ATOMIC, their src0 and src1 dwords, so each
 * kept lane still means the same; then a smaller exec size can drop the rest */
static int t_relocate(shr *s)
{
    vo_insn in;
    vo_ctrl ct;
    if (decode(cur, &in) || in.desc->family == VO_FAM_BLOCK || in.val[VO_R_PRED] || !has_role(in.desc, VO_R_EOFF))
        return 0;
    vo_insn_ctrl(&in, &ct);
    vo_run(&cur->state, cur->insn, cur->insn_len, &sr);
    unsigned k = (unsigned)popcount(sr.chen);
    if (!k || ct.nomask || k >= 32 || sr.chen == (1u << k) - 1) return 0; /* none, or already lanes 0..k-1 */
    unsigned src[32], n = 0;
    for (unsigned l = 0; l < 32 && l < ct.exec_size; l++)
        if (sr.chen >> l & 1) src[n++] = l;
    if (n != k || start_cand()) return 0;
    if (move_lanes(&in.eoff, 4, ct.exec_size, src, k)) return 0;
    if (in.desc->family == VO_FAM_FOURCH) {
        unsigned b = cand->state.platform.grf_bytes / 4u;
        if (b < ct.exec_size) b = ct.exec_size;
        unsigned nch = (unsigned)popcount(in.val[VO_R_CHMASK] & 0xF);
        for (unsigned ch = 0; ch < nch; ch++) {
            vo_raw blk = in.data;
            if (!blk.id) break;
            if ((unsigned)blk.offset + 4u * b * ch > 0xFFFFu) return 0;
            blk.offset = (uint16_t)(blk.offset + 4u * b * ch);
            if (move_lanes(&blk, 4, b, src, k)) return 0;
        }
    } else {
        unsigned slot = in.desc->family == VO_FAM_SCATTERED && in.desc->elt_bytes ? in.desc->elt_bytes : 4;
        if (move_lanes(&in.data, slot, ct.exec_size, src, k)) return 0;
    }
    if (in.desc->family == VO_FAM_ATOMIC &&
        (move_lanes(&in.src0, 4, ct.exec_size, src, k) || move_lanes(&in.src1, 4, ct.exec_size, src, k)))
        return 0;
    cand->state.exec_mask = (uint32_t)((((uint64_t)1 << k) - 1) << ct.mask_off);
    return try_cand(s);
}

static int t_exec_size(shr *s)
{
    vo_insn in;
    vo_ctrl ct;
    if (decode(cur, &in)) return 0;
    vo_insn_ctrl(&in, &ct);
    int changed = 0;
    if (in.desc->family == VO_FAM_BLOCK) {
        unsigned code = in.val[VO_R_OWORD_SIZE];
        if (code == 0 || code > 7) return 0;
        for (unsigned k = 0; k < code; k++) {
            in.val[VO_R_OWORD_SIZE] = k;
            if (start_cand() || encode(cand, &in)) return changed;
            if (try_cand(s)) return 1;
        }
        return 0;
    }
    if (has_role(in.desc, VO_R_EXEC)) {
        unsigned code = in.val[VO_R_EXEC] & 0xF;
        if (code == 0 || code > 5) return 0;
        uint32_t orig = in.val[VO_R_EXEC];
        for (unsigned k = 0; k < code; k++) {
            in.val[VO_R_EXEC] = (orig & ~0xFu) | k;
            if (start_cand() || encode(cand, &in)) return changed;
            if (try_cand(s)) return 1;
        }
        return 0;
    }
    /* SCATTER/GATHER num_elts: code 0 = 8, 1 = 16, 2 = 1 */
    static const unsigned order[3] = { 2, 0, 1 }; /* smallest first */
    unsigned code = in.val[VO_R_NUM_ELTS] & 3, rank = code == 2 ? 0 : code == 0 ? 1 : 2;
    uint32_t orig = in.val[VO_R_NUM_ELTS];
    for (unsigned k = 0; k < rank; k++) {
        in.val[VO_R_NUM_ELTS] = (orig & ~3u) | order[k];
        if (start_cand() || encode(cand, &in)) return changed;
        if (try_cand(s)) return 1;
    }
    return 0;
}

/* drops one channel of a 4-channel op, moving the remaining blocks down */
static int t_channels(shr *s)
{
    vo_insn in;
    vo_ctrl ct;
    if (decode(cur, &in) || in.desc->family != VO_FAM_FOURCH) return 0;
    vo_insn_ctrl(&in, &ct);
    unsigned m = in.val[VO_R_CHMASK] & 0xF;
    if (popcount(m) < 2) return 0;
    unsigned b = cur->state.platform.grf_bytes / 4u;
    if (b < ct.exec_size) b = ct.exec_size;
    for (unsigned drop = 0; drop < 4; drop++) {
        if (!(m >> drop & 1)) continue;
        vo_insn ni = in;
        ni.val[VO_R_CHMASK] = (in.val[VO_R_CHMASK] & ~0xFu) | (m & ~(1u << drop));
        if (start_cand() || encode(cand, &ni)) return 0;
        vo_var *dv;
        if (in.data.id && !var_bytes(cand, in.data.id, in.data.offset, 4 * b * (unsigned)popcount(m), &dv)) {
            uint8_t *base = dv->data + in.data.offset;
            unsigned k_old = 0, k_new = 0;
            for (unsigned ch = 0; ch < 4; ch++) {
                if (!(m >> ch & 1)) continue;
                if (ch != drop) {
                    if (k_new != k_old) memmove(base + 4 * b * k_new, base + 4 * b * k_old, 4 * b);
                    k_new++;
                }
                k_old++;
            }
            memset(base + 4 * b * k_new, 0, 4 * b * (k_old - k_new));
        }
        if (try_cand(s)) return 1;
    }
    return 0;
}

/* ---- state-level reductions ---- */
static void remove_var(vo_state *st, uint32_t i)
{
    free(st->vars[i].data);
    memmove(&st->vars[i], &st->vars[i + 1], sizeof st->vars[0] * (st->nvars - i - 1));
    st->nvars--;
}

static void remove_surface(vo_state *st, uint32_t i)
{
    vo_surface_clear(&st->surfaces[i]);
    memmove(&st->surfaces[i], &st->surfaces[i + 1], sizeof st->surfaces[0] * (st->nsurfaces - i - 1));
    st->nsurfaces--;
}

static int t_drop_items(shr *s)
{
    int changed = 0;
    for (uint32_t i = 0; i < cur->state.npreds;) {
        if (start_cand()) return changed;
        memmove(&cand->state.preds[i], &cand->state.preds[i + 1], sizeof cand->state.preds[0] * (cand->state.npreds - i - 1));
        cand->state.npreds--;
        if (try_cand(s)) changed = 1; else i++;
    }
    for (uint32_t i = 0; i < cur->state.naddrs;) {
        if (start_cand()) return changed;
        memmove(&cand->state.addrs[i], &cand->state.addrs[i + 1], sizeof cand->state.addrs[0] * (cand->state.naddrs - i - 1));
        cand->state.naddrs--;
        if (try_cand(s)) changed = 1; else i++;
    }
    for (uint32_t i = 0; i < cur->state.nvars;) {
        if (start_cand()) return changed;
        remove_var(&cand->state, i);
        if (try_cand(s)) changed = 1; else i++;
    }
    for (uint32_t i = 0; i < cur->state.nsurfaces;) {
        if (start_cand()) return changed;
        remove_surface(&cand->state, i);
        if (try_cand(s)) changed = 1; else i++;
    }
    return changed;
}

static int all_zero(const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) if (p[i]) return 0;
    return 1;
}

static int t_zero_vars(shr *s)
{
    int changed = 0;
    for (uint32_t vi = 0; vi < cur->state.nvars; vi++) {
        uint32_t size = cur->state.vars[vi].size, g = 1;
        while (g < size) g *= 2;
        for (; g >= 1; g /= 2) {
            for (uint32_t off = 0; off < size; off += g) {
                uint32_t n = off + g > size ? size - off : g;
                if (all_zero(cur->state.vars[vi].data + off, n)) continue;
                if (start_cand()) return changed;
                memset(cand->state.vars[vi].data + off, 0, n);
                changed |= try_cand(s);
                if (s->trials >= s->max_trials) return changed;
            }
        }
    }
    return changed;
}

static int t_zero_surfaces(shr *s)
{
    static const uint8_t zeros[VO_PAGE_BYTES];
    int changed = 0;
    for (uint32_t si = 0; si < cur->state.nsurfaces; si++) {
        for (uint32_t g = VO_PAGE_BYTES; g >= 1; g /= 4) {
            /* snapshot the page bases: cur changes as candidates are accepted */
            uint32_t np = cur->state.surfaces[si].npages;
            uint64_t *bases = malloc(sizeof *bases * (np ? np : 1));
            if (!bases) return changed;
            for (uint32_t k = 0; k < np; k++) bases[k] = cur->state.surfaces[si].pages[k]->base;
            for (uint32_t k = 0; k < np; k++) {
                for (uint32_t off = 0; off < VO_PAGE_BYTES; off += g) {
                    vo_surface *sf = &cur->state.surfaces[si];
                    uint64_t a = bases[k] + off;
                    if (a >= sf->size) break;
                    uint32_t n = a + g > sf->size ? (uint32_t)(sf->size - a) : g;
                    uint8_t buf[VO_PAGE_BYTES];
                    vo_surface_read(sf, a, buf, n);
                    if (all_zero(buf, n)) continue;
                    if (start_cand()) break;
                    vo_surface *cf = &cand->state.surfaces[si];
                    if (vo_surface_write(&cand->state, cf, a, zeros, n) != 0) continue;
                    vo_surface_compact(cf);
                    changed |= try_cand(s);
                    if (s->trials >= s->max_trials) break;
                }
            }
            free(bases);
            if (g == 1) break;
        }
    }
    return changed;
}

/* issue 32: the address-space parts (flat memory regions, binding-table and
 * surface-state entries) are dropped one at a time, then the regions' bytes
 * zeroed as the surfaces' are */
static int t_drop_space(shr *s)
{
    int changed = 0;
    for (uint32_t i = 0; i < cur->state.nregions;) {
        if (start_cand()) return changed;
        vo_state *st = &cand->state;
        vo_surface_clear(&st->regions[i].mem);
        memmove(&st->regions[i], &st->regions[i + 1], sizeof st->regions[0] * (st->nregions - i - 1));
        st->nregions--;
        if (try_cand(s)) changed = 1; else i++;
    }
    for (uint32_t i = 0; i < cur->state.nbt;) {
        if (start_cand()) return changed;
        memmove(&cand->state.bt[i], &cand->state.bt[i + 1], sizeof cand->state.bt[0] * (cand->state.nbt - i - 1));
        cand->state.nbt--;
        if (try_cand(s)) changed = 1; else i++;
    }
    for (uint32_t i = 0; i < cur->state.nss;) {
        if (start_cand()) return changed;
        memmove(&cand->state.ss[i], &cand->state.ss[i + 1], sizeof cand->state.ss[0] * (cand->state.nss - i - 1));
        cand->state.nss--;
        if (try_cand(s)) changed = 1; else i++;
    }
    return changed;
}

static int t_zero_regions(shr *s)
{
    static const uint8_t zeros[VO_PAGE_BYTES];
    int changed = 0;
    for (uint32_t ri = 0; ri < cur->state.nregions; ri++) {
        for (uint32_t g = VO_PAGE_BYTES; g >= 1; g /= 4) {
            uint32_t np = cur->state.regions[ri].mem.npages;
            uint64_t *bases = malloc(sizeof *bases * (np ? np : 1));
            if (!bases) return changed;
            for (uint32_t k = 0; k < np; k++) bases[k] = cur->state.regions[ri].mem.pages[k]->base;
            for (uint32_t k = 0; k < np; k++) {
                for (uint32_t off = 0; off < VO_PAGE_BYTES; off += g) {
                    vo_surface *m = &cur->state.regions[ri].mem;
                    uint64_t a = bases[k] + off; /* relative to the region's base */
                    if (a >= m->size) break;
                    uint32_t n = a + g > m->size ? (uint32_t)(m->size - a) : g;
                    uint8_t buf[VO_PAGE_BYTES];
                    vo_surface_read(m, a, buf, n);
                    if (all_zero(buf, n)) continue;
                    if (start_cand()) break;
                    vo_surface *cm = &cand->state.regions[ri].mem;
                    if (vo_surface_write(&cand->state, cm, a, zeros, n) != 0) continue;
                    vo_surface_compact(cm);
                    changed |= try_cand(s);
                    if (s->trials >= s->max_trials) break;
                }
            }
            free(bases);
            if (g == 1) break;
        }
    }
    return changed;
}

/* issue 32: an LSC_UNTYPED case's data shape, smallest first: vector size
 * (data_elems code), data size, then the data order (transposed -> not) */
static int t_lsc_shape(shr *s)
{
    static const unsigned roles[3] = { VO_R_DATA_ELEMS, VO_R_DATA_SIZE, VO_R_DATA_ORDER };
    int changed = 0;
    for (unsigned r = 0; r < 3; r++) {
        vo_insn in;
        if (decode(cur, &in) || in.desc->family != VO_FAM_LSC || !has_role(in.desc, roles[r])) return changed;
        uint32_t was = in.val[roles[r]];
        for (uint32_t v = 1; v < was; v++) {
            if (start_cand()) return changed;
            in.val[roles[r]] = v;
            if (encode(cand, &in)) continue;
            if (try_cand(s)) { changed = 1; break; }
        }
    }
    return changed;
}

/* ---- summary numbers ---- */
typedef struct shape { int lanes, exec, chans; uint32_t var_nz, surf_nz, mem_nz, nregions, ntab; } shape;

static void measure(shr *s, const vo_case *c, shape *m)
{
    memset(m, 0, sizeof *m);
    (void)s;
    vo_run(&c->state, c->insn, c->insn_len, &sr);
    m->lanes = popcount(sr.chen);
    vo_insn in;
    if (!decode(c, &in)) {
        vo_ctrl ct;
        vo_insn_ctrl(&in, &ct);
        m->exec = in.desc->family == VO_FAM_BLOCK ? (int)(1u << (in.val[VO_R_OWORD_SIZE] & 7)) : ct.exec_size;
        m->chans = in.desc->family == VO_FAM_FOURCH ? popcount(in.val[VO_R_CHMASK] & 0xF) : 1;
    }
    for (uint32_t i = 0; i < c->state.nvars; i++)
        for (uint32_t b = 0; b < c->state.vars[i].size; b++) m->var_nz += c->state.vars[i].data[b] != 0;
    for (uint32_t i = 0; i < c->state.nsurfaces; i++)
        for (uint32_t k = 0; k < c->state.surfaces[i].npages; k++)
            for (uint32_t b = 0; b < VO_PAGE_BYTES; b++) m->surf_nz += c->state.surfaces[i].pages[k]->bytes[b] != 0;
    for (uint32_t i = 0; i < c->state.nregions; i++)
        for (uint32_t k = 0; k < c->state.regions[i].mem.npages; k++)
            for (uint32_t b = 0; b < VO_PAGE_BYTES; b++) m->mem_nz += c->state.regions[i].mem.pages[k]->bytes[b] != 0;
    m->nregions = c->state.nregions;
    m->ntab = c->state.nbt + c->state.nss;
}

enum { OPT_DUT_LIB = 256, OPT_DUT_CMD, OPT_ID, OPT_TIMEOUT_MS, OPT_MAX_TRIALS, OPT_STARTUP_MS, OPT_MAX_CONSEC, OPT_CONFIRM };
static const struct option shrink_opts[] = {
    { "dut-lib", required_argument, NULL, OPT_DUT_LIB },
    { "dut-cmd", required_argument, NULL, OPT_DUT_CMD },
    { "id", required_argument, NULL, OPT_ID },
    { "output", required_argument, NULL, 'o' },
    { "timeout-ms", required_argument, NULL, OPT_TIMEOUT_MS },
    { "max-trials", required_argument, NULL, OPT_MAX_TRIALS },
    { "startup-ms", required_argument, NULL, OPT_STARTUP_MS },
    { "max-consecutive-failures", required_argument, NULL, OPT_MAX_CONSEC },
    { "confirm", required_argument, NULL, OPT_CONFIRM },
    { NULL, 0, NULL, 0 },
};

int cmd_shrink(int argc, char **argv)
{
    const char *path = NULL, *id = NULL, *lib = NULL, *cmd = NULL, *out = NULL;
    int timeout_ms = 10000, startup_ms = VO_STARTUP_MS_DEFAULT;
    long max_trials = 20000, max_consec = 20, confirm = 5;
    cli_getopt g;
    cli_getopt_init(&g, "shrink", argc, argv, shrink_opts);
    for (int c; (c = cli_getopt_next(&g)) != -1;) {
        long n;
        switch (c) {
        case CLI_OPT_HELP: fputs(shrink_help, stdout); return VO_EXIT_OK;
        case OPT_DUT_LIB: lib = g.arg; break;
        case OPT_DUT_CMD: cmd = g.arg; break;
        case OPT_ID: id = g.arg; break;
        case 'o': out = g.arg; break;
        case OPT_CONFIRM:
            if (cli_parse_count(g.arg, 1, &n) != 0 || n > 1000)
                return cli_fail(VO_EXIT_BAD, "shrink: --confirm wants a number 1..1000, not '%s'", g.arg);
            confirm = n;
            break;
        case OPT_TIMEOUT_MS:
        case OPT_MAX_TRIALS:
            if (cli_parse_count(g.arg, 1, &n) != 0)
                return cli_fail(VO_EXIT_BAD, "shrink: %s wants a positive number, not '%s'", g.name, g.arg);
            if (c == OPT_TIMEOUT_MS) timeout_ms = (int)n; else max_trials = n;
            break;
        case OPT_STARTUP_MS:
        case OPT_MAX_CONSEC:
            if (cli_parse_count(g.arg, 0, &n) != 0)
                return cli_fail(VO_EXIT_BAD, "shrink: %s wants a number 0..86400000, not '%s'", g.name, g.arg);
            if (c == OPT_STARTUP_MS) startup_ms = (int)n; else max_consec = n;
            break;
        default: return VO_EXIT_BAD;
        }
    }
    for (int i = g.first_operand; i < argc; i++) {
        if (path) return cli_fail(VO_EXIT_BAD, "shrink: more than one case file");
        path = argv[i];
    }
    if (!path) return cli_fail(VO_EXIT_BAD, "shrink: no case file (try 'visa-oracle shrink --help')");
    if ((lib != NULL) + (cmd != NULL) != 1) return cli_fail(VO_EXIT_BAD, "shrink: give exactly one of --dut-lib, --dut-cmd");

    char err[512], tid[17] = "", outbuf[4096];
    if (!out) { /* D251: shrunk/<case>.shrunk.json under the current directory, never beside the input */
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        size_t n = strlen(base);
        if (n > 8 && !strcmp(base + n - 8, ".json.gz")) n -= 8;
        else if (n > 5 && !strcmp(base + n - 5, ".json")) n -= 5;
        if (n + 24 > sizeof outbuf) return cli_fail(VO_EXIT_BAD, "shrink: case path too long");
        snprintf(outbuf, sizeof outbuf, "shrunk/%.*s.shrunk.json", (int)n, base);
        if (mkdir("shrunk", 0777) != 0 && errno != EEXIST)
            return cli_fail(VO_EXIT_FAIL, "shrink: cannot create the directory 'shrunk': %s", strerror(errno));
        out = outbuf;
    }
    vo_case_init(&A);
    vo_case_init(&B);
    cur = &A;
    cand = &B;
    if (vo_load_one_case(path, id, cur, tid, err, sizeof err) != 0) return cli_fail(VO_EXIT_BAD, "shrink: %s", err);
    shr s;
    memset(&s, 0, sizeof s);
    s.max_trials = (unsigned)max_trials;
    s.max_consec = max_consec;
    s.d = lib ? vo_dut_open_lib(lib, err, sizeof err) : vo_dut_open_cmd(cmd, timeout_ms, err, sizeof err);
    int rc = VO_EXIT_OK;
    if (!s.d) {
        rc = cli_fail(VO_EXIT_BAD, "shrink: %s", err);
        goto done;
    }
    vo_dut_set_startup_ms(s.d, startup_ms);
    vo_result_init(&sr);
    vo_dut_out_init(&so);
    int j = judge(&s, cur);
    if (j < 0) {
        rc = cli_fail(VO_EXIT_BAD, "shrink: cannot run the DUT: %s", so.msg);
        goto done;
    }
    if (j > 0) {
        rc = cli_fail(VO_EXIT_BAD, "shrink: the DUT passes this case (test %s): nothing to shrink", tid[0] ? tid : "-");
        goto done;
    }
    if (sv.unsupported) {
        rc = cli_fail(VO_EXIT_BAD, "shrink: the DUT does not support this case (test %s: %s): nothing to shrink",
                      tid[0] ? tid : "-", sv.detail);
        goto done;
    }
    snprintf(s.bucket, sizeof s.bucket, "%s", sv.bucket);
    count_failure(&s, 1, "the case");
    shape before, after;
    measure(&s, cur, &before);

    int changed;
    do {
        changed = 0;
        changed |= t_pred(&s);
        changed |= t_nomask(&s);
        changed |= t_mask_off(&s);
        changed |= t_lanes(&s);
        changed |= t_relocate(&s);
        changed |= t_exec_size(&s);
        changed |= t_channels(&s);
        changed |= t_drop_items(&s);
        changed |= t_zero_vars(&s);
        changed |= t_zero_surfaces(&s);
        changed |= t_drop_space(&s);
        changed |= t_zero_regions(&s);
        changed |= t_lsc_shape(&s);
    } while (changed && s.trials < s.max_trials);

    if (s.stopped) {
        rc = cli_fail(VO_EXIT_FAIL,
                      "shrink: stopped after %ld consecutive DUT failures (crash/timeout/garbage) in %u trial(s); "
                      "last: %s; bucket %s; no case written (--max-consecutive-failures 0 never stops)",
                      s.consec, s.trials, s.last_fail, s.bucket);
        goto done;
    }
    measure(&s, cur, &after);
    /* the final case is run --confirm times (issue 30 point 11; D240): a flaky
     * DUT that failed it by chance is said, and the count goes in the case */
    long nfail = 0;
    for (long k = 0; k < confirm; k++) {
        j = judge(&s, cur); /* leaves sr = the oracle's result for cur */
        if (j == 0 && strcmp(sv.bucket, s.bucket) == 0) nfail++;
    }
    if (nfail == 0) {
        rc = cli_fail(VO_EXIT_FAIL, "shrink: the reduced case failed as %s in none of %ld runs (a flaky DUT?): no case "
                      "written", s.bucket, confirm);
        goto done;
    }
    char comment[256];
    if (nfail < confirm)
        snprintf(comment, sizeof comment, "shrunk from %s: %s (failed %ld of %ld runs)", tid[0] ? tid : "-", s.bucket,
                 nfail, confirm);
    else
        snprintf(comment, sizeof comment, "shrunk from %s: %s", tid[0] ? tid : "-", s.bucket);
    char *test = vo_test_to_json(cur, &sr, comment);
    if (!test) {
        rc = cli_fail(VO_EXIT_FAIL, "shrink: out of memory");
        goto done;
    }
    size_t tl = strlen(test), cap = tl + 512;
    char *doc = malloc(cap);
    if (!doc) {
        free(test);
        rc = cli_fail(VO_EXIT_FAIL, "shrink: out of memory");
        goto done;
    }
    int dl = snprintf(doc, cap,
                      "{\"format\":\"visa-vectors/%d\",\"instruction\":\"%s\",\"generator\":{\"name\":\"visa-oracle shrink\","
                      "\"version\":\"%s\",\"seed\":0},\"spec\":\"intel-graphics-compiler documentation/visa @98fff716\","
                      "\"tests\":[%s]}\n",
                      /* /2 when the state uses flat memory or the surface tables (docs/format.md) */
                      cur->state.nregions || cur->state.nbt || cur->state.nss || cur->state.ntyped ? 2 : 1, sv.mnemonic, VO_VERSION_STRING, test);
    free(test);
    if (dl < 0 || (size_t)dl >= cap) {
        free(doc);
        rc = cli_fail(VO_EXIT_FAIL, "shrink: internal: output too long");
        goto done;
    }
    if (cli_write_atomic(out, doc, (size_t)dl) != 0) {
        rc = cli_fail(VO_EXIT_FAIL, "shrink: cannot write '%s': %s", out, strerror(errno));
        free(doc);
        goto done;
    }
    free(doc);
    if (!s.alive) /* D91 */
        fprintf(stderr, "shrink: note: the DUT never answered a run normally (only %s): it may fail on every input\n",
                vo_dut_status_name((unsigned)so.status));
    if (nfail < confirm)
        fprintf(stderr, "shrink: warning: the DUT is flaky on the shrunk case: it failed as %s in %ld of %ld runs\n",
                s.bucket, nfail, confirm);
    fprintf(stderr,
            "shrink: %s: lanes %d -> %d, exec size %d -> %d, channels %d -> %d, non-zero var bytes %u -> %u, "
            "non-zero surface bytes %u -> %u, memory regions %u -> %u, non-zero memory bytes %u -> %u, "
            "table entries %u -> %u (%u trials; the final case failed in %ld of %ld runs); wrote %s\n",
            s.bucket, before.lanes, after.lanes, before.exec, after.exec, before.chans, after.chans, before.var_nz,
            after.var_nz, before.surf_nz, after.surf_nz, before.nregions, after.nregions, before.mem_nz, after.mem_nz,
            before.ntab, after.ntab, s.trials, nfail, confirm, out);
done:
    if (s.d) vo_dut_close(s.d);
    vo_result_free(&sr);
    vo_dut_out_free(&so);
    vo_case_free(&A);
    vo_case_free(&B);
    return rc;
}
