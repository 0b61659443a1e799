/*
 * visa-oracle dependent field pairs (issue 31): fields that matter only
 * together, derived from the oracle's own rules rather than listed by hand.
 *
 * A "pair field" of a descriptor is every ub/uw field but the predicate and
 * the LSC sub-op (which selects the descriptor), every ud field and every
 * vector operand. Its class is a small number (0..31): the value of a ub/uw
 * field (the size code of an exec byte, bits 4..0 of an atomic op, at most
 * 31), 0/1 for a ud field (zero / not), the operand class of a vector operand
 * (0 general, 5 immediate, ...).
 *
 * vo_pairs_derive probes one case that vo_run does not call invalid: for every
 * pair field A and every class a of A that keeps the case not invalid, and
 * every other pair field B, it tries B's other classes and asks whether the
 * result changes (error, accesses, clauses, final variables; not the tags)
 * and which of them are not invalid. (A, B) is dependent when B changes the
 * result under some classes of A and not under others (the surface-state
 * index of an LSC message matters for a register surface, not for an
 * immediate one), or when the classes of B that are not invalid differ with
 * the class of A (a cache field legal on one SFID only, a vector size legal
 * with one data size). Its combinations are the (a, b) the probes found not
 * invalid: the pair coverage counts them. Deriving from more cases adds to
 * the set (union). A new descriptor's fields join by its descriptor alone.
 */
#ifndef VISA_PAIRS_H
#define VISA_PAIRS_H
#include "visa_oracle.h"

#ifdef __cplusplus
extern "C" {
#endif

#define VO_PAIR_MAX 2048
typedef struct vo_pair_dep {
    const vo_desc *desc;
    uint8_t a, b;          /* roles of the two fields */
    uint32_t live;         /* classes of A under which B changes the result */
    uint32_t combo[32];    /* per class of A: the classes of B not invalid with it */
    uint32_t hit[32];      /* per class of A: the classes of B reached (vo_pairs_mark) */
} vo_pair_dep;
typedef struct vo_pairs {
    unsigned n;            /* dependent pairs */
    unsigned bases;        /* cases derived from */
    vo_pair_dep dep[VO_PAIR_MAX];
} vo_pairs;

/* class of a pair field (0..31), -1 when role is not a pair field of in's descriptor */
int vo_field_class(const vo_insn *in, unsigned role);
/* gives pair field role the class cls (a vector operand made immediate keeps its value; made
 * general, it names a UD variable of st holding the value, added when none does); 0 or -1 */
int vo_field_set_class(vo_insn *in, vo_state *st, unsigned role, unsigned cls);
/* the classes vo_pairs_derive tries for a pair field (bit mask), 0 when not one */
uint32_t vo_field_probe_classes(const vo_insn *in, unsigned role);
/* derives the dependent pairs of one case (added to p); returns the number of
 * pairs new to p, or -1 when the case is invalid, does not decode or memory runs out */
int vo_pairs_derive(vo_pairs *p, const vo_state *st, const uint8_t *insn, size_t n);
/* marks the combinations a decoded, not-invalid case reaches; returns how many were new */
unsigned vo_pairs_mark(vo_pairs *p, const vo_insn *in);
/* combinations in p (total) and reached by vo_pairs_mark (reached) */
void vo_pairs_count(const vo_pairs *p, unsigned *reached, unsigned *total);

#ifdef __cplusplus
}
#endif
#endif
