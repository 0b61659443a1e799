/*
 * visa_dut.h: the C ABI a device under test (DUT) implements so visa-oracle
 * can drive it (`visa-oracle check --dut-lib libx.so`, fuzz/diff_fuzzer).
 *
 * Plain C, no visa-oracle types: a DUT includes only this header.
 *
 * The host hands the DUT one case: the instruction bytes, the platform, the
 * execution mask, the variables (whose data buffers the DUT updates in place to
 * the final values), predicates and address variables (read-only), and the
 * surfaces' indices and sizes. Surface *contents* are reached only through the
 * host's memory callbacks, so surfaces may be up to 4 GiB and sparse. The host
 * records every write; a write the host refuses (outside [0, size)) is a DUT
 * bug the host reports. A read outside [0, size) returns -1 and fills the
 * buffer with 0xCD bytes: an implementation must not return that data.
 *
 * ABI versioning: the DUT exports visa_dut_abi_version(); the host refuses a
 * library whose major version differs from VISA_DUT_ABI_VERSION.
 */
#ifndef VISA_DUT_H
#define VISA_DUT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VISA_DUT_ABI_VERSION 1u
/* Minor version: 1 adds flat memory (regions, read_flat/write_flat) and the
 * binding-table / surface-state tables, appended to visa_dut_mem and
 * visa_dut_case, so a 1.0 library still works (it sees no flat memory).
 * 2 adds the return VISA_DUT_UNDEFINED (alias VISA_DUT_FAULT); a library
 * returns it only when c->abi_minor >= 2 (an older host counts 4 as an
 * internal failure).
 * 3 (issue 28) appends the typed surfaces (visa_dut_typed) to visa_dut_case. */
#define VISA_DUT_ABI_MINOR 3u

typedef struct visa_dut_var {
    uint32_t id;        /* 1..21 predefined, >= 32 declared */
    uint32_t type;      /* vISA type code: 0 ud, 1 d, 2 uw, 3 w, 4 ub, 5 b, 6 df, 7 f, 11 uq, 13 q, 14 hf, 15 bf */
    uint32_t num_elts;
    uint32_t size;      /* bytes */
    uint8_t *data;      /* size bytes: initial values in, final values out */
} visa_dut_var;

typedef struct visa_dut_pred {
    uint32_t id;        /* 1..4095 */
    uint32_t num_elts;
    uint32_t bits;      /* bit i = element i */
} visa_dut_pred;

typedef struct visa_dut_addr {
    uint32_t id;        /* 0-based */
    uint32_t num_elts;
    struct { uint32_t var, off; } elems[16]; /* (general variable id, byte offset) */
} visa_dut_addr;

typedef struct visa_dut_surface {
    uint32_t index;     /* 0 SLM, 4 bindless, 5 stateless, >= 6 declared */
    uint64_t size;      /* bytes; the out-of-bound bound */
} visa_dut_surface;

typedef struct visa_dut_mem {
    void *host;
    /* 0, or -1 if [offset, offset+len) is not inside the surface (out = 0xCD..) */
    int (*read)(void *host, uint32_t surface, uint64_t offset, uint32_t len, uint8_t *out);
    /* 0, or -1 if refused (outside the surface): the host records it as a violation */
    int (*write)(void *host, uint32_t surface, uint64_t offset, uint32_t len, const uint8_t *in);
    /* ABI 1.1 (flat memory): the same for the flat 64-bit address space.
     * read_flat: 0, or -1 if any byte of [addr, addr+len) is outside every
     * region (out = 0xCD..); write_flat: 0, or -1 if refused (a byte outside
     * every region): the host records it as a violation. An access may span
     * adjacent regions. */
    int (*read_flat)(void *host, uint64_t addr, uint32_t len, uint8_t *out);
    int (*write_flat)(void *host, uint64_t addr, uint32_t len, const uint8_t *in);
} visa_dut_mem;

/* ABI 1.1: the flat memory regions and the surface tables of the state */
typedef struct visa_dut_region {
    uint64_t base;      /* first byte address */
    uint64_t size;      /* bytes, 1..2^32; base + size <= 2^64; regions never overlap */
} visa_dut_region;
typedef struct visa_dut_bt_entry {
    uint32_t bti;       /* hardware binding-table index 0..255 */
    uint32_t surface;   /* the surface (index as in visa_dut_surface) it names */
} visa_dut_bt_entry;
typedef struct visa_dut_ss_entry {
    uint32_t offset;    /* surface-state offset, a multiple of 64 below 2^26 */
    uint32_t surface;
} visa_dut_ss_entry;

/* ABI 1.3: a typed view of a surface (docs/state.md "typed"): pixel (x, y, z)
 * at ((z * height + y) * width + x) * bpp of `surface`, channel c at +4c */
typedef struct visa_dut_typed {
    uint32_t surface;   /* the surface (index as in visa_dut_surface) holding the pixels */
    uint32_t dim;       /* 0 1d, 1 1d_array, 2 2d, 3 2d_array, 4 3d */
    uint32_t format;    /* 0..8: r32, r32g32, r32g32b32a32 x (uint, sint, float) */
    uint32_t width, height, depth;
} visa_dut_typed;

typedef struct visa_dut_case {
    uint32_t abi_version;       /* VISA_DUT_ABI_VERSION */
    char platform[16];          /* "TGLLP", "PVC", ... NUL-terminated */
    uint32_t grf_bytes;         /* 32 or 64 */
    uint32_t visa_version;      /* major*100 + minor, e.g. 306 */
    const uint8_t *insn;        /* one encoded instruction */
    uint32_t insn_len;
    uint32_t exec_mask;         /* bit i = channel i */
    uint32_t nvars;
    visa_dut_var *vars;
    uint32_t npreds;
    const visa_dut_pred *preds;
    uint32_t naddrs;
    const visa_dut_addr *addrs;
    uint32_t nsurfaces;
    const visa_dut_surface *surfaces; /* a predefined index (0, 4, 5) absent here has size 0 */
    visa_dut_mem mem;
    /* ABI 1.1 (appended; a 1.0 DUT never reads past mem.write) */
    uint32_t abi_minor;         /* VISA_DUT_ABI_MINOR of the host */
    uint32_t nregions;
    const visa_dut_region *regions;   /* sorted by base */
    uint32_t nbt;
    const visa_dut_bt_entry *bt;      /* sorted by bti */
    uint32_t nss;
    const visa_dut_ss_entry *ss;      /* sorted by offset */
    /* ABI 1.3 (appended; read only when abi_minor >= 3) */
    uint32_t ntyped;
    const visa_dut_typed *typed;      /* sorted by surface */
} visa_dut_case;

/* return values of visa_dut_execute */
enum {
    VISA_DUT_OK = 0,        /* executed; vars and memory hold the final state */
    VISA_DUT_REJECTED = 1,  /* the DUT judged the instruction invalid; state untouched */
    VISA_DUT_ERROR = 2,     /* the DUT failed internally (out of memory, a bug of its own) */
    VISA_DUT_UNSUPPORTED = 3, /* the DUT does not implement this case (an opcode, SLM, 4 GiB
                                surfaces, 16-bit atomics, ...): counted apart, never a pass
                                nor a failure (docs/check.md); state untouched */
    /* ABI 1.2 (D250): the DUT's execution faulted or it judged the behaviour
     * undefined (a page fault, an unmapped address): the same as the reply
     * {"status":"undefined"} of --dut-cmd. Judged as executed: a pass when the
     * oracle's status is undefined; when it is ok, vars and memory as the DUT
     * left them are compared with the oracle's final state; when it is
     * invalid, a failure (not rejected). */
    VISA_DUT_UNDEFINED = 4,
    VISA_DUT_FAULT = VISA_DUT_UNDEFINED
};

/* Exported by a DUT library. msg (may be NULL) receives a short reason. */
uint32_t visa_dut_abi_version(void);
int visa_dut_execute(visa_dut_case *c, char *msg, size_t msg_cap);

typedef uint32_t (*visa_dut_abi_version_fn)(void);
typedef int (*visa_dut_execute_fn)(visa_dut_case *c, char *msg, size_t msg_cap);

#ifdef __cplusplus
}
#endif
#endif
