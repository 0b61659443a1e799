/*
 * visa-oracle binary case form ("bincase"): a compact encoding of a vo_case
 * (platform, execution mask, instruction bytes, variables, predicates,
 * address variables, sparse surfaces) made for fuzzers.
 *
 * Properties:
 *  - every byte string decodes either into a case or into a clean error;
 *    nothing is read past the input and every size is bounded by the caps of
 *    visa_oracle.h (at most VO_MAX_VARS vars of VO_MAX_VAR_BYTES, ...);
 *  - decoding is lenient so random mutation keeps producing cases: most
 *    fields are taken modulo their legal range, a record cut short by the end
 *    of the input is dropped, a data run longer than the input is shortened;
 *  - encode(case) then decode gives the same case (same canonical JSON,
 *    vo_case_to_json), for every case vo_case_from_json accepts. Decoding is
 *    not injective: many byte strings map to one case.
 *
 * Layout (all multi-byte fixed fields little-endian; "varint" = unsigned
 * LEB128, at most 5 bytes for 32-bit fields and 10 for 64-bit ones; extra
 * continuation bytes end the varint):
 *
 *   header, 7 bytes
 *     [0]    platform: index into vo_platform_name(), modulo the table size
 *     [1]    vISA version: k = byte % 102; k < 100 -> 3.k, else 4.(k-100)
 *     [2..5] exec_mask (u32)
 *     [6]    insn_len = byte % 65 (0..64), followed by insn_len instruction
 *            bytes (fewer if the input ends first)
 *   records, until the end of the input; each starts with a tag byte whose
 *   low 2 bits select the kind (the other bits are ignored):
 *     0 var:     id varint; type byte (index % 12 into ud d uw w ub b df f uq
 *                q hf bf); num_elts varint (value % max_elts + 1, max_elts =
 *                VO_MAX_VAR_BYTES / type size); ndata varint; ndata bytes:
 *                the first min(ndata, size) bytes of the data, the rest 0.
 *                Predefined ids 1..21 take the table's type and size (the
 *                GRF-64 size when the platform has 64-byte GRFs and num_elts
 *                names it).
 *     1 pred:    id varint (value % 4095 + 1); size byte (num_elts =
 *                1 << (byte % 6)); bits (u32), masked to num_elts bits
 *     2 addr:    id varint (value % 65536); count byte (count = byte % 16 + 1);
 *                count x (var varint: index into the sorted variables, modulo
 *                their number; byte offset varint)
 *     3 surface (tag bits 4..2 = 0): index byte (1..3 are reserved: error);
 *                size varint (value % (2^32 + 1)); nruns varint; nruns x (gap
 *                varint: run offset = end of the previous run + gap; len
 *                varint; len bytes), bytes at or past the surface size are
 *                dropped
 *       kind 3 with tag bits 3..2 = 1, 2, 3 (bit 4 clear): the address-space model
 *       (canonical tags 7, 11, 15; encoded in this order after the surfaces):
 *       7  memory region: base varint (u64); size varint (value % 2^32 + 1,
 *                clipped so the region ends at 2^64 at the latest); nruns and
 *                runs as a surface's, offsets relative to the base
 *       11 binding-table entry: bti byte; surface byte (a declared surface
 *                index, checked by vo_state_check: E_TABLE_SURFACE)
 *       15 surface-state entry: k varint, offset = 64 * (k % 2^20)
 *                (0..VO_MAX_SS_OFFSET); surface byte (as above)
 *       0x17 (kind 3, tag bits 4..2 = 5) the platform's LSC minimum payload
 *                width (decision D150): one byte, byte % 3 = 0 the default
 *                (record absent), 1 16 lanes, 2 8 lanes on a 32-byte-GRF
 *                platform, else 32; a later record replaces an earlier one.
 *                Encoded right after the instruction bytes, only when the
 *                state names a width
 *       0x1F (kind 3, tag bits 4..2 = 7) the LSC_UNTYPED byte layout (D225):
 *                one byte, byte % 3 = 0 the length selects (record absent), 1
 *                "ss_idx", 2 "no_ss_idx"; a later record replaces an earlier
 *                one. Encoded after the 0x17 record, only when named
 *       0x13 (kind 3, tag bits 4..2 = 4) a media surface's 2D geometry
 *                (MEDIA_LD / MEDIA_ST, D205), right after its surface: index
 *                byte (a surface declared earlier, else E_STATE); width,
 *                height, pitch varints; pixel byte (0 reads as 1);
 *                vo_state_check judges the values
 *       0x1B (kind 3, tag bits 4..2 = 6) a typed surface (GATHER4_TYPED,
 *                SCATTER4_TYPED, TYPED_ATOMIC, LSC_TYPED; issue 28, D255):
 *                surface byte; dim byte (% 5: 1d 1d_array 2d 2d_array 3d);
 *                format byte (% 9, the order of docs/state.md "typed");
 *                width, height, depth varints (clipped to 2^32 - 1); a
 *                duplicate surface is E_STATE, more than VO_MAX_TYPED is
 *                E_STATE_CAP; vo_state_check judges the rest (a declared
 *                surface T6..T255, sizes). Encoded last, by ascending surface
 *
 * Errors (vo_error, field names the part, offset = byte offset in the input):
 *   VO_E_TRUNCATED  fewer than 7 header bytes
 *   VO_E_REGION_OVERLAP  a region overlapping an earlier one
 *   VO_E_STATE      reserved surface index, duplicate id / bti / surface-state
 *                   offset, address variable with no variable to point at, or (unless
 *                   VO_BINCASE_NOCHECK) whatever vo_state_check reports
 *   VO_E_STATE_CAP  too many records of a kind, or the surface page cap
 *   VO_E_OOM        allocation failed
 */
#ifndef VISA_BINCASE_H
#define VISA_BINCASE_H

#include "visa_json.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VO_BINCASE_HEADER_BYTES 7u

/* decode flags */
#define VO_BINCASE_NOCHECK 1u  /* skip vo_state_check: the case may hold a state
                                  vo_run reports as invalid (E_STATE ...) */

/* Decodes n bytes into c (which must have been vo_case_init'ed; its previous
 * contents are replaced). Returns 0, or -1 with *err filled and c left empty. */
int vo_bincase_decode(const uint8_t *buf, size_t n, unsigned flags, vo_case *c, vo_error *err);

/* Encodes a case. On success returns 0 and *out is a malloc'd buffer of *len
 * bytes (free it with free()). Returns -1 (err filled: VO_E_STATE for a case
 * that has no binary form, e.g. an unknown platform or an instruction longer
 * than VO_MAX_INSN_BYTES; VO_E_OOM) otherwise. The comment is not encoded. */
int vo_bincase_encode(const vo_case *c, uint8_t **out, size_t *len, vo_error *err);

#ifdef __cplusplus
}
#endif
#endif
