/* LSC text (issue 14): internal to the formats layer. */
#ifndef VO_LSC_TEXT_H
#define VO_LSC_TEXT_H
#include "visa_oracle.h"
size_t vo_lsc_disasm(const vo_insn *in, char *buf, size_t cap);
/* parses the text after the mnemonic (t + pos) into *in (desc set); 0 or -1 */
int vo_lsc_asm(const char *t, size_t pos, int has_pred, vo_insn *in, vo_error *err);
#endif
