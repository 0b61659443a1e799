/* scan --cases DIR (issue 25 point 5, D365): one vector file per scanned kernel. */
#ifndef VO_SCAN_CASES_H
#define VO_SCAN_CASES_H
#include "visa_isa.h"
#include "visa_json.h"

typedef struct scan_vf scan_vf;
/* a kernel's file DIR/<kernel>.json (-2, -3... when a run meets the name again); NULL out of memory */
scan_vf *scan_vf_open(const char *dir, const char *kernel, uint64_t seed);
/* two tests of one memory instruction that executes (index: its index in the kernel, text: IGC's
 * spelling); 0, or -1 out of memory */
int scan_vf_add(scan_vf *f, const vo_isa_object *o, const uint8_t *bytes, uint32_t len, const vo_platform *plat,
                const vo_insn *in, unsigned long index, const char *text);
/* writes the file when it holds a test (atomically), frees f; 0, or -1 (errno) */
int scan_vf_close(scan_vf *f);
/* the referenced declared variables of an instruction (D224) */
int scan_referenced(const vo_insn *in, uint32_t id);
#endif
