/* The .isa kernel-file reader (include/visa_isa.h, docs/kernels.md "The .isa
 * reader"). A cursor over the file's bytes; every read checks the bytes left,
 * every count is capped and checked against the bytes left before allocating. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "visa_isa.h"

#include "isa_ops.inc"

#define MAX_OBJECTS 256u
#define MAX_STRINGS 65536u
#define MAX_STRLEN 1023u
#define MAX_VARS 65536u
#define MAX_DECLS 4096u
#define MAX_INSNS (1u << 20)

typedef struct cur {
    const uint8_t *b;
    size_t n, pos;
    vo_error *err;
    int failed;
} cur;

static int fail(cur *c, vo_errcode code, const char *field, size_t off, const char *fmt, ...)
{
    if (c->failed) return -1;
    c->failed = 1;
    if (c->err) {
        c->err->code = code;
        c->err->field = field;
        c->err->offset = (int64_t)off;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(c->err->message, sizeof c->err->message, fmt, ap);
        va_end(ap);
    }
    return -1;
}

static int rd(cur *c, unsigned width, uint32_t *v, const char *field)
{
    if (c->failed) return -1;
    if (c->n - c->pos < width)
        return fail(c, VO_E_TRUNCATED, field, c->pos, "the file ends inside %s (%u bytes, %zu left)", field, width,
                    c->n - c->pos);
    uint32_t x = 0;
    for (unsigned i = 0; i < width; i++) x |= (uint32_t)c->b[c->pos + i] << (8 * i);
    c->pos += width;
    *v = x;
    return 0;
}

static int skip(cur *c, size_t k, const char *field)
{
    if (c->failed) return -1;
    if (c->n - c->pos < k)
        return fail(c, VO_E_TRUNCATED, field, c->pos, "the file ends inside %s (%zu bytes, %zu left)", field, k,
                    c->n - c->pos);
    c->pos += k;
    return 0;
}

/* a count: capped, and each element needs at least min_bytes of what is left */
static int count(cur *c, unsigned width, uint32_t cap, size_t min_bytes, uint32_t *v, const char *field)
{
    size_t at = c->pos;
    if (rd(c, width, v, field)) return -1;
    if (*v > cap) return fail(c, VO_E_STATE_CAP, field, at, "%s %u is above the cap %u", field, *v, cap);
    if (min_bytes && (size_t)*v > (c->n - c->pos) / min_bytes)
        return fail(c, VO_E_TRUNCATED, field, at, "%s %u: the file holds fewer", field, *v);
    return 0;
}

const char *vo_isa_layout_name(int layout)
{
    static const char *const n[3] = { "full", "full_no_ssidx", "igc_1.0.12504_truncated" };
    return layout >= 0 && layout < 3 ? n[layout] : "?";
}

static const struct isa_op *op_row(uint8_t opcode, uint8_t subop)
{
    const struct isa_op *t = NULL;
    size_t nt = 0;
    if (!(isa_flags[opcode] & F_SUB))
        return opcode < sizeof isa_ops / sizeof isa_ops[0] && isa_ops[opcode].items ? &isa_ops[opcode] : NULL;
    if (opcode == VO_ISA_OP_SVM) t = isa_svm_ops, nt = sizeof isa_svm_ops / sizeof isa_svm_ops[0];
    else if (opcode == VO_ISA_OP_LSC_UNTYPED) t = isa_lsc_untyped_ops, nt = sizeof isa_lsc_untyped_ops / sizeof isa_lsc_untyped_ops[0];
    else t = isa_lsc_typed_ops, nt = sizeof isa_lsc_typed_ops / sizeof isa_lsc_typed_ops[0];
    return subop < nt && t[subop].items ? &t[subop] : NULL;
}

unsigned vo_isa_op_class(uint8_t opcode)
{
    unsigned f = isa_flags[opcode];
    return ((f & F_LABEL) ? VO_ISA_LABEL : 0u) | ((f & F_MEMORY) ? VO_ISA_MEMORY : 0u) |
           ((f & F_SAMPLER3D) ? VO_ISA_SAMPLER3D : 0u);
}

const char *vo_isa_op_name(uint8_t opcode, uint8_t subop)
{
    const struct isa_op *r = op_row(opcode, subop);
    return r ? r->name : "?";
}

/* ---- attributes and declarations ---- */

static int attrs(cur *c, uint32_t n, unsigned vid, uint32_t nstrings)
{
    for (uint32_t i = 0; i < n && !c->failed; i++) {
        uint32_t name = 0, size = 0;
        size_t at = c->pos;
        if (rd(c, vid, &name, "attribute.name")) return -1;
        if (name >= nstrings)
            return fail(c, VO_E_STATE, "attribute.name", at, "string index %u out of range (%u strings)", name,
                        nstrings);
        if (rd(c, 1, &size, "attribute.size") || skip(c, size, "attribute.value")) return -1;
    }
    return c->failed ? -1 : 0;
}

static int name_ok(cur *c, uint32_t idx, uint32_t nstrings, size_t at, const char *field)
{
    if (idx >= nstrings)
        return fail(c, VO_E_STATE, field, at, "string index %u out of range (%u strings)", idx, nstrings);
    return 0;
}

/* ---- the instruction stream ---- */

/* one vector operand; returns its length or 0 with *why set */
static size_t vec_len(const uint8_t *p, size_t left, unsigned vid, const char **why)
{
    if (left < 1) { *why = "vector operand tag"; return 0; }
    size_t k;
    switch (p[0] & 7) { /* operand class: 0 general .. 6 state */
    case 0: k = 1 + vid + 4; break; /* general: id, row ub, col ub, region uw */
    case 1: k = 5; break;           /* address: id uw, offset ub, width ub */
    case 2: k = 3; break;           /* predicate: id uw */
    case 3: k = 9; break;           /* indirect: addr uw, addr_off ub, off w, props ub, region uw */
    case 5:                         /* immediate: type ub, 4 or 8 bytes */
        if (left < 2) { *why = "immediate type"; return 0; }
        k = 2 + (((p[1] & 15) == 6 || (p[1] & 15) == 11 || (p[1] & 15) == 13) ? 8 : 4);
        break;
    case 6: k = 5; break; /* state: class ub, id uw, offset ub */
    default: *why = "vector operand tag (kind 4 address-of or 7)"; return 0;
    }
    if (k > left) { *why = "vector operand"; return 0; }
    return k;
}

/* walks one instruction at p in the given layout; 0 and *len / *dropped, or -1 and *why */
static int walk_insn(const uint8_t *p, size_t left, unsigned vid, int layout, uint8_t *subop, uint32_t *len,
                     uint8_t *dropped, uint32_t *dmin, uint32_t *dmax, const char **why)
{
    size_t pos = 1;
    uint8_t op = p[0];
    *subop = 0;
    const struct isa_op *row;
    char items[40];
    unsigned fl = isa_flags[op];
    if (fl & F_SUB) {
        if (left < 2) { *why = "sub-opcode"; return -1; }
        *subop = p[1];
        pos = 2;
        row = op_row(op, p[1]);
        if (!row) { *why = "sub-opcode unknown"; return -1; }
        items[0] = 'S';
        snprintf(items + 1, sizeof items - 1, "%s", row->items);
    } else {
        row = op_row(op, 0);
        if (!row) { *why = "opcode unknown"; return -1; }
        if (fl & F_NOLAYOUT) { *why = "layout not known (VA sub-opcodes)"; return -1; }
        snprintf(items, sizeof items, "%s", row->items);
    }
    /* LSC: the ud after the Surface operand (ss_idx) exists only in the newest layout (D222, D223) */
    if ((fl & F_SSIDX) && layout != VO_ISA_FULL) {
        char *v = strchr(items, 'V');
        if (v && v[1] == '4') memmove(v + 1, v + 2, strlen(v + 2) + 1);
    }
    size_t nitems = strlen(items), nops = 0;
    for (size_t i = 0; i < nitems; i++) nops += items[i] != 'X' && items[i] != 'P';
    size_t limit = nitems;
    int is3d = (fl & F_LIST_RAW) != 0, islbl = (fl & F_LIST_LABEL) != 0;
    /* D223: IGC 1.0.12504 writes as many descriptor items as the instruction has operands; the 3D
     * sampler messages and switchjmp have more operands than items (their trailing lists), so all
     * their items are written and only the list is lost (a list of one operand is not supported) */
    if (layout == VO_ISA_IGC12504 && !is3d && !islbl) limit = nops < nitems ? nops : nitems;
    uint32_t nextra = 0; /* 3D sampler: raw operands after the count; switchjmp: labels */
    for (size_t i = 0; i < limit; i++) {
        char t = items[i];
        size_t k;
        switch (t) {
        case 'S': k = 0; break; /* already read */
        case 'X': k = 1; break;
        case 'P': k = 2; break;
        case 'R': k = (size_t)vid + 2; break;
        case 'V': {
            k = vec_len(p + pos, left - pos, vid, why);
            if (!k) return -1;
            break;
        }
        default: k = (size_t)(t - '0'); break;
        }
        if (k > left - pos) { *why = "operand past the end of the body"; return -1; }
        if ((is3d && i == nitems - 1) || (islbl && i == 1)) nextra = p[pos];
        pos += k;
        if (islbl && i == 1) { /* switchjmp: exec, count, index, then `count` labels */
            if (layout == VO_ISA_IGC12504) limit = 2 + (size_t)nextra < nitems ? 2 + (size_t)nextra : nitems;
            else limit = nitems - 1; /* the labels are the list below */
        }
    }
    if (layout != VO_ISA_IGC12504 && (is3d || islbl)) {
        size_t each = is3d ? (size_t)vid + 2 : 2;
        if ((size_t)nextra * each > left - pos) { *why = "operand list past the end of the body"; return -1; }
        pos += (size_t)nextra * each;
    }
    size_t lost = 0;
    *dmin = *dmax = 0;
    if (layout == VO_ISA_IGC12504) { /* what the loop did not write (D223) */
        size_t upto = islbl ? nitems - 1 : nitems; /* switchjmp's label item is its list's first */
        for (size_t i = limit; i < upto; i++) {
            char t = items[i];
            if (t == 'X' || t == 'P') continue;
            lost++;
            if (t == 'R') *dmin += vid + 2, *dmax += vid + 2;
            else if (t == 'V') *dmin += 3, *dmax += 10; /* a predicate operand .. a 64-bit immediate */
            else *dmin += (uint32_t)(t - '0'), *dmax += (uint32_t)(t - '0');
        }
        uint32_t nlist = is3d ? nextra : islbl ? nextra - (limit == nitems && nextra ? 1u : 0u) : 0u;
        uint32_t each = is3d ? vid + 2 : 2;
        *dmin += nlist * each, *dmax += nlist * each;
        lost += nlist;
    }
    *dropped = (uint8_t)lost;
    *len = (uint32_t)pos;
    return 0;
}

/* walks a whole body; returns 0, or -1 with the index and offset where it stopped.
 * VO_ISA_IGC12504 (D223): IGC 1.0.12504 declares the body's full size but writes only the
 * operands its loop reaches, so the body ends in bytes it never wrote. The stream ends at the
 * last instruction boundary where the bytes left lie between the least and the most the
 * dropped operands can take (a vector operand 3..10 bytes, the rest exact). */
static int walk_body(const uint8_t *b, size_t n, unsigned vid, int layout, vo_isa_insn *out, uint32_t cap,
                     uint32_t *ninsns, size_t *stop, const char **why)
{
    size_t pos = 0, end_pos = 0;
    uint32_t k = 0, end_k = 0;
    uint64_t smin = 0, smax = 0;
    int have_end = 0, after_ret = 0;
    if (layout == VO_ISA_IGC12504 && n == 0) have_end = 1;
    while (pos < n) {
        if (layout == VO_ISA_IGC12504 && after_ret && !have_end && n - pos >= smin && n - pos <= smax)
            have_end = 1, end_pos = pos, end_k = k;
        if (layout == VO_ISA_IGC12504 && n - pos < smin) break;
        if (k >= cap) {
            if (layout == VO_ISA_IGC12504 && have_end) break;
            *why = "more instructions than the cap";
            *ninsns = k;
            *stop = pos;
            return -1;
        }
        uint8_t sub = 0, drop = 0;
        uint32_t len = 0, dmin = 0, dmax = 0;
        if (walk_insn(b + pos, n - pos, vid, layout, &sub, &len, &drop, &dmin, &dmax, why)) {
            if (layout == VO_ISA_IGC12504 && have_end) break;
            *ninsns = k;
            *stop = pos;
            return -1;
        }
        if (out && k < cap) {
            out[k].offset = (uint32_t)pos;
            out[k].len = len;
            out[k].opcode = b[pos];
            out[k].subop = sub;
            out[k].dropped = drop;
        }
        smin += dmin;
        smax += dmax;
        after_ret = (isa_flags[b[pos]] & F_RET) != 0;
        pos += len;
        k++;
    }
    if (layout == VO_ISA_IGC12504) {
        if (pos == n && smin == 0) have_end = 1, end_pos = pos, end_k = k;
        if (!have_end) {
            *why = "the bytes left never match what the dropped operands take";
            *ninsns = k;
            *stop = pos < n ? pos : n;
            return -1;
        }
        *ninsns = end_k;
        *stop = end_pos;
        return 0;
    }
    *ninsns = k;
    *stop = pos;
    return 0;
}

/* ---- one kernel / function object ---- */

static int read_object(cur *fc, vo_isa_object *o, uint16_t ver)
{
    cur c = { fc->b, (size_t)o->offset + o->size, o->offset, fc->err, 0 };
    unsigned vid = ver >= 304 ? 4 : 2;
    uint32_t v = 0;
    if (count(&c, vid, MAX_STRINGS, 1, &o->nstrings, "string_count")) goto bad;
    /* the strings: NUL-terminated, copied once into strbuf */
    size_t start = c.pos, total = 0;
    for (uint32_t i = 0; i < o->nstrings; i++) {
        const uint8_t *z = memchr(c.b + c.pos, 0, c.n - c.pos);
        if (!z) { fail(&c, VO_E_TRUNCATED, "strings", c.pos, "string %u has no NUL before the object's end", i); goto bad; }
        size_t len = (size_t)(z - (c.b + c.pos));
        if (len > MAX_STRLEN) { fail(&c, VO_E_STATE_CAP, "strings", c.pos, "string %u is %zu characters (cap %u)", i, len, MAX_STRLEN); goto bad; }
        c.pos += len + 1;
        total += len + 1;
    }
    o->strbuf = malloc(total ? total : 1);
    o->strings = calloc(o->nstrings ? o->nstrings : 1, sizeof *o->strings);
    if (!o->strbuf || !o->strings) { fail(&c, VO_E_OOM, "strings", start, "out of memory"); goto bad; }
    memcpy(o->strbuf, c.b + start, total);
    for (uint32_t i = 0, at = 0; i < o->nstrings; i++) {
        o->strings[i] = o->strbuf + at;
        at += (uint32_t)strlen(o->strbuf + at) + 1;
    }
    size_t at = c.pos;
    if (rd(&c, vid, &v, "name_index") || name_ok(&c, v, o->nstrings, at, "name_index")) goto bad;
    at = c.pos;
    if (count(&c, vid, MAX_VARS, 8, &o->nvars, "variable_count")) goto bad;
    o->vars = calloc(o->nvars ? o->nvars : 1, sizeof *o->vars);
    if (!o->vars) { fail(&c, VO_E_OOM, "variables", at, "out of memory"); goto bad; }
    for (uint32_t i = 0; i < o->nvars; i++) {
        vo_isa_var *x = &o->vars[i];
        uint32_t nm = 0, bp = 0, ne = 0, al = 0, ao = 0, sc = 0, na = 0;
        at = c.pos;
        if (rd(&c, vid, &nm, "var.name_index") || name_ok(&c, nm, o->nstrings, at, "var.name_index")) goto bad;
        if (rd(&c, 1, &bp, "var.bit_properties") || rd(&c, 2, &ne, "var.num_elements")) goto bad;
        at = c.pos;
        if (rd(&c, vid, &al, "var.alias_index")) goto bad;
        if (al >= 32 + o->nvars) { fail(&c, VO_E_STATE, "var.alias_index", at, "variable %u: alias %u is not declared", 32 + i, al); goto bad; }
        if (rd(&c, 2, &ao, "var.alias_offset") || rd(&c, 1, &sc, "var.alias_scope") ||
            rd(&c, 1, &na, "var.attribute_count") || attrs(&c, na, vid, o->nstrings))
            goto bad;
        x->id = 32 + i;
        x->type = (uint8_t)(bp & 15);
        x->align = (uint8_t)(bp >> 4);
        x->num_elts = (uint16_t)ne;
        x->alias = al;
        x->alias_off = (uint16_t)ao;
        x->name = o->strings[nm];
    }
    /* address, predicate, label declarations */
    uint16_t *counts[2] = { &o->naddrs, &o->npreds };
    uint16_t **elts[2] = { &o->addr_elts, &o->pred_elts };
    static const char *const what[2] = { "address_count", "predicate_count" };
    for (int d = 0; d < 2; d++) {
        at = c.pos;
        if (count(&c, 2, MAX_DECLS, (size_t)vid + 3, &v, what[d])) goto bad;
        *counts[d] = (uint16_t)v;
        *elts[d] = calloc(v ? v : 1, sizeof **elts[d]);
        if (!*elts[d]) { fail(&c, VO_E_OOM, what[d], at, "out of memory"); goto bad; }
        for (uint32_t i = 0; i < v; i++) {
            uint32_t nm = 0, ne = 0, na = 0;
            at = c.pos;
            if (rd(&c, vid, &nm, "decl.name_index") || name_ok(&c, nm, o->nstrings, at, "decl.name_index") ||
                rd(&c, 2, &ne, "decl.num_elements") || rd(&c, 1, &na, "decl.attribute_count") ||
                attrs(&c, na, vid, o->nstrings))
                goto bad;
            (*elts[d])[i] = (uint16_t)ne;
        }
    }
    if (count(&c, 2, MAX_DECLS, (size_t)vid + 2, &v, "label_count")) goto bad;
    o->nlabels = (uint16_t)v;
    for (uint32_t i = 0; i < v; i++) {
        uint32_t nm = 0, kind = 0, na = 0;
        at = c.pos;
        if (rd(&c, vid, &nm, "label.name_index") || name_ok(&c, nm, o->nstrings, at, "label.name_index") ||
            rd(&c, 1, &kind, "label.kind") || rd(&c, 1, &na, "label.attribute_count") ||
            attrs(&c, na, vid, o->nstrings))
            goto bad;
    }
    /* samplers then surfaces: state_info */
    for (int d = 0; d < 2; d++) {
        const char *f = d ? "surface_count" : "sampler_count";
        at = c.pos;
        if (count(&c, 1, 255, (size_t)vid + 3, &v, f)) goto bad;
        if (d) {
            o->nsurfaces = (uint8_t)v;
            o->surface_elts = calloc(v ? v : 1, sizeof *o->surface_elts);
            if (!o->surface_elts) { fail(&c, VO_E_OOM, f, at, "out of memory"); goto bad; }
        } else {
            o->nsamplers = (uint8_t)v;
        }
        for (uint32_t i = 0; i < v; i++) {
            uint32_t nm = 0, ne = 0, na = 0;
            at = c.pos;
            if (rd(&c, vid, &nm, "state.name_index") || name_ok(&c, nm, o->nstrings, at, "state.name_index") ||
                rd(&c, 2, &ne, "state.num_elements") || rd(&c, 1, &na, "state.attribute_count") ||
                attrs(&c, na, vid, o->nstrings))
                goto bad;
            if (d) o->surface_elts[i] = (uint16_t)ne;
        }
    }
    at = c.pos;
    if (rd(&c, 1, &v, "vme_count")) goto bad;
    if (v != 0) { fail(&c, VO_E_STATE, "vme_count", at, "vme_count %u: must be 0", v); goto bad; }
    if (!o->is_function) {
        if (count(&c, ver >= 305 ? 4 : 1, MAX_VARS, (size_t)vid + 5, &o->ninputs, "num_inputs")) goto bad;
        for (uint32_t i = 0; i < o->ninputs; i++) {
            uint32_t kind = 0, id = 0, off = 0, sz = 0;
            if (rd(&c, 1, &kind, "input.kind") || rd(&c, vid, &id, "input.id") || rd(&c, 2, &off, "input.offset") ||
                rd(&c, 2, &sz, "input.size"))
                goto bad;
        }
    }
    uint32_t size = 0, entry = 0;
    size_t size_at = c.pos;
    if (rd(&c, 4, &size, "size") || rd(&c, 4, &entry, "entry")) goto bad;
    if (o->is_function) {
        uint32_t x = 0;
        if (rd(&c, 1, &x, "input_size") || rd(&c, 1, &x, "return_value_size")) goto bad;
    }
    if (count(&c, 2, 255, (size_t)vid + 1, &v, "attribute_count") || attrs(&c, v, vid, o->nstrings)) goto bad;
    if (entry > o->size || size > o->size - entry) {
        fail(&c, VO_E_STATE, "size", size_at, "instructions at +%u, %u bytes: past the object's %u bytes", entry, size,
             o->size);
        goto bad;
    }
    if (o->offset + entry < c.pos) {
        fail(&c, VO_E_STATE, "entry", size_at + 4, "entry +%u overlaps the declarations (they end at +%zu)", entry,
             c.pos - o->offset);
        goto bad;
    }
    o->code_offset = o->offset + entry;
    o->code_size = size;
    /* D223: the first layout the whole body walks in */
    const uint8_t *body = c.b + o->code_offset;
    uint32_t best_n = 0;
    size_t best_stop = 0;
    const char *best_why = "";
    int best_layout = 0;
    o->layout = -1;
    for (int layout = VO_ISA_FULL; layout <= VO_ISA_IGC12504; layout++) {
        uint32_t k = 0;
        size_t stop = 0;
        const char *why = "";
        if (walk_body(body, size, vid, layout, NULL, MAX_INSNS, &k, &stop, &why) == 0) {
            o->layout = layout;
            o->ninsns = k;
            o->code_used = (uint32_t)stop;
            break;
        }
        if (layout == VO_ISA_FULL || stop > best_stop) {
            best_n = k, best_stop = stop, best_why = why, best_layout = layout;
        }
    }
    if (o->layout < 0) {
        fail(&c, VO_E_STATE, "instructions", o->code_offset + best_stop,
             "%s '%s': instruction %u (opcode 0x%02X) at byte %zu of the body: %s; the stream does not walk in any "
             "known layout (%s got furthest)",
             o->is_function ? "function" : "kernel", o->name, best_n, best_stop < size ? body[best_stop] : 0u,
             best_stop, best_why, vo_isa_layout_name(best_layout));
        goto bad;
    }
    o->insns = calloc(o->ninsns ? o->ninsns : 1, sizeof *o->insns);
    if (!o->insns) { fail(&c, VO_E_OOM, "instructions", o->code_offset, "out of memory"); goto bad; }
    {
        uint32_t k = 0;
        size_t stop = 0;
        const char *why = "";
        walk_body(body, size, vid, o->layout, o->insns, o->ninsns, &k, &stop, &why);
        for (uint32_t i = 0; i < k; i++) o->insns[i].offset += o->code_offset;
    }
    return 0;
bad:
    fc->failed = 1;
    return -1;
}

void vo_isa_free(vo_isa_file *f)
{
    if (!f) return;
    for (uint32_t i = 0; f->objects && i < f->nobjects; i++) {
        vo_isa_object *o = &f->objects[i];
        free(o->strings);
        free(o->strbuf);
        free(o->vars);
        free(o->addr_elts);
        free(o->pred_elts);
        free(o->surface_elts);
        free(o->insns);
    }
    free(f->objects);
    memset(f, 0, sizeof *f);
}

static int read_entry(cur *c, vo_isa_object *o, int fn, uint16_t ver)
{
    uint32_t v = 0, len = 0;
    if (fn && rd(c, 1, &v, "function.linkage")) return -1;
    size_t at = c->pos;
    if (rd(c, ver >= 307 ? 2 : 1, &len, "name_len") || skip(c, len, "name")) return -1;
    if (len >= sizeof o->name) return fail(c, VO_E_STATE_CAP, "name_len", at, "name of %u bytes (cap %zu)", len, sizeof o->name - 1);
    memcpy(o->name, c->b + c->pos - len, len);
    o->name[len] = 0;
    for (uint32_t i = 0; i < len; i++)
        if ((unsigned char)o->name[i] < 0x20) o->name[i] = '?';
    at = c->pos;
    if (rd(c, 4, &o->offset, "offset") || rd(c, 4, &o->size, "size")) return -1;
    if (o->offset > c->n || o->size > c->n - o->offset)
        return fail(c, VO_E_STATE, "offset", at, "%s '%s' at %u, %u bytes: outside the file's %zu bytes",
                    fn ? "function" : "kernel", o->name, o->offset, o->size, c->n);
    if (!fn && rd(c, 4, &v, "input_offset")) return -1;
    uint32_t vs = 0, fs = 0;
    at = c->pos;
    if (rd(c, 2, &vs, "num_syms_variable") || rd(c, 2, &fs, "num_syms_function")) return -1;
    if (vs || fs) return fail(c, VO_E_STATE, "num_syms_variable", at, "relocation symbols (%u, %u): must be 0", vs, fs);
    if (!fn) {
        uint32_t nb = 0;
        if (rd(c, 1, &nb, "num_gen_binaries")) return -1;
        for (uint32_t i = 0; i < nb; i++) {
            uint32_t plat = 0, off = 0, sz = 0;
            at = c->pos;
            if (rd(c, 1, &plat, "gen_binary.platform") || rd(c, 4, &off, "gen_binary.offset") ||
                rd(c, 4, &sz, "gen_binary.size"))
                return -1;
            if (off > c->n || sz > c->n - off)
                return fail(c, VO_E_STATE, "gen_binary.offset", at + 1, "binary at %u, %u bytes: outside the file", off, sz);
        }
    }
    o->is_function = fn;
    return 0;
}

int vo_isa_read(const uint8_t *buf, size_t n, vo_isa_file *out, vo_error *err)
{
    memset(out, 0, sizeof *out);
    if (err) memset(err, 0, sizeof *err);
    cur c = { buf, n, 0, err, 0 };
    if (n > VO_ISA_MAX_FILE) return fail(&c, VO_E_STATE_CAP, "file", 0, "file of %zu bytes (cap %u)", n, VO_ISA_MAX_FILE);
    uint32_t magic = 0, maj = 0, min = 0, nk = 0, nf = 0, v = 0;
    if (rd(&c, 4, &magic, "magic")) return -1;
    if (magic != 0x41534943u) return fail(&c, VO_E_STATE, "magic", 0, "not a vISA file (magic 0x%08X, want \"CISA\")", magic);
    if (rd(&c, 1, &maj, "major") || rd(&c, 1, &min, "minor")) return -1;
    uint16_t ver = (uint16_t)(maj * 100 + min);
    if (maj != 3 && !(maj == 4 && min <= 1))
        return fail(&c, VO_E_STATE, "major", 4, "vISA %u.%u: this reader knows 3.0..4.1", maj, min);
    out->major = (uint8_t)maj;
    out->minor = (uint8_t)min;
    if (count(&c, 2, MAX_OBJECTS, 16, &nk, "num_kernels")) return -1;
    vo_isa_object *objs = calloc(nk ? nk : 1, sizeof *objs);
    if (!objs) return fail(&c, VO_E_OOM, "num_kernels", 6, "out of memory");
    out->objects = objs;
    out->nobjects = nk;
    for (uint32_t i = 0; i < nk; i++)
        if (read_entry(&c, &objs[i], 0, ver)) goto bad;
    size_t at = c.pos;
    if (rd(&c, 2, &v, "num_filescope_variables")) goto bad;
    if (v) { fail(&c, VO_E_STATE, "num_filescope_variables", at, "%u file-scope variables: must be 0", v); goto bad; }
    if (count(&c, 2, MAX_OBJECTS, 14, &nf, "num_functions")) goto bad;
    if (nf) {
        vo_isa_object *more = realloc(objs, (size_t)(nk + nf) * sizeof *objs);
        if (!more) { fail(&c, VO_E_OOM, "num_functions", at, "out of memory"); goto bad; }
        objs = out->objects = more;
        memset(objs + nk, 0, nf * sizeof *objs);
        out->nobjects = nk + nf;
        for (uint32_t i = 0; i < nf; i++)
            if (read_entry(&c, &objs[nk + i], 1, ver)) goto bad;
    }
    for (uint32_t i = 0; i < out->nobjects; i++)
        if (read_object(&c, &objs[i], ver)) goto bad;
    return 0;
bad:
    vo_isa_free(out);
    return -1;
}
