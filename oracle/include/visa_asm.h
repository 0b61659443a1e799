/* visa-oracle assembler: the inverse of vo_disasm.
 *
 * vo_asm parses exactly the text vo_disasm prints (docs/encoding.md §3 printer
 * conventions) for the supported opcodes and fills a vo_insn that vo_encode
 * turns into bytes. The grammar is the printer's, character for character:
 * single spaces, decimal numbers without leading zeros, lower-case hex
 * immediates without leading zeros, no '?'. So for every accepted text t,
 * vo_disasm(vo_asm(t)) == t. Bits the text cannot express (reserved bits,
 * bit 12 of the predicate, the high tag bits, the high nibble of an
 * immediate's type byte, the is_modified byte of GATHER / OWORD_LD* (decision
 * D31), ...) are encoded as zero; under vISA 3.0 "M1" is
 * mask nibble 0 and "M1_NM" nibble 8 (M2_NM..M8_NM do not exist there).
 *
 *   [(<!>P<id><.any|.all>) ]<mnemonic>[.<suffix>] <exec> <surface> <offset> [<eoff>] <data>
 *   (QW_GATHER / QW_SCATTER have no global offset: <surface> <offsets raw> <data>;
 *   their suffix is the block count 1/2/4/8)
 *
 * Errors (return -1, *out zeroed):
 *   VO_E_OPCODE  unknown mnemonic                      field "mnemonic"
 *   VO_E_STATE   malformed or inexpressible text       field = the text element:
 *                "pred", "mnemonic", the descriptor field name of the element
 *                ("channels", "elt_size", "num_blocks", "exec_size",
 *                "num_elts", "size", "surface", "offset", "global_offset",
 *                "element_offset", "src", "dst"), "text" (empty text or
 *                characters after the instruction), "visa_version"
 *   err->offset is the character offset in the text where parsing stopped
 *   (-1 for visa_version, which is not about the text).
 * Never reads past the text's NUL, never writes outside *out / *err. */
#ifndef VISA_ASM_H
#define VISA_ASM_H

#include "visa_oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

/* visa_version: major*100 + minor, 300..401 (it decides the id width and,
 * for 300, the mask enumeration). Returns 0 or -1 with err filled. */
int vo_asm(const char *text, uint16_t visa_version, vo_insn *out, vo_error *err);

/* IGC's spelling (issue 25, oracle/formats/igc_text.c, docs/kernels.md):
 * vo_asm_igc accepts the oracle's text and IGC's printout of it (leading
 * blanks, a trailing "/// ..." comment, runs of blanks, V ids zero-padded to
 * four digits, upper-case hex); errors as vo_asm, err->offset in TEXT.
 * vo_disasm_igc prints IGC's spelling of vo_disasm's text (V0062, 0xB, two
 * blanks before each LSC_UNTYPED operand; no indent, no comment); returns
 * the length it needed (as snprintf). */
int vo_asm_igc(const char *text, uint16_t visa_version, vo_insn *out, vo_error *err);
size_t vo_disasm_igc(const vo_insn *insn, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
