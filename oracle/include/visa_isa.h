/* Reader for the vISA binary kernel file (.isa, the container of Intel's vISA
 * "header" page: file header, kernel and function tables, then per object the
 * string pool, variable / address / predicate / label / sampler / surface
 * declarations, inputs, attributes and the instruction stream), vISA 3.0..4.1
 * as IGC writes it. docs/kernels.md "The .isa reader" is the contract.
 *
 * Every instruction of every kernel and function is walked by its opcode's
 * operand layout (one table row per opcode, oracle/formats/isa_ops.inc), so
 * non-memory instructions only give their length. The stream of an object must
 * end exactly at its declared size; the reader tries, per object, the layouts
 * below in order and keeps the first one the whole stream decodes in (D223):
 *   VO_ISA_FULL        every operand written; LSC with the ud surface-state
 *                      index after the Surface operand (Intel's reader since 2023)
 *   VO_ISA_FULL_NOSS   every operand written; LSC without that field (D222)
 *   VO_ISA_IGC12504    IGC 1.0.12504's binary emitter: the loop that writes an
 *                      instruction stops after as many descriptor items as the
 *                      instruction has operands, so every exec-size / predicate
 *                      item costs one of its last operands (fixed upstream in
 *                      IGC 1.0.13064). Instructions that lost operands have
 *                      `dropped` > 0: their bytes are a prefix, never decoded.
 * Errors (return -1, *out freed and zeroed; err->offset is a FILE offset):
 *   VO_E_TRUNCATED  the file ends inside a field (field names it)
 *   VO_E_STATE      an inconsistent field: an object outside the file, a
 *                   string index out of range, a count or name too long, a
 *                   version outside 3.0..4.1, a body none of the layouts walks
 *                   (field "instructions"; message: object, instruction index,
 *                   opcode and the layout that got furthest)
 *   VO_E_STATE_CAP  a count above a cap below
 *   VO_E_OOM        an allocation failed
 * Caps: 256 kernels, 256 functions, 65536 strings per object (1023 chars each),
 * 65536 variables, 4096 address / predicate / label declarations, 255 attributes
 * per declaration, 2^20 instructions per object; file size 64 MiB
 * (VO_ISA_MAX_FILE). Memory is bounded by the file size (every counted element
 * costs at least one byte, checked before any allocation). */
#ifndef VISA_ISA_H
#define VISA_ISA_H

#include <stddef.h>
#include <stdint.h>

#include "visa_oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VO_ISA_MAX_FILE (64u << 20)

enum { VO_ISA_FULL = 0, VO_ISA_FULL_NOSS = 1, VO_ISA_IGC12504 = 2 };

typedef struct vo_isa_var {
    uint32_t id;        /* general variable id (32 + declaration index) */
    uint8_t type;       /* type code (bits 3..0 of bit_properties) */
    uint8_t align;      /* alignment code (bits 7..4) */
    uint16_t num_elts;
    uint32_t alias;     /* 0, a predefined id < 32, or a declared id */
    uint16_t alias_off; /* bytes */
    const char *name;   /* in the object's string pool */
} vo_isa_var;

typedef struct vo_isa_insn {
    uint32_t offset;  /* file offset of the opcode byte */
    uint32_t len;     /* bytes, opcode included */
    uint8_t opcode;
    uint8_t subop;    /* SVM / LSC sub-opcode, else 0 */
    uint8_t dropped;  /* operands IGC 1.0.12504 did not write (VO_ISA_IGC12504) */
} vo_isa_insn;

typedef struct vo_isa_object {
    char name[128];
    int is_function;
    uint32_t offset, size;     /* object in the file */
    uint32_t nstrings;
    const char **strings;      /* into strbuf */
    char *strbuf;
    uint32_t nvars;
    vo_isa_var *vars;
    uint16_t naddrs, npreds, nlabels;
    uint16_t *addr_elts, *pred_elts;
    uint8_t nsamplers, nsurfaces;
    uint16_t *surface_elts;
    uint32_t ninputs;
    uint32_t code_offset, code_size; /* instruction stream, file offset and declared bytes */
    uint32_t code_used;              /* bytes the instructions take (< code_size: VO_ISA_IGC12504) */
    int layout;                      /* VO_ISA_* */
    uint32_t ninsns;
    vo_isa_insn *insns;
} vo_isa_object;

typedef struct vo_isa_file {
    uint8_t major, minor;
    uint32_t nobjects; /* kernels first, then functions */
    vo_isa_object *objects;
} vo_isa_file;

int vo_isa_read(const uint8_t *buf, size_t n, vo_isa_file *out, vo_error *err);
void vo_isa_free(vo_isa_file *f);
/* opcodes with sub-opcodes */
enum { VO_ISA_OP_SVM = 0x4E, VO_ISA_OP_LSC_UNTYPED = 0x89, VO_ISA_OP_LSC_TYPED = 0x8A };
/* what scan needs of an opcode beyond its name: a label (func / label, not an instruction of the
 * .visaasm listing), a memory instruction its name does not say (FENCE), a 3D sampler message
 * (its first field's bits 4..0 name the operation) */
enum { VO_ISA_LABEL = 1, VO_ISA_MEMORY = 2, VO_ISA_SAMPLER3D = 4 };
unsigned vo_isa_op_class(uint8_t opcode);
/* the opcode's (and sub-opcode's) name, "?" when unknown */
const char *vo_isa_op_name(uint8_t opcode, uint8_t subop);
const char *vo_isa_layout_name(int layout);

#ifdef __cplusplus
}
#endif
#endif
