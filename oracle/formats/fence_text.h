/* Legacy FENCE text (issue 26): internal to the formats layer. */
#ifndef VO_FENCE_TEXT_H
#define VO_FENCE_TEXT_H
#include "visa_oracle.h"
size_t vo_fence_disasm(const vo_insn *in, char *buf, size_t cap);
/* the mnemonic's form: 0 fence_global, 1 fence_local, 2 fence_sw; -1 other */
int vo_fence_form(const char *mn);
/* parses the text after the mnemonic of form `form` (t + pos) into *in (desc set); 0 or -1 */
int vo_fence_asm(const char *t, size_t pos, int form, int has_pred, vo_insn *in, vo_error *err);
#endif
