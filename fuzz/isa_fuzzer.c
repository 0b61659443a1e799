/* isa_fuzzer: the .isa kernel-file reader (vo_isa_read, docs/kernels.md "The .isa reader") on
 * arbitrary bytes.
 *   - it never crashes, and either fails with one of its four codes (E_TRUNCATED, E_STATE,
 *     E_STATE_CAP, E_OOM), a field and a file offset within the input, and leaves the file
 *     empty; or gives objects that lie inside the input, whose instructions lie inside their
 *     object's body, in order and without gaps from the body's start;
 *   - in the full layouts the instructions fill the declared body exactly and none lost an
 *     operand; in IGC 1.0.12504's (D223) they end at or before the declared size;
 *   - every declaration's name is a string of the object's pool;
 *   - every instruction's opcode (and sub-opcode) has a name in the reader's table;
 *   - reading the same bytes twice gives the same result. */
#define FZ_NAME "isa_fuzzer"
#include "fuzz_common.h"
#include "visa_isa.h"

FZ_CHECKER static void check_file(const vo_isa_file *f, size_t size)
{
    for (uint32_t i = 0; i < f->nobjects; i++) {
        const vo_isa_object *o = &f->objects[i];
        FZ_ASSERT((size_t)o->offset + o->size <= size, "object %u outside the input", i);
        FZ_ASSERT(o->code_offset >= o->offset && (size_t)o->code_offset + o->code_size <= (size_t)o->offset + o->size,
                  "object %u: body outside the object", i);
        FZ_ASSERT(o->layout >= VO_ISA_FULL && o->layout <= VO_ISA_IGC12504, "object %u: layout %d", i, o->layout);
        FZ_ASSERT(o->code_used <= o->code_size, "object %u: used %u of %u", i, o->code_used, o->code_size);
        if (o->layout != VO_ISA_IGC12504)
            FZ_ASSERT(o->code_used == o->code_size, "object %u: full layout ends at %u of %u", i, o->code_used,
                      o->code_size);
        uint32_t at = o->code_offset;
        for (uint32_t j = 0; j < o->ninsns; j++) {
            const vo_isa_insn *x = &o->insns[j];
            FZ_ASSERT(x->offset == at, "object %u insn %u at %u, want %u", i, j, x->offset, at);
            FZ_ASSERT(x->len >= 1 && x->offset + x->len <= o->code_offset + o->code_used, "object %u insn %u: length",
                      i, j);
            FZ_ASSERT(o->layout == VO_ISA_IGC12504 || x->dropped == 0, "object %u insn %u: dropped in a full layout",
                      i, j);
            FZ_ASSERT(strcmp(vo_isa_op_name(x->opcode, x->subop), "?") != 0, "object %u insn %u: opcode 0x%02X", i,
                      j, x->opcode);
            at += x->len;
        }
        FZ_ASSERT(at == o->code_offset + o->code_used, "object %u: instructions end at %u", i, at);
        for (uint32_t v = 0; v < o->nvars; v++) {
            const char *nm = o->vars[v].name;
            FZ_ASSERT(nm >= o->strbuf, "variable %u: name outside the pool", v);
        }
    }
}

static void fz_one(const uint8_t *data, size_t size)
{
    vo_isa_file f, g;
    vo_error e, e2;
    int rc = vo_isa_read(data, size, &f, &e);
    int rc2 = vo_isa_read(data, size, &g, &e2);
    FZ_ASSERT(rc == rc2, "two reads disagree");
    if (rc != 0) {
        FZ_ASSERT(e.code == VO_E_TRUNCATED || e.code == VO_E_STATE || e.code == VO_E_STATE_CAP || e.code == VO_E_OOM,
                  "error code %d", (int)e.code);
        FZ_ASSERT(e.field != NULL && e.offset >= 0 && (size_t)e.offset <= size, "error field/offset %lld",
                  (long long)e.offset);
        FZ_ASSERT(f.nobjects == 0 && f.objects == NULL, "a failed read left objects");
        FZ_ASSERT(e2.code == e.code && e2.offset == e.offset && strcmp(e.message, e2.message) == 0,
                  "two reads fail differently");
        return;
    }
    FZ_ASSERT(f.nobjects == g.nobjects, "two reads differ in objects");
    for (uint32_t i = 0; i < f.nobjects; i++)
        FZ_ASSERT(f.objects[i].ninsns == g.objects[i].ninsns && f.objects[i].layout == g.objects[i].layout,
                  "two reads differ in object %u", i);
    check_file(&f, size);
    vo_isa_free(&f);
    vo_isa_free(&g);
}

FZ_ENTRY
