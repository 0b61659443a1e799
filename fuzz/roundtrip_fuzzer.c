/* roundtrip_fuzzer: the identities of the serialization layers.
 *   - instruction bytes: vo_decode then vo_encode gives the same bytes (for
 *     both variable-id widths), and vo_disasm prints something;
 *   - binary case: decode -> canonical JSON -> vo_case_from_json -> the same
 *     canonical JSON; decode -> encode -> decode -> the same JSON, and the
 *     encoding of a decoded case is canonical (encoding it again gives the
 *     same bytes);
 *   - assembly text: a decoded instruction whose text has no '?' (and is not
 *     "(P0) ...", the reserved predicate bit 12 alone) assembles back with
 *     vo_asm to the same text; when the case's state also validates it
 *     (vo_run status is not invalid), to the same bytes.
 * The input is read both as a binary case and as bare instruction bytes. */
#define FZ_NAME "roundtrip_fuzzer"
#include "fuzz_common.h"
#include "visa_bincase.h"
#include "visa_json.h"
#include "visa_asm.h"

static vo_case c1, c2, c3;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    vo_case_init(&c1);
    vo_case_init(&c2);
    vo_case_init(&c3);
    return 0;
}

/* text identity: 1 if the text of in is canonical and asm(text) == text;
 * with check_bytes, asm(text) must also encode to b */
static void text_identity(const vo_insn *in, const uint8_t *b, size_t n, uint16_t ver, int check_bytes)
{
    char text[512], back[512];
    vo_disasm(in, text, sizeof text);
    if (strchr(text, '?') || strncmp(text, "(P0)", 4) == 0) return;
    vo_insn a;
    vo_error err;
    if (vo_asm(text, ver, &a, &err) != 0)
        fz_fail("disasm text '%s' (vISA %u) does not assemble: %s at %s (offset %lld): %s", text, ver,
                vo_errcode_name(err.code), err.field ? err.field : "-", (long long)err.offset, err.message);
    vo_disasm(&a, back, sizeof back);
    FZ_ASSERT(strcmp(text, back) == 0, "asm('%s') prints back as '%s'", text, back);
    if (!check_bytes) return;
    uint8_t out[VO_MAX_INSN_BYTES + 16];
    size_t m = vo_encode(&a, out, sizeof out);
    FZ_ASSERT(m == n && memcmp(out, b, n) == 0, "valid instruction '%s' (vISA %u): encode(asm(disasm(x))) != x", text,
              ver);
}

static void insn_identity(const uint8_t *b, size_t n, uint16_t ver)
{
    vo_insn in;
    vo_error err;
    if (vo_decode(b, n, ver, &in, &err) != 0) {
        FZ_ASSERT(err.code != VO_E_NONE && err.field != NULL, "decode failed without an error code/field");
        FZ_ASSERT(err.offset >= 0 && (size_t)err.offset <= n, "decode error offset %lld outside the %zu bytes",
                  (long long)err.offset, n);
        return;
    }
    FZ_ASSERT(in.len == n, "decoded length %u of %zu bytes", in.len, n);
    uint8_t out[VO_MAX_INSN_BYTES + 16];
    size_t m = vo_encode(&in, out, sizeof out);
    FZ_ASSERT(m == n && memcmp(out, b, n) == 0, "encode(decode(x)) != x (%zu vs %zu bytes, vISA %u)", m, n, ver);
    char text[512];
    size_t t = vo_disasm(&in, text, sizeof text);
    FZ_ASSERT(t > 0 && t < sizeof text && strlen(text) == t, "disasm printed %zu bytes", t);
    text_identity(&in, b, n, ver, 0);
}

/* a case whose instruction validates in its state: asm(disasm(x)) == x */
static void valid_insn_identity(const vo_case *c)
{
    vo_result r;
    vo_result_init(&r);
    vo_status st = vo_run(&c->state, c->insn, c->insn_len, &r);
    vo_result_free(&r);
    if (st == VO_INVALID) return;
    vo_insn in;
    vo_error err;
    uint16_t ver = c->state.platform.visa_version;
    FZ_ASSERT(vo_decode(c->insn, c->insn_len, ver, &in, &err) == 0, "a validated instruction does not decode");
    /* vISA 3.0 mask nibbles 9..15 are valid and print as M1 (nibble 0), and
     * a non-zero is_modified has no text: the valid bytes the text cannot express */
    int num_elts = (in.desc->flags & VO_DF_ELT_UNITS) != 0; /* exec size and mask in num_elts */
    uint32_t ctl = num_elts ? in.val[VO_R_NUM_ELTS] : in.val[VO_R_EXEC];
    int canonical = !(ver == 300 && in.desc->family != VO_FAM_BLOCK && ((ctl >> 4) & 0xF) >= 9);
    if (in.val[VO_R_IS_MODIFIED]) canonical = 0; /* is_modified 1..255 is valid, ignored, and has no text (D31) */
    if (in.desc->family == VO_FAM_LSC_FENCE && (in.val[VO_R_EXEC] != 0x80 || in.val[VO_R_PRED] != 0))
        canonical = 0; /* LSC_FENCE exec/pred bytes are ignored and have no text (D96) */
    if (in.desc->family == VO_FAM_FENCE && (in.val[VO_R_FENCE_MASK] & 0x80) && in.val[VO_R_FENCE_MASK] != 0x80)
        canonical = 0; /* FENCE: bit 7 voids the other bits, the text is fence_sw alone (D162, D163) */
    if (in.desc->family == VO_FAM_SVM && (in.val[VO_R_OWORD_SIZE] & 0x80))
        canonical = 0; /* SVM block: bit 7 is ignored and has no text (D166, D172) */
    if ((in.desc->family == VO_FAM_LSC || in.desc->family == VO_FAM_LSC_TYPED) &&
        (in.desc->subop == 0x02 || in.desc->subop == 0x06 ? in.val[VO_R_DATA_ELEMS] : in.val[VO_R_LSC_CHMASK]) != 0)
        canonical = 0; /* the LSC shape byte the op does not use has no text (D105; LSC_TYPED: D283, D330-D332) */
    text_identity(&in, c->insn, c->insn_len, ver, canonical);
}

static void fz_one(const uint8_t *data, size_t size)
{
    /* bare instruction bytes, both id widths */
    if (size <= VO_MAX_INSN_BYTES) {
        insn_identity(data, size, 303);
        insn_identity(data, size, 306);
    }
    vo_error err;
    if (vo_bincase_decode(data, size, 0, &c1, &err) != 0) {
        FZ_ASSERT(err.code != VO_E_NONE, "bincase decode failed without an error code");
        return;
    }
    if (c1.insn_len) {
        insn_identity(c1.insn, c1.insn_len, c1.state.platform.visa_version);
        valid_insn_identity(&c1);
    }

    char *j1 = vo_case_to_json(&c1);
    FZ_ASSERT(j1 != NULL, "vo_case_to_json returned NULL");
    if (vo_case_from_json(j1, strlen(j1), &c2, &err) != 0) {
        fprintf(stderr, "%s\n", j1);
        fz_fail("canonical JSON of a decoded case is rejected: %s at %s: %s", vo_errcode_name(err.code),
                err.field ? err.field : "-", err.message);
    }
    char *j2 = vo_case_to_json(&c2);
    FZ_ASSERT(j2 != NULL, "vo_case_to_json returned NULL");
    if (strcmp(j1, j2) != 0) {
        fprintf(stderr, "%s\n%s\n", j1, j2);
        fz_fail("JSON -> case -> JSON changed the text");
    }
    uint8_t *b1 = NULL, *b2 = NULL;
    size_t n1 = 0, n2 = 0;
    FZ_ASSERT(vo_bincase_encode(&c1, &b1, &n1, &err) == 0, "a decoded case does not encode: %s", err.message);
    FZ_ASSERT(vo_bincase_decode(b1, n1, 0, &c3, &err) == 0, "an encoded case does not decode: %s", err.message);
    char *j3 = vo_case_to_json(&c3);
    FZ_ASSERT(j3 != NULL, "vo_case_to_json returned NULL");
    if (strcmp(j1, j3) != 0) {
        fprintf(stderr, "%s\n%s\n", j1, j3);
        fz_fail("case -> binary -> case changed the case");
    }
    FZ_ASSERT(vo_bincase_encode(&c2, &b2, &n2, &err) == 0, "a parsed case does not encode: %s", err.message);
    FZ_ASSERT(n1 == n2 && memcmp(b1, b2, n1) == 0, "equal cases encode to different bytes");
    free(b1);
    free(b2);
    free(j1);
    free(j2);
    free(j3);
}

FZ_ENTRY
