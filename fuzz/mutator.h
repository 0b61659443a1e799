/* Structure-aware mutation for the binary-case targets (libFuzzer's
 * LLVMFuzzerCustomMutator; AFL++ builds keep AFL's own mutations).
 *
 * Three of four mutations are libFuzzer's generic ones (LLVMFuzzerMutate).
 * The fourth decodes the instruction inside the binary case in place (its
 * field offsets come from the oracle's descriptor-driven decoder) and sets one
 * control field, the global offset or the execution mask to a value that
 * matters: a legal exec size with a mask-control nibble, a predicate naming a
 * declared predicate with a combine mode and invert, a channel mask, an
 * element size, a surface index, a boundary offset. The bytes keep their size,
 * so everything else in the case stays put. This gets the fuzzers to
 * predicated / masked / out-of-bound variants of a valid seed in a few
 * thousand executions instead of millions.
 *
 * LSC_UNTYPED (0x89) and LSC_FENCE (0x8B) get their own structured mutation
 * (fzm_lsc) on the fixed byte offsets of the current reader's layout: sub-op
 * (within the same layout), exec size and mask, predicate, SFID, cache pair,
 * address model, scale, immediate offset, address size, data size, order,
 * vector size, channel mask; fence SFID, op and scope. */
#ifndef VO_FUZZ_MUTATOR_H
#define VO_FUZZ_MUTATOR_H
#ifndef __AFL_COMPILER
#include "visa_bincase.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static uint32_t fzm_next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static void fzm_put(uint8_t *p, uint32_t v, unsigned k)
{
    for (unsigned i = 0; i < k; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static const uint32_t fzm_boundary[] = { 0, 1, 2, 4, 15, 16, 0x40, 0xF0, 0xFC, 0xFF, 0x100, 0xFFC, 0x1000,
                                         0x7FFFFFFF, 0x80000000, 0xFFFFFFF0, 0xFFFFFFFC, 0xFFFFFFFF };
#define FZM_NB (sizeof fzm_boundary / sizeof fzm_boundary[0])

/* LSC_UNTYPED: 89 subop exec pred:uw sfid l1 l3 | type scale:uw off:d size | dsize order elems chmask | ...
 * LSC_FENCE:   8B exec pred:uw sfid op scope. Returns 0 when the bytes are too short. */
static int fzm_lsc(uint8_t *insn, size_t ilen, uint32_t *s)
{
    uint32_t r = fzm_next(s), q = fzm_next(s);
    if (insn[0] == 0x8B) {
        if (ilen < 7) return 0;
        insn[4 + r % 3] = (uint8_t)(q % 8); /* sfid 0..7, op 0..7, scope 0..7 (5..7 / 7 invalid) */
        return 1;
    }
    if (ilen < 20) return 0;
    static const uint8_t subops[] = { 0x00, 0x02, 0x04, 0x06, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F, 0x10,
                                      0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1C, 0x1B, 0x1D };
    static const uint8_t cache[][2] = { {0, 0}, {1, 1}, {5, 1}, {1, 2}, {2, 2}, {6, 2}, {1, 3}, {4, 3}, {3, 3}, {7, 7}, {2, 3} };
    static const int32_t offs[] = { 0, 4, -4, -16, 64, 0x7FFF, -0x7FFF, 0x8000, 0xFFC, 0x1000, -0x80000000 };
    switch (r % 12) {
    case 0: /* sub-op within the layout: strided stays strided */
        if (insn[1] == 0x01 || insn[1] == 0x05) insn[1] = q % 2 ? 0x01 : 0x05;
        else insn[1] = subops[q % (sizeof subops / sizeof subops[0])];
        break;
    case 1: insn[2] = (uint8_t)((q % 6) | ((q >> 8) % 16) << 4); break;
    case 2: { uint32_t id = q % 5, comb = (q >> 8) % 3, inv = (q >> 12) & 1;
              fzm_put(insn + 3, id ? (id | comb << 13 | inv << 15) : 0, 2); break; }
    case 3: { static const uint8_t sf[] = { 0, 1, 3, 2, 4 }; insn[5] = sf[q % 5]; break; }
    case 4: insn[6] = cache[q % 11][0]; insn[7] = cache[q % 11][1]; break;
    case 5: insn[8] = (uint8_t)(q % 7); break;
    case 6: { static const uint16_t sc[] = { 1, 2, 4, 8, 16, 0, 3 }; fzm_put(insn + 9, sc[q % 7], 2); break; }
    case 7: fzm_put(insn + 11, (uint32_t)offs[q % 11], 4); break;
    case 8: insn[15] = (uint8_t)(q % 5); break;
    case 9: insn[16] = (uint8_t)(q % 9); break;
    case 10: insn[17] = (uint8_t)(1 + (q >> 4) % 2); insn[18] = (uint8_t)(q % 10); break;
    default: insn[19] = (uint8_t)(q % 17); break;
    }
    return 1;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    uint32_t s = seed * 2654435761u + 1;
    if (fzm_next(&s) % 4 != 0 || size < VO_BINCASE_HEADER_BYTES) return LLVMFuzzerMutate(data, size, max_size);
    /* header: [0] platform, [1] version, [2..5] exec mask, [6] insn len, insn */
    size_t ilen = data[6] % (VO_MAX_INSN_BYTES + 1);
    if (ilen > size - VO_BINCASE_HEADER_BYTES) ilen = size - VO_BINCASE_HEADER_BYTES;
    uint8_t *insn = data + VO_BINCASE_HEADER_BYTES;
    unsigned k = data[1] % 102;
    uint16_t ver = (uint16_t)(k < 100 ? 300 + k : 400 + (k - 100));
    if (ilen >= 1 && (insn[0] == 0x89 || insn[0] == 0x8B) && fzm_next(&s) % 8 != 0 && fzm_lsc(insn, ilen, &s))
        return size;
    vo_insn in;
    vo_error err;
    if (fzm_next(&s) % 8 == 0 || vo_decode(insn, ilen, ver, &in, &err) != 0) {
        uint32_t w = fzm_next(&s) % 4;
        if (w == 0) { /* platform (GRF 32 / 64) */
            data[0] = (uint8_t)(fzm_next(&s) % 15);
            return size;
        }
        if (w == 1) { /* vISA version: 3.0 (old mask enumeration), 3.3 (2-byte ids), 3.6, 4.1 */
            static const uint8_t vers[] = { 0, 3, 6, 101 };
            data[1] = vers[fzm_next(&s) % 4];
            return size;
        }
        /* the execution mask */
        static const uint32_t masks[] = { 0, 0xFFFFFFFF, 0xFFFF, 0xFFFF0000, 0xFF, 0xAAAAAAAA, 0x80000001, 0xF0 };
        uint32_t m = fzm_next(&s) % 2 ? masks[fzm_next(&s) % 8] : fzm_next(&s);
        fzm_put(data + 2, m, 4);
        return size;
    }
    for (int tries = 0; tries < 8; tries++) {
        const vo_field_desc *f = &in.desc->fields[fzm_next(&s) % in.desc->nfields];
        uint8_t *p = insn + in.off[f->role];
        uint32_t r = fzm_next(&s);
        switch (f->role) {
        case VO_R_EXEC: /* size code 0..5, nibble: M1..M8 and NoMask */
            *p = (uint8_t)((r % 6) | ((r >> 8) % 16) << 4);
            return size;
        case VO_R_PRED: { /* id 0..4, combine 0..2, invert */
            uint32_t id = r % 5, comb = (r >> 8) % 3, inv = (r >> 12) & 1;
            fzm_put(p, id ? (id | comb << 13 | inv << 15) : 0, 2);
            return size;
        }
        case VO_R_NUM_ELTS: *p = (uint8_t)((r % 3) | ((r >> 8) % 16) << 4); return size;
        case VO_R_ELT_SIZE: *p = (uint8_t)(r % 3); return size;
        case VO_R_CHMASK: *p = (uint8_t)(r % 15 + 1); return size;
        case VO_R_NUM_BLOCKS: *p = (uint8_t)(r % 3); return size;
        case VO_R_OWORD_SIZE: *p = (uint8_t)(r % 5); return size;
        case VO_R_SURFACE: {
            static const uint8_t surf[] = { 0, 4, 5, 6, 7, 8 };
            *p = surf[r % 6];
            return size;
        }
        case VO_R_GOFF:
            if (in.goff.cls == 5 && r % 2) { /* immediate: tag, type, value */
                fzm_put(p + 2, (r >> 1) % 2 ? fzm_boundary[(r >> 4) % FZM_NB] : fzm_next(&s) % 0x1100, 4);
                return size;
            }
            if (data[6] % (VO_MAX_INSN_BYTES + 1) == ilen) { /* replace the operand by another class */
                unsigned fi = 0, idw = vo_id_width(ver);
                while (in.desc->fields[fi].role != VO_R_GOFF) fi++;
                size_t start = in.off[VO_R_GOFF];
                size_t end = fi + 1 < in.desc->nfields ? in.off[in.desc->fields[fi + 1].role] : in.len;
                uint8_t op[16];
                size_t on = 0;
                uint32_t kind = (r >> 1) % 3, q = fzm_next(&s);
                if (kind == 0) { /* immediate UD */
                    op[on++] = 5; op[on++] = 0;
                    fzm_put(op + on, fzm_boundary[q % FZM_NB], 4); on += 4;
                } else if (kind == 1) { /* general: V32..V35, row 0..3, col 0..3, scalar region */
                    op[on++] = 0;
                    fzm_put(op + on, 32 + q % 4, idw); on += idw;
                    op[on++] = (uint8_t)((q >> 4) % 4); op[on++] = (uint8_t)((q >> 8) % 4);
                    op[on++] = 0x21; op[on++] = 0x01;
                } else { /* indirect: A0..A1, element 0..1, byte offset -4..8, UD, scalar region */
                    static const int16_t io[] = { 0, 4, -4, 8 };
                    op[on++] = 3;
                    fzm_put(op + on, q % 2, 2); on += 2;
                    op[on++] = (uint8_t)((q >> 4) % 2);
                    fzm_put(op + on, (uint16_t)io[(q >> 8) % 4], 2); on += 2;
                    op[on++] = 0; op[on++] = 0x21; op[on++] = 0x01;
                }
                size_t nilen = ilen - (end - start) + on;
                size_t nsize = size - (end - start) + on;
                if (nilen > VO_MAX_INSN_BYTES || nsize > max_size) break;
                memmove(insn + start + on, insn + end, size - (VO_BINCASE_HEADER_BYTES + end));
                memcpy(insn + start, op, on);
                data[6] = (uint8_t)nilen;
                return nsize;
            }
            break;
        case VO_R_EOFF: case VO_R_DATA: { /* raw offset: 0 or a GRF multiple */
            unsigned idw = vo_id_width(ver);
            if (r % 8 == 0) { /* the data operand names the element-offset variable (aliasing, D95) */
                int has_eoff = 0, has_data = 0;
                for (unsigned fi = 0; fi < in.desc->nfields; fi++) {
                    has_eoff |= in.desc->fields[fi].role == VO_R_EOFF;
                    has_data |= in.desc->fields[fi].role == VO_R_DATA;
                }
                if (has_eoff && has_data && in.off[VO_R_DATA] + idw <= ilen && in.off[VO_R_EOFF] + idw <= ilen) {
                    memmove(insn + in.off[VO_R_DATA], insn + in.off[VO_R_EOFF], idw);
                    return size;
                }
            }
            fzm_put(p + idw, (r >> 3) % 4 * 32, 2);
            return size;
        }
        default: break;
        }
    }
    return LLVMFuzzerMutate(data, size, max_size);
}
#endif
#endif
