/* LSC family (issue 14): LSC_FENCE (0x8B) and, later, LSC_UNTYPED (0x89).
 *
 * LSC_FENCE bytes (LSC_FENCE page; Intel's reader agrees):
 *   8b  exec ub  pred uw  sfid ub  fence_op ub  scope ub      (7 bytes)
 * In the oracle's single-thread model a fence has no architectural effect:
 * a valid fence returns the state unchanged. What is judged is the encoding
 * (docs/decisions.md D96-D99):
 *   - exec and pred bytes are read and ignored, any value (D96);
 *   - sfid 0 ugm, 1 ugml, 2 tgm, 3 slm (page), 4 urb (code only, accepted);
 *     >= 5 E_LSC_SFID (D97);
 *   - op 0..5 (page), 6 type6 (code only, accepted); >= 7 E_LSC_FENCE_OP;
 *   - scope 0..6; >= 7 E_LSC_SCOPE;
 *   - on slm the op must be none and the scope group (E_LSC_SLM_FENCE, D98). */
#include "engine.h"
#include <stdarg.h>
#include <stdio.h>

static int lsc_bad(vo_ctx *x, vo_errcode c, unsigned role, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int lsc_bad(vo_ctx *x, vo_errcode c, unsigned role, const char *fmt, ...)
{
    vo_error *e = &x->r->err;
    e->code = c;
    e->field = "?";
    for (unsigned i = 0; i < x->d->nfields; i++)
        if (x->d->fields[i].role == role) e->field = x->d->fields[i].name;
    e->offset = x->in->off[role];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    return -1;
}

/* ---- LSC_FENCE ---- */
static int fence_validate(vo_ctx *x) /* replaces vo_validate (vo_family_ops.validate) */
{
    const vo_insn *in = x->in;
    uint32_t exec = in->val[VO_R_EXEC], pred = in->val[VO_R_PRED];
    uint32_t sfid = in->val[VO_R_LSC_SFID], op = in->val[VO_R_FENCE_OP], scope = in->val[VO_R_SCOPE];
    if (exec != 0x80 || pred != 0) { /* decision D96: read and ignored (page: "should be 1 and no mask") */
        vo_tag(x->r, VO_TAG_LSC_FENCE_CTRL);
        vo_clause(x->r, VO_C_LSC_FENCE_CTRL);
    }
    if (sfid >= 5) return lsc_bad(x, VO_E_LSC_SFID, VO_R_LSC_SFID, "fence SFID %u (0 ugm, 1 ugml, 2 tgm, 3 slm, 4 urb)", sfid);
    if (op >= 7) return lsc_bad(x, VO_E_LSC_FENCE_OP, VO_R_FENCE_OP, "fence op %u (0..6)", op);
    if (sfid == 3 && op != 0) { /* decision D98: the verifier's SLM rule */
        vo_tag(x->r, VO_TAG_LSC_SLM_FENCE);
        return lsc_bad(x, VO_E_LSC_SLM_FENCE, VO_R_FENCE_OP, "an SLM fence must use op none (op %u)", op);
    }
    if (scope >= 7) return lsc_bad(x, VO_E_LSC_SCOPE, VO_R_SCOPE, "fence scope %u (0..6)", scope);
    if (sfid == 3 && scope != 0) {
        vo_tag(x->r, VO_TAG_LSC_SLM_FENCE);
        return lsc_bad(x, VO_E_LSC_SLM_FENCE, VO_R_SCOPE, "an SLM fence must use scope group (scope %u)", scope);
    }
    if (sfid == 3) vo_clause(x->r, VO_C_LSC_FENCE_SLM);
    if (sfid == 4 || op == 6) { /* decision D97: code-only enumerators accepted */
        vo_tag(x->r, VO_TAG_LSC_CODE_ONLY);
        vo_tag(x->r, VO_TAG_NOT_IN_DOC);
        vo_clause(x->r, VO_C_LSC_FENCE_CODE_ONLY);
    }
    return 0;
}

static uint32_t no_bytes(const vo_ctx *x) { (void)x; return 0; }
static void no_plan(vo_ctx *x) { (void)x; }
static int fence_run(vo_ctx *x)
{
    vo_clause(x->r, VO_C_LSC_FENCE_NOP); /* no state change in a single-thread model */
    return 0;
}
const vo_family_ops vo_fam_lsc_fence = {
    .eoff_bytes = no_bytes,
    .data_bytes = no_bytes,
    .plan = no_plan,
    .run = fence_run,
    .no_lanes = 1,
    .validate = fence_validate,
};
