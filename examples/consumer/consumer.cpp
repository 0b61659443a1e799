// A C++ program using the installed visa_oracle library: every public header
// must compile as C++ (extern "C"); runs the same hand-worked GATHER_SCALED
// case as consumer.c. Exit 0 = the oracle's destination bytes match.
#include <visa_oracle/visa_asm.h>
#include <visa_oracle/visa_bincase.h>
#include <visa_oracle/visa_check.h>
#include <visa_oracle/visa_dut.h>
#include <visa_oracle/visa_gen.h>
#include <visa_oracle/visa_json.h>
#include <visa_oracle/visa_oracle.h>

#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

#include "consumer_case.h"

int main()
{
    auto s = std::make_unique<vo_state>();
    auto r = std::make_unique<vo_result>();
    vo_state_init(s.get());
    if (vo_platform_lookup("TGLLP", &s->platform) != 0) return 1;
    s->platform.visa_version = 306;
    s->exec_mask = 0xFFFFFFFFu;
    vo_var *off = vo_state_add_var(s.get(), 32, VO_T_UD, 8);
    vo_var *dst = vo_state_add_var(s.get(), 33, VO_T_UD, 8);
    vo_surface *t6 = vo_state_add_surface(s.get(), 6, 0x40);
    if (!off || !dst || !t6) return 1;
    for (int i = 0; i < 8; i++)
        for (int b = 0; b < 4; b++) off->data[4 * i + b] = static_cast<uint8_t>(vo_consumer_offsets[i] >> (8 * b));
    std::memset(dst->data, 0xFF, dst->size);
    std::vector<uint8_t> bytes(0x40);
    for (int j = 0; j < 0x40; j++) bytes[j] = static_cast<uint8_t>(j);
    if (vo_surface_write(s.get(), t6, 0, bytes.data(), static_cast<uint32_t>(bytes.size())) != 0) return 1;
    vo_state_sort(s.get());

    vo_result_init(r.get());
    vo_status st = vo_run(s.get(), vo_consumer_insn, sizeof vo_consumer_insn, r.get());
    const vo_var *out = vo_state_var(&r->final, 33);
    bool ok = st == VO_OK && out && out->size == sizeof vo_consumer_expected_dst &&
              std::memcmp(out->data, vo_consumer_expected_dst, out->size) == 0;
    std::printf("consumer (C++): status %s, V33 %s the hand-worked bytes\n", vo_status_name(st),
                ok ? "matches" : "does NOT match");
    vo_result_free(r.get());
    vo_state_free(s.get());
    return ok ? 0 : 1;
}
