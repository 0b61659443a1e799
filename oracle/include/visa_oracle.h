/*
 * visa-oracle: a conformance oracle for Intel vISA memory-access instructions.
 *
 * One pure function is the whole idea:
 *     (instruction bytes, initial state) -> (status, final state, freedom)
 * The core does no I/O. Serialization (JSON, binary case form) and the CLI
 * sit on top of this header.
 *
 * Conventions: all multi-byte integers in instruction bytes are little-endian.
 * Every cap below is enforced with VO_E_STATE_CAP (state) or a decode error.
 */
#ifndef VISA_ORACLE_H
#define VISA_ORACLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define VO_VERSION_STRING "0.1.0"

/* ---- caps (documented in docs/state.md; enforced by vo_state_check) ---- */
#define VO_MAX_VARS 64          /* general variables in one state            */
#define VO_MAX_VAR_BYTES 16384  /* bytes of one general variable (256 GRF64) */
#define VO_MAX_PREDS 32         /* predicate variables                       */
#define VO_MAX_ADDRS 16         /* address variables                         */
#define VO_MAX_ADDR_ELTS 16     /* elements of one address variable          */
#define VO_MAX_SURFACES 32      /* surfaces (incl. predefined 0/4/5)         */
#define VO_MAX_SURFACE_SIZE 0x100000000ull /* 4 GiB: the 32-bit address space */
#define VO_MAX_MEDIA_DIM 0x1000000u        /* media surface width, height, pitch: at most 2^24 (D205) */
#define VO_PAGE_BYTES 256u      /* sparse surface page                       */
#define VO_MAX_PAGES 16384u     /* non-zero pages over all surfaces (4 MiB)  */
#define VO_MAX_INSN_BYTES 96    /* longest encoding of any supported opcode (block2d: 6 vector operands) */
/* flat 64-bit memory and the surface tables (the address-space model) */
#define VO_MAX_REGIONS 16       /* flat memory regions                       */
#define VO_MAX_REGION_SIZE 0x100000000ull /* 4 GiB: bytes of one region      */
#define VO_MAX_BT 32            /* binding-table entries (bti 0..255)        */
#define VO_MAX_BTI 255u         /* largest binding-table index               */
#define VO_MAX_SS 32            /* surface-state table entries               */
#define VO_MAX_SS_OFFSET 0x3FFFFC0u /* largest surface-state offset (2^26-64) */
#define VO_MAX_TYPED 16         /* typed surfaces (issue 28)                 */
#define VO_MAX_TYPED_DIM 16384u /* width, height, depth / array size (D256)  */
#define VO_SS_ALIGN 64u         /* surface-state offsets are 64-byte aligned */

/* ---- type codes (4-bit field, docs/encoding.md §1.3) ---- */
enum vo_type {
    VO_T_UD = 0, VO_T_D = 1, VO_T_UW = 2, VO_T_W = 3, VO_T_UB = 4, VO_T_B = 5,
    VO_T_DF = 6, VO_T_F = 7, VO_T_V = 8, VO_T_VF = 9, VO_T_BOOL = 10,
    VO_T_UQ = 11, VO_T_UV = 12, VO_T_Q = 13, VO_T_HF = 14, VO_T_BF = 15
};
/* size in bytes of a type code (0 for codes that cannot be a variable type) */
unsigned vo_type_size(unsigned type);
const char *vo_type_name(unsigned type);      /* "ud", "f", ... or NULL   */
int vo_type_from_name(const char *name);      /* -1 if unknown            */

/* ---- platform ---- */
typedef struct vo_platform {
    char name[16];          /* "TGLLP", "PVC", ...: see vo_platform_lookup  */
    uint8_t grf_bytes;      /* 32 or 64, implied by the name                */
    uint8_t gen;            /* ordinal used for feature gates (VO_GEN_*)    */
    uint16_t visa_version;  /* major*100 + minor, 300..401: VO_VISA_VERSION(3, 6) */
    uint8_t lsc_min_simd;   /* LSC minimum payload width (D150): 0 the platform's
                               default (D146), else 8 or 16 on 32-byte GRFs, 16 or 32
                               on 64-byte GRFs; vo_platform_lsc_min_simd resolves it */
    uint8_t lsc_layout;     /* LSC_UNTYPED byte layout (D225): a vo_lsc_layout */
} vo_platform;
/* which LSC_UNTYPED layout a case's bytes are in (D110, D222, D225) */
enum vo_lsc_layout {
    VO_LSC_LAYOUT_AUTO = 0,     /* the length selects it (D222): the default, JSON member absent */
    VO_LSC_LAYOUT_SSIDX = 1,    /* "ss_idx": only the HEAD layout, with the surface-state index */
    VO_LSC_LAYOUT_NO_SSIDX = 2  /* "no_ss_idx": only the older layout (IGC up to 1.0.12504) */
};
/* vISA version M.m as C spells it (306 for the JSON "3.6"; visa_json.h has
 * vo_visa_version_parse and vo_visa_version_format for the text form) */
#define VO_VISA_VERSION(major, minor) ((uint16_t)((major) * 100u + (minor)))

enum vo_gen { /* ordered: a gate is "gen >= VO_GEN_X" */
    VO_GEN_BDW = 0, VO_GEN_CHV, VO_GEN_SKL, VO_GEN_ICLLP, VO_GEN_TGLLP,
    VO_GEN_XEHP_SDV, VO_GEN_DG2, VO_GEN_MTL, VO_GEN_PVC, VO_GEN_XE2, VO_GEN_XE3
};
/* Fills name, grf_bytes and gen from a platform name (case-sensitive, as
 * GenX_IR spells them) and sets lsc_min_simd to 0 (the default). Returns 0, or -1 for an unknown name. */
int vo_platform_lookup(const char *name, vo_platform *out);
/* the first platform of a gen (VO_GEN_XEHP_SDV -> "XeHP_SDV"), "?" if none:
 * how messages name a platform range */
const char *vo_gen_name(unsigned gen);
/* the LSC minimum payload width in lanes (decisions D146, D150): p->lsc_min_simd
 * when set, else the platform's default (8 on 32-byte GRFs, 32 on PVC, 16 on
 * PVCXT, Xe2, Xe3) */
unsigned vo_platform_lsc_min_simd(const vo_platform *p);
/* 1 when w is an LSC minimum payload width the platform may have (D150): 0
 * (the default), 8 or 16 on 32-byte GRFs, 16 or 32 on 64-byte GRFs */
int vo_platform_lsc_min_simd_ok(const vo_platform *p, unsigned w);
/* name of the i-th known platform, NULL past the end */
const char *vo_platform_name(unsigned i);
/* variable-id width in instruction bytes for a vISA version: 2 or 4 */
static inline unsigned vo_id_width(uint16_t visa_version) { return visa_version >= 304 ? 4u : 2u; }

/* ---- predefined general variables (ids 1..21; docs/encoding.md §5.4) ---- */
typedef struct vo_predef {
    const char *name;   /* "%r0" */
    uint8_t type;
    uint16_t num_elts;  /* table value (GRF-32 platforms) */
    uint16_t num_elts_grf64; /* value on GRF-64 platforms (doc: %arg 512, %retval 192) */
    uint8_t read_only;
} vo_predef;
const vo_predef *vo_predef_get(uint32_t id);   /* NULL unless 1..21 */

/* ---- state ---- */
typedef struct vo_var {
    uint32_t id;        /* 1..21 predefined (fixed type/size), >= 32 declared */
    uint8_t type;       /* enum vo_type; not V, UV, VF, BOOL                 */
    uint32_t num_elts;
    uint32_t size;      /* num_elts * vo_type_size(type), <= VO_MAX_VAR_BYTES */
    uint8_t *data;      /* size bytes, owned by the state                    */
} vo_var;

typedef struct vo_pred {
    uint16_t id;        /* 1..4095 */
    uint8_t num_elts;   /* 1, 2, 4, 8, 16 or 32 */
    uint32_t bits;      /* bit i = element i; bits >= num_elts are zero */
} vo_pred;

typedef struct vo_addr_elem { uint32_t var; uint32_t off; } vo_addr_elem;
typedef struct vo_addr {
    uint16_t id;        /* 0-based address variable id */
    uint16_t num_elts;  /* 1..VO_MAX_ADDR_ELTS */
    vo_addr_elem elems[VO_MAX_ADDR_ELTS]; /* (general variable id, byte offset) */
} vo_addr;

/* Pages are shared between a state and its copies (vo_state_copy) and copied
 * on the first write (copy-on-write); refs counts the surfaces holding one.
 * A state and its copies belong to one thread at a time. Never free a page
 * yourself: use vo_surface_clear / vo_state_free. */
typedef struct vo_page { uint64_t base; uint32_t refs; uint8_t bytes[VO_PAGE_BYTES]; } vo_page;
typedef struct vo_surface {
    uint32_t index;     /* 0 SLM, 4 bindless, 5 stateless, >= 6 declared */
    uint64_t size;      /* bytes; the out-of-bound bound; <= 4 GiB */
    uint32_t npages;    /* sparse contents: pages sorted by base, unset bytes are 0 */
    uint32_t cap;
    vo_page **pages;
    /* MEDIA_LD / MEDIA_ST (issue 27, D205): the 2D geometry of a media surface;
     * m_pixel 0 = not a 2D surface. Row y, byte column c at y * m_pitch + c. */
    uint32_t m_width, m_height, m_pitch; /* bytes, rows, bytes */
    uint8_t m_pixel;                     /* bytes per pixel: 1, 2, 4, 8 or 16 */
} vo_surface;

/* A region of the flat 64-bit address space (SVM, LSC flat): bytes
 * [base, base + size) with sparse contents kept like a surface's (mem.index
 * is unused and 0, mem.size == size, page bases relative to base). Regions do
 * not overlap; base + size <= 2^64; an access outside every region is out of
 * bounds. Pages count against VO_MAX_PAGES together with the surfaces'. */
typedef struct vo_region {
    uint64_t base;
    vo_surface mem;
} vo_region;

/* Binding table entry: hardware binding-table index -> a surface of the
 * state (its vISA index), and surface-state table entry: a 64-byte aligned
 * surface-state offset -> a surface (what LSC bti / bss / ss address). */
typedef struct vo_bt_entry { uint32_t bti; uint32_t surface; } vo_bt_entry;
typedef struct vo_ss_entry { uint32_t offset; uint32_t surface; } vo_ss_entry;

/* A typed surface (issue 28, docs/state.md): the typed view of the declared
 * surface `surface`, whose bytes hold the pixels linearly (decision D255):
 * pixel (x, y, z) at ((z * height + y) * width + x) * bpp, channel c at +4c.
 * 1D and 1D array have height 1; depth is the array size (arrays), the depth
 * (3D) or 1. One mip level: LOD != 0 is out of bounds (D258). */
enum vo_typed_dim { VO_TD_1D = 0, VO_TD_1D_ARRAY, VO_TD_2D, VO_TD_2D_ARRAY, VO_TD_3D, VO_TD_COUNT };
/* identity-conversion formats only (decision D256): channels x 32 bits */
enum vo_typed_fmt { VO_TF_R32_UINT = 0, VO_TF_R32_SINT, VO_TF_R32_FLOAT, VO_TF_R32G32_UINT, VO_TF_R32G32_SINT,
    VO_TF_R32G32_FLOAT, VO_TF_R32G32B32A32_UINT, VO_TF_R32G32B32A32_SINT, VO_TF_R32G32B32A32_FLOAT, VO_TF_COUNT };
typedef struct vo_typed {
    uint32_t surface;   /* index of a declared surface (>= 6) holding the pixels */
    uint8_t dim;        /* enum vo_typed_dim */
    uint8_t format;     /* enum vo_typed_fmt */
    uint32_t width, height, depth; /* pixels; 1..VO_MAX_TYPED_DIM */
} vo_typed;
const char *vo_typed_dim_name(unsigned dim);       /* "1d", "1d_array", ...; NULL past the end */
const char *vo_typed_fmt_name(unsigned fmt);       /* "r32_uint", ...; NULL past the end */
unsigned vo_typed_fmt_channels(unsigned fmt);      /* 1, 2 or 4 */
int vo_typed_fmt_is_float(unsigned fmt);

typedef struct vo_state {
    vo_platform platform;
    uint32_t exec_mask;             /* bit i = channel i */
    uint32_t nvars, npreds, naddrs, nsurfaces;
    vo_var vars[VO_MAX_VARS];       /* sorted by id (vo_state_sort) */
    vo_pred preds[VO_MAX_PREDS];    /* sorted by id */
    vo_addr addrs[VO_MAX_ADDRS];    /* sorted by id */
    vo_surface surfaces[VO_MAX_SURFACES]; /* sorted by index */
    /* address-space model (issue 13; all empty in a visa-vectors/1 state) */
    uint32_t nregions, nbt, nss;
    vo_region regions[VO_MAX_REGIONS]; /* sorted by base */
    vo_bt_entry bt[VO_MAX_BT];      /* sorted by bti */
    vo_ss_entry ss[VO_MAX_SS];      /* sorted by offset */
    /* typed surfaces (issue 28; empty unless the JSON has "typed") */
    uint32_t ntyped;
    vo_typed typed[VO_MAX_TYPED];   /* sorted by surface */
} vo_state;
vo_typed *vo_state_typed(const vo_state *s, uint32_t surface); /* NULL if absent */
/* NULL on a cap or a duplicate surface (the rest is checked by vo_state_check) */
vo_typed *vo_state_add_typed(vo_state *s, uint32_t surface, unsigned dim, unsigned format,
                             uint32_t width, uint32_t height, uint32_t depth);

void vo_state_init(vo_state *s);            /* empty state, TGLLP, vISA 3.6 */
void vo_state_free(vo_state *s);            /* frees owned memory; s is empty after */
int vo_state_copy(vo_state *dst, const vo_state *src); /* deep copy; 0 or -1 (OOM) */
/* builders (return NULL / -1 on a cap or duplicate id; data zero-filled) */
vo_var *vo_state_add_var(vo_state *s, uint32_t id, unsigned type, uint32_t num_elts);
vo_pred *vo_state_add_pred(vo_state *s, uint16_t id, uint8_t num_elts, uint32_t bits);
vo_addr *vo_state_add_addr(vo_state *s, uint16_t id, uint16_t num_elts);
vo_surface *vo_state_add_surface(vo_state *s, uint32_t index, uint64_t size);
void vo_state_sort(vo_state *s);
/* lookups (NULL if absent) */
vo_var *vo_state_var(const vo_state *s, uint32_t id);
vo_pred *vo_state_pred(const vo_state *s, uint16_t id);
vo_addr *vo_state_addr(const vo_state *s, uint16_t id);
vo_surface *vo_state_surface(const vo_state *s, uint32_t index);
/* sparse surface bytes: reads of unset bytes give 0; writes allocate pages
 * (returns -1 when VO_MAX_PAGES would be exceeded or off+len > size) */
void vo_surface_read(const vo_surface *sf, uint64_t off, uint8_t *out, uint32_t len);
int vo_surface_write(vo_state *s, vo_surface *sf, uint64_t off, const uint8_t *in, uint32_t len);
uint32_t vo_state_total_pages(const vo_state *s);
/* drops all-zero pages so equal contents have equal page lists */
void vo_surface_compact(vo_surface *sf);
/* releases every page of a surface (its contents become all zero) */
void vo_surface_clear(vo_surface *sf);

/* ---- flat memory and surface tables ---- */
/* builders: NULL on a cap, size 0 or > VO_MAX_REGION_SIZE, base + size past
 * 2^64, or an overlap with an existing region (contents zero) */
vo_region *vo_state_add_region(vo_state *s, uint64_t base, uint64_t size);
/* NULL on a cap, bti > VO_MAX_BTI or a duplicate bti. The surface is checked
 * by vo_state_check (it must be declared), not here. */
vo_bt_entry *vo_state_add_bti(vo_state *s, uint32_t bti, uint32_t surface);
/* NULL on a cap, offset > VO_MAX_SS_OFFSET or not 64-aligned, or a duplicate */
vo_ss_entry *vo_state_add_ss(vo_state *s, uint32_t offset, uint32_t surface);
/* the region holding byte addr, NULL if none */
vo_region *vo_state_region(const vo_state *s, uint64_t addr);
/* Flat bytes [addr, addr + len): 0, or -1 when any byte lies outside every
 * region (then out is zero-filled and nothing is written). An access may
 * span adjacent regions. Unset bytes read 0. vo_flat_write also returns -1
 * when VO_MAX_PAGES is reached (bytes before the failing page may have been
 * written, as with vo_surface_write). */
int vo_flat_read(const vo_state *s, uint64_t addr, uint32_t len, uint8_t *out);
int vo_flat_write(vo_state *s, uint64_t addr, uint32_t len, const uint8_t *in);
/* 1 when every byte of [addr, addr + len) lies in some region */
int vo_flat_inside(const vo_state *s, uint64_t addr, uint64_t len);
/* resolvers: the surface a binding-table index / surface-state offset names,
 * NULL when the table has no such entry (or it names an absent surface) */
vo_surface *vo_state_bti(const vo_state *s, uint32_t bti);
vo_surface *vo_state_ss(const vo_state *s, uint32_t offset);

/* ---- errors (stable codes; never renumber, only append) ---- */
typedef enum vo_errcode {
    VO_E_NONE = 0,
    VO_E_TRUNCATED = 1,        /* instruction bytes end inside a field          */
    VO_E_TRAILING = 2,         /* bytes left after the instruction              */
    VO_E_OPCODE = 3,           /* unknown or unsupported opcode                 */
    VO_E_EXEC_SIZE = 4,        /* size code >= 6 or not legal for this opcode   */
    VO_E_MASK_CTRL = 5,        /* offset not aligned to exec size / past 32     */
    VO_E_PRED_ID = 6,          /* predicate id 0 with flags set / undeclared    */
    VO_E_PRED_RESERVED = 7,    /* bit 12 set or combine == 3                    */
    VO_E_PRED_SIZE = 8,        /* predicate shorter than offset + exec size     */
    VO_E_ELT_SIZE = 9,         /* SCATTER/GATHER elt_size code 3 / stray bits   */
    VO_E_NUM_ELTS = 10,        /* SCATTER/GATHER num_elts code 3 / stray bits   */
    VO_E_CHANNEL_MASK = 11,    /* channel mask 0 or bits 7..4 set               */
    VO_E_SIZE_CODE = 12,       /* oword size code illegal / not on platform     */
    VO_E_SCALE = 13,           /* scale field non-zero                          */
    VO_E_BLOCK_SIZE = 14,      /* block_size non-zero (SVM gather/scatter: 3)   */
    VO_E_NUM_BLOCKS = 15,      /* num_blocks >= 3 (QW_GATHER/QW_SCATTER: != 0)  */
    VO_E_SURFACE = 16,         /* surface index reserved / undeclared           */
    VO_E_OPERAND_CLASS = 17,   /* vector operand class not allowed here         */
    VO_E_MODIFIER = 18,        /* source modifier on a data-port operand        */
    VO_E_REGION = 19,          /* region nibble >= 8                            */
    VO_E_IMM_TYPE = 20,        /* immediate of a type not allowed here          */
    VO_E_VAR_ID = 21,          /* general/raw id undeclared                     */
    VO_E_RESERVED_ID = 22,     /* predefined id 22..31                          */
    VO_E_NULL_OPERAND = 23,    /* %null where an operand is required            */
    VO_E_OPERAND_TYPE = 24,    /* variable type not allowed for the operand     */
                               /* (QW data: Q, UQ or DF only)                   */
    VO_E_RAW_ALIGN = 25,       /* raw offset not GRF / element aligned          */
    VO_E_ADDR_ID = 26,         /* address variable undeclared / offset past it  */
    VO_E_COL_OFFSET = 27,      /* column offset crosses the GRF                 */
    VO_E_PLATFORM = 28,        /* instruction/surface not on this platform (QW  */
                               /* ops before XeHP_SDV: field "opcode", offset 0) */
    VO_E_READ_ONLY = 29,       /* destination is a read-only predefined var     */
    VO_E_STATE = 30,           /* malformed state (field names the JSON path)   */
    VO_E_STATE_CAP = 31,       /* a documented cap exceeded                     */
    VO_E_OOM = 32,             /* allocation failed                             */
    VO_E_JSON = 33,            /* malformed JSON text                           */
    /* 34..41: the non-atomic loads (35..41 reserved, never returned) */
    VO_E_IS_MODIFIED = 34,     /* no longer returned: D31 accepts 0..255; kept  */
    VO_E_RESERVED_35 = 35, VO_E_RESERVED_36 = 36, VO_E_RESERVED_37 = 37, VO_E_RESERVED_38 = 38,
    VO_E_RESERVED_39 = 39, VO_E_RESERVED_40 = 40, VO_E_RESERVED_41 = 41,
    /* 42..49: DWORD_ATOMIC (47..49 reserved, never returned) */
    VO_E_ATOMIC_OP = 42,       /* atomic op code 0x0E/0x0F/>= 0x15              */
    VO_E_ATOMIC_WIDTH = 43,    /* atomic width bits 7..5 not 000 / 001          */
    VO_E_ATOMIC_SRC0 = 44,     /* src0 must be %null (inc/dec/predec) / missing */
    VO_E_ATOMIC_SRC1 = 45,     /* src1 must be %null (not cmpxchg/fcmpwr) / missing */
    VO_E_ATOMIC_TYPE = 46,     /* operand type not allowed for the atomic op    */
    /* 50..52: the address-space model of the state (issue 13); 53..59 reserved; 60..: LSC (issue 14) */
    VO_E_REGION_OVERLAP = 50,  /* a flat memory region overlaps another          */
    VO_E_REGION_RANGE = 51,    /* region base + size past 2^64                   */
    VO_E_TABLE_SURFACE = 52,   /* binding-table / surface-state entry names a    */
                               /* surface the state does not declare             */
    VO_E_LSC_SFID = 60,        /* LSC SFID byte unknown (fence: >= 5)           */
    VO_E_LSC_FENCE_OP = 61,    /* fence op >= 7                                 */
    VO_E_LSC_SCOPE = 62,       /* fence scope >= 7                              */
    VO_E_LSC_SLM_FENCE = 63,   /* SLM fence: op must be none, scope group       */
    VO_E_LSC_SUBOP = 64,       /* LSC_UNTYPED sub-op unknown / not supported    */
    VO_E_LSC_CACHE = 65,       /* cache-control byte or L1/L3 pair not allowed  */
    VO_E_LSC_ADDR_TYPE = 66,   /* address model 0 / >= 6 / not for this SFID   */
    VO_E_LSC_ADDR_SIZE = 67,   /* address size 0 / >= 4 / not for this model   */
    VO_E_LSC_DATA_SIZE = 68,   /* data size 0 / >= 8 / not for this op          */
    VO_E_LSC_DATA_ORDER = 69,  /* data order not 1/2, or transpose not allowed  */
    VO_E_LSC_VECTOR = 70,      /* vector size code / not allowed for the shape  */
    VO_E_LSC_CHMASK = 71,      /* quad channel mask 0, high bits, not prefix    */
    VO_E_LSC_ADDR_SCALE = 72,  /* address scale 0 or not a power of two        */
    VO_E_LSC_ADDR_OFFSET = 73, /* a16 immediate offset outside +-0x7FFF         */
    VO_E_LSC_SURFACE = 74,     /* surface operand not allowed for the model     */
    VO_E_LSC_OPERAND = 75,     /* dst/src0/src1/src2 present or %null wrongly   */
    VO_E_LSC_PAYLOAD = 76,     /* more than 8 data registers                    */
    VO_E_LSC_PITCH = 77,       /* strided pitch operand not allowed             */
    /* SVM (issue 26) */
    VO_E_SVM_SUBOP = 78,       /* SVM sub-op unknown (1..7 execute, D164)      */
    VO_E_SVM_PROPS = 79,       /* SVM block properties: size code or bits 6..4  */
    VO_E_SVM_ADDR = 80,        /* SVM address operand class, modifier, imm type */
    /* 81..: block2d (issue 27) */
    VO_E_B2D_SHAPE = 81,       /* block2d data size / order / blocks / width /  */
                               /* height / vnni outside the verifier's rules     */
    VO_E_B2D_OPERAND = 82,     /* block2d surface / X / Y operand class or type */
    /* typed (issue 28) */
    VO_E_TYPED_SURFACE = 83,   /* surface is not a typed surface of the state   */
    VO_E_TYPED_COORD = 84,     /* a V/R/LOD coordinate operand not UD           */
    VO_E_TYPED_VERSION = 85,   /* asm: gather4/scatter4_typed text the pre-3.2 layout cannot hold (D333) */
    VO_E_RESERVED_86 = 86, VO_E_RESERVED_87 = 87,
    /* MEDIA_LD / MEDIA_ST (issue 27) */
    VO_E_MEDIA_SHAPE = 88,     /* media modifiers / plane / block width / height */
    VO_E_MEDIA_SURFACE = 89,   /* media surface not a 2D surface (no geometry)  */
    VO_E_RESERVED_90 = 90, VO_E_RESERVED_91 = 91,
    /* LSC_TYPED block2d (issue 28) */
    VO_E_TGM2D_DROPPED = 92,   /* exec size / predicate the reader drops not 0  */
    VO_E_COUNT = 93
} vo_errcode;
const char *vo_errcode_name(vo_errcode c);   /* "E_TRUNCATED", ... stable */

typedef struct vo_error {
    vo_errcode code;
    const char *field;   /* descriptor field name ("exec_size", "src") or JSON path */
    int64_t offset;      /* byte offset in the instruction, -1 when not about bytes */
    char message[192];
} vo_error;

/* Builders that say why they failed: as vo_state_add_var / _pred / _addr /
 * _surface, but on failure *err (when not NULL) names the reason: E_STATE
 * with field "vars" / "preds" / "addrs" / "surfaces" for a duplicate id, a
 * type that cannot be a variable's or a zero size; E_STATE_CAP for a cap;
 * E_OOM. The message names the id and the limit (docs/api.md). */
vo_var *vo_state_add_var_err(vo_state *s, uint32_t id, unsigned type, uint32_t num_elts, vo_error *err);
vo_pred *vo_state_add_pred_err(vo_state *s, uint16_t id, uint8_t num_elts, uint32_t bits, vo_error *err);
vo_addr *vo_state_add_addr_err(vo_state *s, uint16_t id, uint16_t num_elts, vo_error *err);
vo_surface *vo_state_add_surface_err(vo_state *s, uint32_t index, uint64_t size, vo_error *err);

/* ---- instruction: descriptor-driven decode / encode ---- */
enum vo_opcode {
    VO_OP_OWORD_LD = 0x35, VO_OP_OWORD_ST = 0x36, VO_OP_GATHER = 0x39,
    VO_OP_SCATTER = 0x3A, VO_OP_OWORD_LD_UNALIGNED = 0x3C,
    VO_OP_GATHER4_SCALED = 0x74, VO_OP_SCATTER4_SCALED = 0x75,
    VO_OP_GATHER_SCALED = 0x78, VO_OP_SCATTER_SCALED = 0x79,
    /* issue 8 */
    VO_OP_QW_GATHER = 0x86, VO_OP_QW_SCATTER = 0x87,
    /* DWORD_ATOMIC */
    VO_OP_DWORD_ATOMIC = 0x7D,
    /* LSC (issue 14) */
    VO_OP_LSC_UNTYPED = 0x89, VO_OP_LSC_FENCE = 0x8B,
    /* legacy FENCE (issue 26) */
    VO_OP_FENCE = 0x5C,
    /* SVM (issue 26): the sub-op byte selects the descriptor (D164) */
    VO_OP_SVM = 0x4E,
    /* typed (issue 28) */
    VO_OP_GATHER4_TYPED = 0x4B, VO_OP_SCATTER4_TYPED = 0x4C, VO_OP_TYPED_ATOMIC = 0x73,
    /* media block (issue 27) */
    VO_OP_MEDIA_LD = 0x37, VO_OP_MEDIA_ST = 0x38,
    /* LSC_TYPED (issue 28): the sub-op byte selects the descriptor (D280) */
    VO_OP_LSC_TYPED = 0x8A
};

/* roles a field plays; a descriptor lists its fields in binary order */
enum vo_role {
    VO_R_EXEC = 0,      /* ub: exec size code (3..0) + mask control (7..4)   */
    VO_R_PRED,          /* uw: predicate control                            */
    VO_R_ELT_SIZE,      /* ub: SCATTER/GATHER element size code              */
    VO_R_IS_MODIFIED,   /* ub: read and discarded                           */
    VO_R_NUM_ELTS,      /* ub: SCATTER/GATHER count code + mask control      */
    VO_R_CHMASK,        /* ub: RGBA channel mask                            */
    VO_R_SCALE,         /* uw: must be 0                                    */
    VO_R_BLOCK_SIZE,    /* ub: must be 0                                    */
    VO_R_NUM_BLOCKS,    /* ub: bytes per lane code                          */
    VO_R_OWORD_SIZE,    /* ub: oword count code                             */
    VO_R_SURFACE,       /* ub: surface index                                */
    VO_R_GOFF,          /* vector operand: global offset (scalar)           */
    VO_R_EOFF,          /* raw operand: element offsets                     */
    VO_R_DATA,          /* raw operand: src (writes) / dst (reads)          */
    /* DWORD_ATOMIC */
    VO_R_ATOMIC_OP,     /* ub: atomic op (4..0) + width (7..5)              */
    VO_R_SRC0,          /* raw operand: atomic src0                         */
    VO_R_SRC1,          /* raw operand: atomic src1                         */
    /* LSC (issue 14) */
    VO_R_LSC_SFID,      /* ub: LSC shared function (ugm, ugml, tgm, slm, urb) */
    VO_R_FENCE_OP,      /* ub: LSC_FENCE operation                          */
    VO_R_SCOPE,         /* ub: LSC_FENCE scope                              */
    VO_R_LSC_SUBOP,     /* ub: LSC_UNTYPED sub-op (selects the descriptor)  */
    VO_R_L1, VO_R_L3,   /* ub: cache controls                               */
    VO_R_ADDR_TYPE,     /* ub: address model                                */
    VO_R_ADDR_SCALE,    /* uw: address scale                                */
    VO_R_ADDR_OFF,      /* d:  immediate address offset                     */
    VO_R_ADDR_SIZE,     /* ub: a16/a32/a64                                  */
    VO_R_DATA_SIZE,     /* ub: d8..d16u32h                                  */
    VO_R_DATA_ORDER,    /* ub: 1 non-transposed, 2 transposed               */
    VO_R_DATA_ELEMS,    /* ub: vector size code                             */
    VO_R_LSC_CHMASK,    /* ub: quad channel mask                            */
    VO_R_LSC_SURF,      /* vector operand: surface / base                   */
    VO_R_SSIDX,         /* ud: surface-state index                          */
    VO_R_SRC2,          /* raw operand: ternary atomic second argument      */
    VO_R_PITCH,         /* vector operand: strided pitch                    */
    VO_R_FENCE_MASK,    /* ub: legacy FENCE mask (issue 26)                 */
    VO_R_SVM_ID,        /* ub: SVM sub-op (selects the descriptor, D164)    */
    /* block2d (issue 27; D190-) */
    VO_R_B2D_BLOCKS,    /* ub: block count (plain)                          */
    VO_R_B2D_WIDTH,     /* uw: block width in elements (plain)              */
    VO_R_B2D_HEIGHT,    /* uw: block height in rows (plain)                 */
    VO_R_B2D_VNNI,      /* ub: VNNI transform 0/1                           */
    VO_R_B2D_BASE,      /* vector operands: SurfaceBase (64-bit flat), then  */
    VO_R_B2D_SW,        /*   SurfaceWidth, SurfaceHeight, SurfacePitch       */
    VO_R_B2D_SH,        /*   (all minus 1), X, Y (signed elements / rows):   */
    VO_R_B2D_SP,        /*   in this order (VO_R_B2D_BASE + i = b2d[i])      */
    VO_R_B2D_X,
    VO_R_B2D_Y,
    /* typed (issue 28): U is VO_R_EOFF */
    VO_R_TV, VO_R_TR, VO_R_TLOD, /* raw operands: V, R, LOD coordinates (may be %null) */
    /* MEDIA_LD / MEDIA_ST (issue 27; D205-) */
    VO_R_MEDIA_MODS,    /* ub: modifiers (field mode)                       */
    VO_R_MEDIA_PLANE,   /* ub: plane                                        */
    VO_R_MEDIA_W,       /* ub: block width in bytes                         */
    VO_R_MEDIA_H,       /* ub: block height in rows                         */
    VO_R_MEDIA_X,       /* vector operand: X (bytes, UD)                    */
    VO_R_MEDIA_Y,       /* vector operand: Y (rows, UD)                     */
    /* LSC_TYPED (issue 28): the signed immediate offsets after U, V, R (D285) */
    VO_R_TUOFF, VO_R_TVOFF, VO_R_TROFF,
    VO_R_COUNT
};
enum vo_fkind { VO_FK_UB = 0, VO_FK_UW, VO_FK_VEC, VO_FK_RAW, VO_FK_UD /* 4 bytes (LSC) */ };
enum vo_family { VO_FAM_SCATTERED = 0, VO_FAM_BLOCK, VO_FAM_FOURCH,
    /* DWORD_ATOMIC */
    VO_FAM_ATOMIC,
    /* LSC (issue 14) */
    VO_FAM_LSC_FENCE, VO_FAM_LSC,
    /* legacy FENCE (issue 26) */
    VO_FAM_FENCE,
    /* SVM (issue 26) */
    VO_FAM_SVM,
    /* 2D blocks (issue 27): LSC_UNTYPED block2d (fam_2d.c) */
    VO_FAM_BLOCK2D,
    /* typed (issue 28) */
    VO_FAM_TYPED,
    /* MEDIA_LD / MEDIA_ST (issue 27): fam_media.c */
    VO_FAM_MEDIA,
    /* LSC_TYPED (issue 28): fam_lsc_typed.c */
    VO_FAM_LSC_TYPED };

typedef struct vo_field_desc {
    const char *name;   /* as the spec page names the field, lower-case */
    uint8_t kind;       /* enum vo_fkind */
    uint8_t role;       /* enum vo_role */
} vo_field_desc;

typedef struct vo_desc {
    uint8_t opcode;
    const char *mnemonic;   /* "scatter4_scaled" */
    const char *spec_name;  /* "SCATTER4_SCALED" */
    uint8_t family;         /* enum vo_family */
    uint8_t is_write;
    uint8_t exec_sizes;     /* bit k: size code k legal (from exec byte)     */
    uint8_t exec_sizes_doc; /* bit k: size code k in the doc (others: not_in_doc) */
    uint8_t nfields;
    vo_field_desc fields[24];
    /* optional (0 = the default; issue 8) */
    uint8_t elt_bytes;      /* register slot per lane of a scattered op: 0 = 4, 8 for QW */
    uint8_t min_gen;        /* enum vo_gen the opcode needs (E_PLATFORM before); 0 = any */
    uint16_t data_types;    /* bit per vo_type allowed for the data operand; 0 = family default */
    /* rules the validator reads from the descriptor (issue 13; 0 = none / the default) */
    uint8_t flags;          /* VO_DF_* */
    uint8_t num_blocks_codes;   /* num_blocks codes the oracle accepts: 0..n-1 (0 = the default, 3) */
    uint8_t reader_blocks_codes;/* codes below this the reader also accepts: rejected, tagged dvr_tag */
    uint8_t doc_min_gen;    /* where the doc's platform range starts when later than min_gen:
                               platforms in [min_gen, doc_min_gen) are tagged dvr_tag */
    uint8_t dvr_tag;        /* 1 + the doc_vs_reader tag (enum vo_tag) those differences carry; 0 none */
    /* LSC (issue 14): the byte after the opcode selects the descriptor */
    uint8_t has_subop;
    uint8_t subop;
    /* typed (issue 28): the platform SIMD16 needs (E_EXEC_SIZE before; D259); 0 = no gate */
    uint8_t simd16_gen;
} vo_desc;
enum vo_desc_flags {
    VO_DF_SURFACE_LIMITS = 1, /* the page limits surfaces (doc_vs_reader:20 on any but 0 and 5) */
    VO_DF_ELT_UNITS = 2,      /* exec size and mask from num_elts; offsets in element-size units (D8) */
    VO_DF_BYTE_OFFSET = 4,    /* block load at a byte offset, dword units before vISA 3.2 (D38, D39) */
    VO_DF_LSC_NO_SSIDX = 8,   /* LSC_UNTYPED in the older layout, without ss_idx (D222) */
    VO_DF_LAYOUT_32 = 16,     /* typed: the vISA >= 3.2 layout; before 3.2 the decoder takes vo_desc_typed31 (D333) */
    VO_DF_PRED_UNPRINTED = 32, /* Intel's printer omits the predicate (tag typed:pred_text; D263) */
    VO_DF_LAYOUT_31 = 64      /* typed: the pre-3.2 layout (inverted mask first, exec nibble 0 = SIMD8; D333) */
};
const vo_desc *vo_desc_for(uint8_t opcode);     /* NULL if unsupported (the first sub-op's for LSC_UNTYPED) */
const vo_desc *vo_desc_for_sub(uint8_t opcode, uint8_t subop); /* LSC_UNTYPED sub-ops; NULL if unsupported */
const vo_desc *vo_desc_for_sub_old(uint8_t subop); /* the same, older layout without ss_idx (D222) */
/* LSC_UNTYPED's (as above) or LSC_TYPED's older layout (no ss_idx, no U/V/R offsets; D280); NULL if none */
const vo_desc *vo_desc_for_sub_old2(uint8_t opcode, uint8_t subop);
/* LSC_TYPED's descriptor of a sub-op (the `.tgm` text of lsc_load_quad / lsc_store_quad); NULL if none.
 * LSC_TYPED's descriptors are not listed by vo_desc_at (issue 28, D289, D340) */
const vo_desc *vo_desc_tgm(uint8_t subop);
/* GATHER4_TYPED's / SCATTER4_TYPED's descriptor of the pre-3.2 layout (D333); NULL for other opcodes */
const vo_desc *vo_desc_typed31(uint8_t opcode);
const vo_desc *vo_desc_at(unsigned i);          /* i-th supported, NULL past end */

typedef struct vo_vec {
    uint8_t cls;        /* 0 general, 1 address, 2 predicate, 3 indirect, 5 immediate, 6 state */
    uint8_t mod;        /* modifier bits 5..3 of the tag */
    uint8_t tag_hi;     /* bits 7..6 of the tag (unused; kept for round trip) */
    uint32_t id;        /* general: var id; indirect: address id */
    uint8_t row, col;   /* general */
    uint16_t region;    /* general / indirect */
    uint8_t addr_off;   /* indirect: address element */
    int16_t ind_off;    /* indirect: byte offset */
    uint8_t type_byte;  /* immediate type byte / indirect bit_properties (whole byte) */
    uint64_t imm;       /* immediate value (4 or 8 bytes) */
    /* address / predicate / state class payloads (rejected later, kept for round trip) */
    uint8_t extra[4];
} vo_vec;

typedef struct vo_raw { uint32_t id; uint16_t offset; } vo_raw;

typedef struct vo_insn {
    const vo_desc *desc;
    uint16_t visa_version;
    uint8_t len;                    /* bytes consumed, opcode included */
    uint32_t val[VO_R_COUNT];       /* ub/uw field values by role */
    uint8_t off[VO_R_COUNT];        /* byte offset of each field by role */
    vo_vec goff;
    vo_raw eoff, data;
    vo_raw src0, src1;              /* DWORD_ATOMIC: DWORD_ATOMIC sources */
    /* LSC (issue 14) */
    vo_vec surf, pitch;             /* Surface, strided Src0AddrPitch */
    vo_raw src2;
    /* block2d (issue 27): SurfaceBase, SurfaceWidth, SurfaceHeight, SurfacePitch, X, Y */
    vo_vec b2d[6];
    vo_raw tv, tr, tlod;            /* typed: V, R, LOD coordinates (U is eoff) */
} vo_insn;

/* Structural decode: walks the opcode's descriptor. Fails only on an unknown
 * opcode, truncation or trailing bytes (err names field and offset). Field
 * values are checked later by vo_validate. Returns 0 or -1. */
int vo_decode(const uint8_t *bytes, size_t n, uint16_t visa_version, vo_insn *out, vo_error *err);
/* vo_decode with the LSC_UNTYPED layout a case names (enum vo_lsc_layout, D225):
 * AUTO is vo_decode; SSIDX / NO_SSIDX decode LSC_UNTYPED in that layout only */
/* lsc_layout | VO_DECODE_IDS4: 4-byte variable ids whatever the version (D1's reading B, D345) */
#define VO_DECODE_IDS4 0x100u
int vo_decode_layout(const uint8_t *bytes, size_t n, uint16_t visa_version, unsigned lsc_layout, vo_insn *out,
                     vo_error *err);
/* The raw operand a role names (eoff, src0, src1; data for every other role). */
vo_raw *vo_insn_raw(vo_insn *insn, unsigned role);
vo_vec *vo_insn_vec(vo_insn *insn, unsigned role); /* goff; LSC surf, pitch; block2d b2d[] */
/* Writes the exact bytes back; returns the length, or 0 if cap is too small. */
size_t vo_encode(const vo_insn *insn, uint8_t *buf, size_t cap);

/* Derived, decoded meaning of the control fields (valid after vo_decode). */
typedef struct vo_ctrl {
    uint8_t exec_size;      /* lanes: 1..32 */
    uint8_t mask_off;       /* EM offset 0..28 */
    uint8_t nomask;
    uint16_t pred_id;       /* 0 = none */
    uint8_t pred_combine;   /* 0 none, 1 any, 2 all */
    uint8_t pred_invert;
} vo_ctrl;
void vo_insn_ctrl(const vo_insn *insn, vo_ctrl *out);


/* ---- clauses: every semantic decision point has a stable id ----
 * X(enum suffix, "clause id") -- ids are what vectors, reports and `cov` use. */
#define VO_CLAUSES(X) \
    X(CHEN_EM, "chen.em") X(CHEN_NOMASK, "chen.nomask") X(CHEN_MASK_OFFSET, "chen.mask_offset") \
    X(CHEN_PRED, "chen.pred") X(CHEN_PRED_ANY, "chen.pred_any") X(CHEN_PRED_ALL, "chen.pred_all") \
    X(CHEN_PRED_INVERT, "chen.pred_invert") X(CHEN_NONE, "chen.no_lanes") \
    X(SCATTER_ADDR, "scatter.addr_elt_units") X(SCATTER_ELT1, "scatter.elt1") \
    X(SCATTER_ELT2, "scatter.elt2") X(SCATTER_ELT4, "scatter.elt4") X(SCATTER_N1, "scatter.n1") \
    X(SCATTER_N8, "scatter.n8") X(SCATTER_N16, "scatter.n16") \
    X(SCALED_ADDR, "scaled.addr_bytes") X(SCALED_B1, "scaled.blocks1") X(SCALED_B2, "scaled.blocks2") \
    X(SCALED_B4, "scaled.blocks4") X(GATHER_UPPER, "gather.upper_bytes_undefined") \
    X(GATHER_PADDING, "gather.register_padding") X(GATHER_DISABLED, "gather.disabled_lane_kept") \
    X(FOURCH_BLOCK, "fourch.channel_block") X(FOURCH_ADDR, "fourch.addr") X(FOURCH_GRF64, "fourch.grf64_stride") \
    X(FOURCH_PADDING_IGNORED, "fourch.src_padding_ignored") \
    X(OWORD_ADDR, "oword.addr_oword_units") X(OWORD_N1, "oword.n1") X(OWORD_N2, "oword.n2") \
    X(OWORD_N4, "oword.n4") X(OWORD_N8, "oword.n8") X(OWORD_N16, "oword.n16") \
    X(OOB_READ, "oob.read_zero") X(OOB_WRITE, "oob.write_dropped") X(OOB_PARTIAL, "oob.partial_element") \
    X(WRAP32, "addr.wrap32") X(OVERLAP, "write.overlap_one_of") X(MISALIGNED, "addr.misaligned") \
    X(SLM_OOB_READ, "slm.oob_read_undefined") X(SLM_OOB_WRITE, "slm.oob_write_undefined") \
    X(GOFF_IMM, "goff.immediate") X(GOFF_GENERAL, "goff.general") X(GOFF_INDIRECT, "goff.indirect") \
    X(RAW_PAST_VAR, "raw.past_variable") X(NULL_DST, "raw.null_dst") \
    X(SURF_SLM, "surface.slm") X(SURF_BINDLESS, "surface.bindless") X(SURF_STATELESS, "surface.stateless") \
    X(SURF_DECLARED, "surface.declared") X(INVALID, "insn.invalid") \
    /* issue 8 */ \
    X(IS_MODIFIED, "load.is_modified_ignored") X(OWORD_LD_ADDR, "oword_ld.addr_oword_units") \
    X(OWORD_UNALIGNED_BYTES, "oword_ld_unaligned.addr_bytes") \
    X(OWORD_UNALIGNED_DWORDS, "oword_ld_unaligned.addr_dwords_pre32") X(QW_ADDR, "qw.addr_bytes") \
    /* DWORD_ATOMIC */ \
    X(AT_ADD, "atomic.add") X(AT_SUB, "atomic.sub") X(AT_INC, "atomic.inc") X(AT_DEC, "atomic.dec") \
    X(AT_MIN, "atomic.min") X(AT_MAX, "atomic.max") X(AT_XCHG, "atomic.xchg") X(AT_CMPXCHG, "atomic.cmpxchg") \
    X(AT_AND, "atomic.and") X(AT_OR, "atomic.or") X(AT_XOR, "atomic.xor") X(AT_IMIN, "atomic.imin") \
    X(AT_IMAX, "atomic.imax") X(AT_PREDEC, "atomic.predec") X(AT_FMAX, "atomic.fmax") X(AT_FMIN, "atomic.fmin") \
    X(AT_FCMPWR, "atomic.fcmpwr") X(AT_FADD, "atomic.fadd") X(AT_FSUB, "atomic.fsub") \
    X(AT_ADDR, "atomic.addr_bytes") X(AT_W16, "atomic.width16") X(AT_RET, "atomic.return_old") \
    X(AT_RET16_UPPER, "atomic.ret16_upper_undefined") X(AT_SERIAL, "atomic.serializable") \
    X(AT_FLOAT_OPEN, "atomic.float_result_open") X(AT_OOB_PREDEC, "atomic.oob_predec_return") \
    X(AT_MISALIGNED, "atomic.misaligned_undefined") \
    /* LSC (issue 14) */ \
    X(LSC_FENCE_NOP, "lsc_fence.no_state_change") X(LSC_FENCE_CTRL, "lsc_fence.exec_pred_ignored") \
    X(LSC_FENCE_SLM, "lsc_fence.slm_none_group") X(LSC_FENCE_CODE_ONLY, "lsc_fence.urb_type6_accepted") \
    /* LSC loads/stores (D121-) */ \
    X(LSC_LOAD, "lsc.load") X(LSC_LOAD_STRIDED, "lsc.load_strided") X(LSC_LOAD_QUAD, "lsc.load_quad") \
    X(LSC_STORE, "lsc.store") X(LSC_STORE_STRIDED, "lsc.store_strided") X(LSC_STORE_QUAD, "lsc.store_quad") \
    X(LSC_TRANSPOSED, "lsc.transposed") X(LSC_A16, "lsc.a16") X(LSC_A32, "lsc.a32") X(LSC_A64, "lsc.a64") \
    X(LSC_ADDR_SCALED, "lsc.addr_scaled") X(LSC_ADDR_IMM, "lsc.addr_imm_offset") X(LSC_ADDR_WRAP, "lsc.addr_wrap") \
    X(LSC_FLAT, "lsc.flat") X(LSC_SLM, "lsc.slm") X(LSC_BTI, "lsc.bti") X(LSC_BSS, "lsc.bss") X(LSC_SS, "lsc.ss") \
    X(LSC_SSIDX, "lsc.ss_idx_step") X(LSC_FLAT_UNMAPPED, "lsc.flat_unmapped_undefined") \
    X(LSC_SLM_OOB, "lsc.slm_oob_undefined") X(LSC_UNBOUND, "lsc.unbound_undefined") X(LSC_ARG, "lsc.arg_undefined") \
    X(LSC_OOB_READ, "lsc.surface_oob_read_free") X(LSC_OOB_WRITE, "lsc.surface_oob_write_dropped") \
    X(LSC_OOB_PARTIAL, "lsc.surface_oob_partial") X(LSC_CONV_FREE, "lsc.conv_upper_free") \
    X(LSC_CONV_ZERO, "lsc.conv_upper_zero") X(LSC_D16U32H, "lsc.d16u32h_high_half") \
    X(LSC_MISALIGNED, "lsc.misaligned") X(LSC_OVERLAP, "lsc.store_overlap_one_of") \
    X(LSC_DISABLED, "lsc.disabled_lane_kept") X(LSC_PADDING, "lsc.register_padding") \
    X(LSC_PREFETCH, "lsc.prefetch_no_effect") X(LSC_STORE_UNCOMP, "lsc.store_uncompressed_as_store") \
    X(LSC_LOAD_STATUS, "lsc.load_status_undefined") X(LSC_APNDCTR, "lsc.apndctr_undefined") \
    /* LSC atomics (D136-) */ \
    X(LSC_AT_ARITH, "lsc_atomic.arith") X(LSC_AT_MINMAX, "lsc_atomic.minmax") X(LSC_AT_LOGIC, "lsc_atomic.logic") \
    X(LSC_AT_LDST, "lsc_atomic.load_store") X(LSC_AT_CAS, "lsc_atomic.cas") X(LSC_AT_FLOAT, "lsc_atomic.float") \
    X(LSC_AT_D16, "lsc_atomic.d16u32") X(LSC_AT_D64, "lsc_atomic.d64") X(LSC_AT_RET, "lsc_atomic.return_old") \
    X(LSC_AT_SERIAL, "lsc_atomic.serializable") X(LSC_AT_FLOAT_OPEN, "lsc_atomic.float_result_open") \
    X(LSC_AT_OOB, "lsc_atomic.surface_oob_return_free") X(LSC_AT_MISALIGNED, "lsc_atomic.misaligned_undefined") \
    /* legacy FENCE (issue 26, D160-D164) */ \
    X(FENCE_NOP, "fence.no_state_change") X(FENCE_GLOBAL, "fence.global") X(FENCE_LOCAL, "fence.local_slm") \
    X(FENCE_FLUSH, "fence.flush_bits") X(FENCE_SW, "fence.sw_scheduling_only") \
    X(FENCE_SW_BITS, "fence.sw_other_bits_ignored") X(FENCE_LOCAL_PRE_ICL, "fence.local_bit_pre_icllp_ignored") \
    /* SVM (issue 26, D164-) */ \
    X(SVM_BLK_N1, "svm_block.n1") X(SVM_BLK_N2, "svm_block.n2") X(SVM_BLK_N4, "svm_block.n4") \
    X(SVM_BLK_N8, "svm_block.n8") X(SVM_BLK_LD_ALIGNED, "svm_block.ld_oword_aligned") \
    X(SVM_BLK_LD_UNALIGNED, "svm_block.ld_dword_aligned") X(SVM_BLK_ST, "svm_block.st_oword_aligned") \
    X(SVM_BLK_BIT7, "svm_block.bit7_ignored") X(SVM_BLK_ST_BIT3, "svm_block.st_bit3_ignored") \
    X(SVM_ADDR_IMM, "svm.address_immediate") X(SVM_ADDR_GENERAL, "svm.address_general") \
    X(SVM_WRAP, "svm.address_wraps_2_64") X(SVM_UNMAPPED, "svm.flat_unmapped_undefined") \
    X(SVM_MISALIGNED, "svm.misaligned_undefined") \
    /* SVM_GATHER / SVM_SCATTER (issue 26, D175-D181) */ \
    X(SVM_GS_B1, "svm_gs.block_1_byte") X(SVM_GS_B4, "svm_gs.block_4_bytes") X(SVM_GS_B8, "svm_gs.block_8_bytes") \
    X(SVM_GS_N1, "svm_gs.n1") X(SVM_GS_N2, "svm_gs.n2") X(SVM_GS_N4, "svm_gs.n4") X(SVM_GS_N8, "svm_gs.n8") \
    X(SVM_GS_BYTES, "svm_gs.bytes_packed_per_lane") X(SVM_GS_BLOCKS, "svm_gs.blocks_block_major") \
    /* SVM_GATHER4SCALED / SVM_SCATTER4SCALED (issue 26, D272-D279) */ \
    X(SVM4_GATHER, "svm4.gather") X(SVM4_SCATTER, "svm4.scatter") X(SVM4_ADDR, "svm4.addr_base_offset_channel") \
    /* block2d (issue 27; D190-) */ \
    X(B2D_LOAD, "block2d.load") X(B2D_STORE, "block2d.store") X(B2D_PREFETCH, "block2d.prefetch_no_effect") \
    X(B2D_BLOCKS, "block2d.blocks_side_by_side") X(B2D_VNNI, "block2d.vnni") X(B2D_TRANSPOSE, "block2d.transpose") \
    X(B2D_OOB_READ, "block2d.oob_read_zero") X(B2D_OOB_WRITE, "block2d.oob_write_dropped") \
    X(B2D_NEG_XY, "block2d.negative_xy") X(B2D_ROW_PAD, "block2d.row_padding_zero") \
    X(B2D_GRF_PAD_ZERO, "block2d.grf_padding_zero") X(B2D_GRF_PAD_FREE, "block2d.grf_padding_free") \
    X(B2D_PRED_OFF, "block2d.pred_off_unchanged") X(B2D_UNMAPPED, "block2d.flat_unmapped_undefined") \
    X(B2D_U_TT, "block2d.undef_transpose_vnni") X(B2D_U_ROWBYTES, "block2d.undef_row_bytes") \
    X(B2D_U_T8, "block2d.undef_transpose_d8_d16") X(B2D_U_TSHAPE, "block2d.undef_transpose_shape") \
    X(B2D_U_VSIZE, "block2d.undef_vnni_d32_d64") X(B2D_U_VSHAPE, "block2d.undef_vnni_shape") \
    X(B2D_U_ST_T, "block2d.undef_store_transposed") \
    X(B2D_U_ST_H, "block2d.undef_store_height") X(B2D_U_ST_ROW, "block2d.undef_store_row_bytes") \
    X(B2D_U_SLM, "block2d.undef_slm") X(B2D_U_PLATFORM, "block2d.undef_pre_pvc") \
    X(B2D_U_SURFACE, "block2d.undef_surface_preconditions") \
    /* typed (issue 28, D255-) */ \
    X(TY_1D, "typed.addr_1d") X(TY_1D_ARRAY, "typed.addr_1d_array") X(TY_2D, "typed.addr_2d") \
    X(TY_2D_ARRAY, "typed.addr_2d_array") X(TY_3D, "typed.addr_3d") X(TY_BLOCK, "typed.channel_block") \
    X(TY_READ, "typed.read") X(TY_WRITE, "typed.write") X(TY_OOB_READ, "typed.oob_read_rgb0_a1") \
    X(TY_OOB_WRITE, "typed.oob_write_dropped") X(TY_MISSING_READ, "typed.missing_channel_read") \
    X(TY_MISSING_WRITE, "typed.missing_channel_write_dropped") X(TY_LOD, "typed.lod_nonzero_oob") \
    X(TY_ARRAY_OOB, "typed.array_index_oob") X(TY_NULL_COORD, "typed.null_coord_zero") \
    X(TY_ATOMIC, "typed.atomic_pixel") X(TY_ATOMIC_OOB, "typed.atomic_oob") \
    /* MEDIA_LD / MEDIA_ST (issue 27, D205-) */ \
    X(MEDIA_LOAD, "media.load") X(MEDIA_STORE, "media.store") X(MEDIA_REG_PITCH, "media.register_pitch") \
    X(MEDIA_CLAMP_X, "media.oob_read_edge_x") X(MEDIA_CLAMP_Y, "media.oob_read_edge_y") \
    X(MEDIA_OOB_WRITE, "media.oob_write_dropped") X(MEDIA_PAD_FREE, "media.register_padding_free") \
    X(MEDIA_MODIFIED, "media.modifier_no_effect") X(MEDIA_U_FIELD, "media.undef_field_mode") \
    X(MEDIA_U_PLANE, "media.undef_plane") X(MEDIA_U_WIDE_PIXEL, "media.undef_oob_wide_pixel") \
    X(MEDIA_U_SIGNED, "media.undef_xy_negative") X(MEDIA_U_PLATFORM, "media.undef_xe2") \
    X(MEDIA_U_ST_ALIGN, "media.undef_store_x_unaligned") \
    /* SVM_ATOMIC (issue 26, D264-D271) */ \
    X(SVM_AT_W16, "svm_atomic.w16") X(SVM_AT_W32, "svm_atomic.w32") X(SVM_AT_W64, "svm_atomic.w64") \
    X(SVM_AT_RET, "svm_atomic.return_old") X(SVM_AT_NULL_DST, "svm_atomic.null_dst") \
    X(SVM_AT_SERIAL, "svm_atomic.serializable") X(SVM_AT_FLOAT_OPEN, "svm_atomic.float_result_open") \
    X(SVM_AT_MISALIGNED, "svm_atomic.misaligned_undefined") X(SVM_AT_UNMAPPED, "svm_atomic.flat_unmapped_undefined") \
    X(SVM_AT_RET16_UPPER, "svm_atomic.ret16_upper_undefined") \
    X(SVM_AT_DISABLED, "svm_atomic.disabled_lane_kept") X(SVM_AT_PADDING, "svm_atomic.register_padding") \
    X(SVM_AT_TYPES, "svm_atomic.operand_types_relaxed") \
    /* LSC_TYPED block2d (issue 28, D320-D329) */ \
    X(TGM2D_LOAD, "tgm2d.load") X(TGM2D_STORE, "tgm2d.store") X(TGM2D_PREFETCH, "tgm2d.prefetch_no_effect") \
    X(TGM2D_REG_PITCH, "tgm2d.register_pitch") X(TGM2D_PAD_FREE, "tgm2d.register_padding_free") \
    X(TGM2D_OOB_READ, "tgm2d.oob_read_free") X(TGM2D_OOB_WRITE, "tgm2d.oob_write_dropped") \
    X(TGM2D_NEG_XY, "tgm2d.negative_xy") X(TGM2D_XY_OFF, "tgm2d.xy_imm_offset") X(TGM2D_1D, "tgm2d.surface_1d") \
    X(TGM2D_READER, "tgm2d.reader_layout") X(TGM2D_U_PLATFORM, "tgm2d.undef_pre_xe2") \
    X(TGM2D_U_PIXEL, "tgm2d.undef_partial_pixel") X(TGM2D_U_DIM, "tgm2d.undef_array_3d") \
    /* LSC_TYPED load_status / store_uncompressed / read_state_info (issue 28, D330-D332) */ \
    X(LSC_RSI, "lsc.read_state_info_undefined")

enum vo_clause {
#define VO_X_ENUM(e, s) VO_C_##e,
    VO_CLAUSES(VO_X_ENUM)
#undef VO_X_ENUM
    VO_C_COUNT
};
const char *vo_clause_name(unsigned c);  /* the id string, NULL past the end */

/* ---- execution ---- */
typedef enum vo_status { VO_OK = 0, VO_INVALID = 1, VO_UNDEFINED = 2 } vo_status;
const char *vo_status_name(vo_status s);

/* tags: what a case exercises or relies on (bit positions are stable) */
enum vo_tag {
    VO_TAG_OOB_READ = 0, VO_TAG_OOB_WRITE, VO_TAG_PARTIAL_OOB, VO_TAG_UB_OVERLAP,
    VO_TAG_MISALIGNED, VO_TAG_NOT_IN_DOC, VO_TAG_SLM_OOB, VO_TAG_WRAP,
    VO_TAG_NOMASK, VO_TAG_PRED, VO_TAG_PRED_ANY, VO_TAG_PRED_ALL, VO_TAG_PRED_INVERT,
    VO_TAG_UPPER_BYTES, VO_TAG_PADDING, VO_TAG_NON_SCALAR_REGION, VO_TAG_INDIRECT,
    VO_TAG_NO_LANES, VO_TAG_RAW_PAST_VAR, VO_TAG_VISA30_MASK,
    VO_TAG_DVR_PREDEF_SURFACES,  /* doc_vs_reader:5  */
    VO_TAG_DVR_ROW_UNIT,         /* doc_vs_reader:7  */
    VO_TAG_DVR_EXEC_NIBBLE,      /* doc_vs_reader:3  */
    VO_TAG_DVR_SCALED_EXEC,      /* doc_vs_reader:10 */
    VO_TAG_DVR_4SCALED_EXEC,     /* doc_vs_reader:11 */
    VO_TAG_DVR_SCATTER4_ADDR,    /* doc_vs_reader:12 */
    VO_TAG_DVR_SURFACE_LIMITS,   /* doc_vs_reader:20 */
    VO_TAG_DVR_SLM_OOB,          /* doc_vs_reader:25 */
    VO_TAG_DVR_ALIGN_UNSTATED,   /* doc_vs_reader:26 */
    VO_TAG_DVR_ID_WIDTH,         /* doc_vs_reader:1  */
    VO_TAG_DVR_GATHER_PADDING,   /* doc_vs_reader:28 */
    VO_TAG_DVR_SCATTER_SCALING,  /* doc_vs_reader:34 */
    /* issue 8 */
    VO_TAG_DVR_QW,               /* doc_vs_reader:21 */
    VO_TAG_UNALIGNED_DWORDS,     /* unaligned_dword_units (docs/encoding.md §1.2) */
    VO_TAG_IS_MODIFIED,          /* is_modified */
    /* DWORD_ATOMIC */
    VO_TAG_ATOMIC_COLLISION,     /* lanes of one atomic hit one address */
    VO_TAG_DVR_ATOMIC_NAMES,     /* doc_vs_reader:17 */
    VO_TAG_DVR_ATOMIC_TYPES,     /* doc_vs_reader:18 */
    VO_TAG_DVR_FLOAT_ATOMIC,     /* doc_vs_reader:27 */
    /* LSC (issue 14): doc-versus-code points of the LSC pages (docs/decisions.md) */
    VO_TAG_LSC_FENCE_CTRL,       /* lsc:fence_exec_pred */
    VO_TAG_LSC_CODE_ONLY,        /* lsc:code_only_enum  */
    VO_TAG_LSC_SLM_FENCE,        /* lsc:slm_fence       */
    VO_TAG_LSC_LAYOUT,           /* lsc:ssidx_layout: every LSC_UNTYPED case (D110) */
    VO_TAG_LSC_CACHE_TABLE,      /* lsc:cache_table     */
    VO_TAG_LSC_SLM_CACHE,        /* lsc:slm_cache       */
    VO_TAG_LSC_ADDR_SCALE,       /* lsc:addr_scale      */
    VO_TAG_LSC_SSIDX_IGNORED,    /* lsc:ssidx_ignored   */
    VO_TAG_LSC_UGML,             /* lsc:ugml_platform   */
    VO_TAG_LSC_NOT_EXECUTED,     /* lsc:not_executed: interim, until the address-space model (D120) */
    /* LSC loads/stores (D121-) */
    VO_TAG_LSC_ADDR_WRAP,        /* lsc:addr_wrap (D121) */
    VO_TAG_LSC_STRIDED_PSEUDO,   /* lsc:strided_pseudocode (D122) */
    VO_TAG_LSC_FLAT_UNMAPPED,    /* lsc:flat_unmapped (D123) */
    VO_TAG_LSC_UNBOUND,          /* lsc:unbound (D123) */
    VO_TAG_LSC_ARG,              /* lsc:arg (D123) */
    VO_TAG_LSC_SURFACE_OOB,      /* lsc:surface_oob (D123) */
    VO_TAG_LSC_CONV_UPPER,       /* lsc:conv_upper (D125) */
    VO_TAG_LSC_D16U32H,          /* lsc:d16u32h (D125) */
    VO_TAG_LSC_PREFETCH,         /* lsc:prefetch (D128) */
    VO_TAG_LSC_STORE_UNCOMP,     /* lsc:store_uncompressed (D129) */
    VO_TAG_LSC_LOAD_STATUS,      /* lsc:load_status (D130) */
    VO_TAG_LSC_APNDCTR,          /* lsc:apndctr (D130) */
    /* LSC atomics (D136-) */
    VO_TAG_LSC_AT_FLOAT,         /* lsc_atomic:float: the float type by data size, open results (D141, D142) */
    /* legacy FENCE (issue 26) */
    VO_TAG_FENCE_IGNORED,        /* fence:ignored_bits: a mask bit the platform or bit 7 makes void (D161, D162) */
    VO_TAG_LSC_NO_SSIDX,         /* lsc:no_ssidx_layout: LSC_UNTYPED decoded in the older layout (D222) */
    /* block2d (issue 27): the two legality levels' undefined reasons (the rule is the case's clause) */
    VO_TAG_B2D_HW_SHAPE,         /* block2d:hw_shape: verifier-accepted, not runnable on hardware (D193) */
    VO_TAG_B2D_SURFACE,          /* block2d:surface_preconditions (D195) */
    /* typed (issue 28) */
    VO_TAG_TYPED_PRED_TEXT,      /* typed:pred_text: a predicate Intel's printer omits (D263) */
    /* MEDIA_LD / MEDIA_ST (issue 27) */
    VO_TAG_MEDIA_EDGE,           /* media:edge_replicate: a read past the surface edge (D207) */
    VO_TAG_MEDIA_OUT_OF_SCOPE,   /* media:out_of_scope: field mode, plane != 0, Xe2+ (D209, D210, D212) */
    VO_TAG_MEDIA_UNDEFINED,      /* media:undefined: wide pixels out of bounds, X/Y >= 2^31, ST X unaligned (D207, D208, D211, D215) */
    /* LSC_TYPED block2d (issue 28) */
    VO_TAG_TGM2D_READER_LAYOUT,  /* lsc_typed:block2d_reader_layout: no X/Y offsets, the HEAD reader's layout (D320) */
    VO_TAG_TGM2D_X_BYTES,        /* lsc_typed:block2d_x_bytes: X != 0, where X in bytes and X in pixels differ (D324) */
    VO_TAG_TGM2D_OOB,            /* lsc_typed:block2d_oob: bytes read past the surface are free (D326) */
    VO_TAG_TGM2D_UNDEFINED,      /* lsc_typed:block2d_undefined: pre-Xe2, partial pixel, array/3D (D322, D324, D325) */
    VO_TAG_LSC_RSI,              /* lsc:read_state_info: LSC_TYPED read_state_info's register (D330) */
    VO_TAG_TYPED_PRE32,          /* typed:pre32_layout: GATHER4_TYPED / SCATTER4_TYPED in the pre-3.2 layout (D333) */
    VO_TAG_TYPED_COORD_D,        /* typed:coord_d: a D coordinate, as IGC declares them; the pages say UD (D375) */
    VO_TAG_COUNT
};
/* a result's tags: a bit set of VO_TAG_WORDS 64-bit words (tag t: bit t % 64 of word t / 64) */
#define VO_TAG_WORDS 2
static inline int vo_tags_has(const uint64_t *tags, unsigned t)
{
    return t < 64u * VO_TAG_WORDS && (int)(tags[t / 64u] >> (t % 64u) & 1u);
}
static inline int vo_tags_any(const uint64_t *a, const uint64_t *b) /* a and b share a tag */
{
    uint64_t x = 0;
    for (unsigned w = 0; w < VO_TAG_WORDS; w++) x |= a[w] & b[w];
    return x != 0;
}
static inline int vo_tags_empty(const uint64_t *a)
{
    uint64_t x = 0;
    for (unsigned w = 0; w < VO_TAG_WORDS; w++) x |= a[w];
    return x == 0;
}
const char *vo_tag_name(unsigned tag);   /* "oob_read", "doc_vs_reader:5", ... */

enum vo_space { VO_SPACE_VAR = 0, VO_SPACE_SURFACE = 1,
    VO_SPACE_FLAT = 2 /* flat memory: index = region ordinal (regions sorted by base), offset in it */ };
enum vo_free_kind { VO_FREE_UNDEFINED = 0, VO_FREE_ONE_OF = 1,
    /* DWORD_ATOMIC */
    VO_FREE_SERIALIZABLE = 2 };
/* serializable: one lane of a group of atomic lanes on one address */
typedef struct vo_ser_lane {
    uint8_t lane;
    uint64_t src0, src1;  /* the lane's operands (low len bytes; LSC: src1, src2) */
    int64_t dst_offset;   /* byte offset of its return slot in dst_var, -1 when %null */
} vo_ser_lane;
typedef struct vo_free {
    uint8_t space;      /* enum vo_space */
    uint8_t kind;       /* enum vo_free_kind */
    uint8_t nvalues;    /* one_of: number of candidate values */
    uint32_t index;     /* var id or surface index */
    uint64_t offset;    /* byte offset in the var / surface */
    uint32_t len;       /* bytes */
    uint8_t *values;    /* one_of: nvalues * len bytes, candidate-major; owned */
    const char *clause; /* spec clause id, e.g. "scatter.overlap" */
    /* serializable (DWORD_ATOMIC, LSC_UNTYPED atomics): the final bytes [offset, offset+len)
     * (len 2, 4 or 8) and each lane's returned value must come from SOME serial order of the lanes */
    uint8_t op;         /* atomic op code (bits 4..0 of the op byte; LSC: 0x40 + sub-op) */
    uint8_t nlanes;
    uint32_t dst_var;   /* 0: %null destination (no returns) */
    uint64_t initial;   /* memory value before the instruction (len bytes) */
    vo_ser_lane *lanes; /* nlanes entries, ascending lane; owned */
} vo_free;

/* One memory access the instruction performed or tried (provenance). */
typedef struct vo_access {
    uint8_t lane, channel;  /* channel: 0..3 for 4-channel ops, else 0 */
    uint8_t element;        /* block/oword index within the lane */
    uint8_t size;           /* bytes */
    uint8_t is_write;
    uint8_t outcome;        /* enum vo_outcome */
    uint32_t surface;
    uint64_t address;       /* byte address in the surface (after wrap) */
    uint32_t reg_var;       /* variable id of the data operand */
    uint32_t reg_off;       /* byte offset in that variable */
    const char *clause;
} vo_access;
/* surface of an access to flat memory (address = the 64-bit flat address) */
#define VO_ACC_FLAT 0xFFFFFFFFu
enum vo_outcome { VO_ACC_DONE = 0, VO_ACC_OOB, VO_ACC_MISALIGNED, VO_ACC_OVERLAP, VO_ACC_SLM_OOB };

typedef struct vo_result {
    vo_status status;
    vo_error err;
    vo_state final;         /* complete final state (== input when invalid) */
    uint64_t tags[VO_TAG_WORDS]; /* bit per enum vo_tag: tag t is bit t % 64 of word t / 64 (vo_tags_has) */
    uint32_t nfree, free_cap;
    vo_free *free;          /* sorted by (space, index, offset) */
    uint32_t nacc, acc_cap;
    vo_access *acc;         /* in execution order */
    uint32_t chen;          /* channel-enable mask that was used */
    uint64_t clauses[4];    /* bit per enum vo_clause exercised */
    uint8_t misread_hit;    /* vo_run_misread: 1 when the misreading changed an access of this case */
} vo_result;

void vo_result_init(vo_result *r);
void vo_result_free(vo_result *r);

/* Runs one instruction on a copy of *in. Never fails for any input bytes:
 * everything wrong is reported as status/err. Returns r->status. */
vo_status vo_run(const vo_state *in, const uint8_t *insn, size_t n, vo_result *r);
/* vo_run for a state the caller has had vo_state_check accept and has not
 * changed since (a case vo_case_from_json returned 0 for: both its readers
 * end with vo_state_check): the same result, without checking the state a
 * second time. A state that was not checked is the caller's bug. */
vo_status vo_run_checked(const vo_state *in, const uint8_t *insn, size_t n, vo_result *r);
/* Channel enables (EvaluateChEn, D19) of controls c over an execution mask and
 * the predicate p (NULL: none), the rule itself (VO_MISREAD_NONE) or with one
 * step misread (D406: the lane sets the checker tries, docs/check.md "Lanes"). */
enum vo_misread {
    VO_MISREAD_NONE = 0,
    VO_MISREAD_INVERT_IGNORED, /* the predicate's inversion ignored */
    VO_MISREAD_INVERT_FIRST,   /* inverted before .any/.all */
    VO_MISREAD_ANY_PER_LANE,   /* .any read lane by lane */
    VO_MISREAD_ALL_AS_ANY,     /* .all read as .any */
    VO_MISREAD_PRED_OFFSET,    /* the mask offset not applied to the predicate */
    VO_MISREAD_MASK_OFFSET,    /* the mask offset not applied to the execution mask */
    VO_MISREAD_NOMASK,         /* NoMask ignored */
    VO_MISREAD_PRED,           /* the predicate ignored */
    VO_MISREAD_MASK,           /* the execution mask ignored */
    VO_MISREAD_ALL_LANES,      /* every lane of the execution size */
    VO_MISREAD_UPPER_HALF,     /* SIMD16 and SIMD32: the upper half of the lanes not run (as SIMD8, SIMD16) */
    VO_MISREAD_COUNT
};
uint32_t vo_chen(const vo_ctrl *c, uint32_t exec_mask, const vo_pred *p, unsigned misread);
/* vo_run with the channel enables chen (masked to the execution size) in place
 * of those the execution mask, NoMask and the predicate give; instructions
 * without lanes (fences, 2D media) run as vo_run. For the checker's causes
 * (D406): what the case does when another lane set runs. */
vo_status vo_run_lanes(const vo_state *in, const uint8_t *insn, size_t n, uint32_t chen, vo_result *r);
/* Misread address and data rules (D407: what the checker tries, docs/check.md
 * "Misread"): one step of the address or data-size rule read another way;
 * LSC_UNTYPED (loads, stores, atomics) knows those before BLOCK_MASKED, the
 * legacy scattered family A32_NO_WRAP, NARROW_DWORD and OOB_STOPS,
 * GATHER4/SCATTER4_SCALED A32_NO_WRAP and OOB_STOPS, DWORD_ATOMIC
 * NARROW_DWORD (.16), the oword block messages BLOCK_MASKED. */
enum vo_insn_misread {
    VO_IM_NONE = 0,
    VO_IM_A16_WRAP32,     /* an a16 address wrapped at 2^32, not 2^16 */
    VO_IM_A32_NO_WRAP,    /* a 32-bit address not wrapped at 2^32 (64-bit sum; legacy: and scaling) */
    VO_IM_A32_SEXT,       /* a flat a32 address sign-extended to 64 bits */
    VO_IM_SCALE_TWICE,    /* AddrScale applied twice */
    VO_IM_IMM_SCALED,     /* AddrImmOffset multiplied by AddrScale */
    VO_IM_IMM_ZEXT,       /* a negative AddrImmOffset zero-extended */
    VO_IM_PITCH_SCALED,   /* strided: AddrScale applied to lane * pitch too */
    VO_IM_NARROW_DWORD,   /* 1- and 2-byte data (d8u32, d16u32, d16u32h; legacy elements) as the whole 4-byte slot */
    VO_IM_VEC3_AS_4,      /* a vector of 3 (not transposed) accesses a fourth component */
    VO_IM_LANES_DWORD,    /* d8/d16 lanes (not transposed) 4 bytes apart in the register, as d8u32/d16u32 */
    VO_IM_DISABLED_ZEROED, /* a load's disabled lanes (not transposed) get zeros, not their old value */
    VO_IM_BLOCK_MASKED,   /* OWORD_LD/ST: the block's dword i under execution-mask bit i mod 32 (NoMask ignored) */
    VO_IM_OOB_STOPS,      /* legacy scattered and 4-channel stores: no access after the first out-of-bound one */
    VO_IM_COUNT
};
/* vo_run with one step of the address or data-size rule misread (enum
 * vo_insn_misread); an access outside SLM or every flat region is dropped
 * (a load's slot reads 0) where vo_run makes the case undefined (D123).
 * r->misread_hit is 1 when the misreading changed the address or size of
 * some access of this case; when it is 0 and vo_run's status is ok, the
 * result is vo_run's. For the checker's misread (D407). */
vo_status vo_run_misread(const vo_state *in, const uint8_t *insn, size_t n, unsigned misread, vo_result *r);

/* Readings (issue 30 point 2, decision D345): a decision with two defensible
 * readings that freedom cannot cover. The oracle runs reading A (what
 * docs/decisions.md says it does); bit i of a readings mask runs reading B of
 * decision vo_reading_decision(i) instead (docs/decisions.md "Both readings"). */
enum vo_reading {
    VO_RD_D17 = 0, /* GATHER_SCALED SIMD32: A rejected (E_EXEC_SIZE), B the page's 1..32 (executed) */
    VO_RD_D34,     /* SCATTER_SCALED SIMD32: as D17 */
    VO_RD_D35,     /* GATHER4/SCATTER4_SCALED SIMD1/2/4: A accepted, B the page's 8, 16 (E_EXEC_SIZE) */
    VO_RD_D150,    /* LSC minimum payload width: A the state's (D146 default), B the platform's other width */
    /* the legacy doc_vs_reader decisions (issue 30 point 2): reading B is the other side of each row */
    VO_RD_D1,      /* variable-id width: A the reader's (2 bytes before 3.4), B the page's 4 bytes always */
    VO_RD_D2,      /* exec-size byte: A bits 3..0 are the size code, B bits 2..0 (bit 3 ignored) */
    VO_RD_D4,      /* predefined surfaces: A the reader's six, B the page's T0..T4 reserved */
    VO_RD_D11,     /* a gather's disabled lanes: A keep their value, B the whole register written (free) */
    VO_RD_D16,     /* operand types: A the page's (E_OPERAND_TYPE), B the verifier's (accepted) */
    VO_RD_D18,     /* mask control: A offset aligned to the exec size, B only offset + size <= 32 */
    VO_RD_D24,     /* operand row unit: A the GRF size, B the page's 32 bytes */
    VO_RD_D27,     /* SCATTER surfaces: A any declared, B the page's 0 and 5 */
    VO_RD_D33,     /* GATHER surfaces: as D27 */
    VO_RD_D40,     /* QW_GATHER/QW_SCATTER platform: A XeHP_SDV on, B the page's PVC on */
    VO_RD_D41,     /* QW data types: A the page's Q, UQ, DF, B the descriptor's DF, UQ */
    VO_RD_D42,     /* QW num_blocks: A only one block, B the parser's 1/2/4/8 */
    VO_RD_D48,     /* DWORD_ATOMIC fadd/fsub: A accepted (the reader), B not on the page */
    VO_RD_D49,     /* DWORD_ATOMIC operand rules: A the page's, B the verifier's */
    VO_RD_D50,     /* DWORD_ATOMIC surfaces: as D27 */
    /* the later families' two-reading decisions */
    VO_RD_D113,    /* LSC cache pairs only the verifier lists: A accepted, B the page's table */
    VO_RD_D221,    /* DG2 SLM with cache controls: A E_LSC_CACHE, B what IGC 1.0.12504 writes (executed) */
    VO_RD_D266,    /* SVM_ATOMIC fadd/fsub: A accepted (the reader), B not on the page */
    VO_RD_D267,    /* SVM_ATOMIC operand types: A relaxed (the compiler), B the page's */
    VO_RD_D271,    /* SVM_ATOMIC predec return: A the new value (op table), B the old (SVM pseudocode) */
    VO_RD_D285,    /* LSC_TYPED U/V/R immediate offsets: A added, B ignored */
    VO_RD_D332,    /* LSC_TYPED store_uncompressed: A one d32 per lane, B store_quad with the chmask */
    VO_RD_D333,    /* pre-3.2 GATHER4/SCATTER4_TYPED: A decoded, B rejected (E_TYPED_VERSION) */
    VO_RD_D375,    /* typed coordinates of type D: A accepted (the compiler), B the pages' UD only */
    VO_RD_COUNT
};
/* "D17", ... for i < VO_RD_COUNT, else NULL; the index of a decision id, or -1 */
const char *vo_reading_decision(unsigned i);
int vo_reading_index(const char *decision);
/* The readings whose outcome may differ from reading A's (*a, vo_run's result
 * for the same case): a mask of 1u << enum vo_reading (a cheap filter; the
 * outcomes may still agree). */
uint32_t vo_readings_candidates(const vo_state *in, const uint8_t *insn, size_t n, const vo_result *a);
/* vo_run with reading B of every decision whose bit is set in readings
 * (readings 0: exactly vo_run). The final state's platform is the input's. */
vo_status vo_run_reading(const vo_state *in, const uint8_t *insn, size_t n, uint32_t readings, vo_result *r);

/* Checks a state against the model's rules (ids, types, sizes, caps).
 * Returns 0, or -1 with err filled (field = JSON-style path). */
int vo_state_check(const vo_state *s, vo_error *err);

/* DWORD_ATOMIC: text name of an atomic op code (bits 4..0): "add", ...,
 * "minsint", "maxsint", "predec", "fmax", ..., "fsub"; NULL if undefined */
const char *vo_atomic_op_name(unsigned code);

/* ---- text ---- */
/* vISA assembly text of a decoded instruction (printer conventions of
 * docs/encoding.md §3). Returns the length written (truncated to cap-1). */
size_t vo_disasm(const vo_insn *insn, char *buf, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
