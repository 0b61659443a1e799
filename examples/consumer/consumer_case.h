/* One GATHER_SCALED case shared by consumer.c and consumer.cpp, worked by
 * hand from the GATHER_SCALED page (Intel's vISA instruction pages) and
 * docs/encoding.md §2.4 (byte table), §1.2 (4-byte ids from vISA 3.4), §1.6
 * (immediate operand):
 *
 *   gather_scaled.4 (M1, 8) T6 0x10 V32 V33       on TGLLP, vISA 3.6
 *
 *   78            opcode GATHER_SCALED
 *   03            exec_size: SIMD8 (code 3), mask control M1 (high nibble 0)
 *   00 00         predicate: none
 *   00            block_size (must be 0: 1-byte blocks)
 *   02            num_blocks code 2: 4 blocks = 4 bytes a lane
 *   00 00         scale 0
 *   06            surface T6
 *   05 00 10 00 00 00    global_offset: immediate (tag 5), type UD (0), 0x10
 *   20 00 00 00 00 00    element offsets: raw operand V32, byte offset 0
 *   21 00 00 00 00 00    dst: raw operand V33, byte offset 0
 *
 * State: surface T6 of 0x40 bytes with byte j = j; V32 = UD x8 offsets
 * {0,4,8,12,16,20,24,0x30}; V33 = UD x8, all 0xFFFFFFFF; every channel on.
 * Lane i reads the 4 bytes at 0x10 + offset[i]: lanes 0-6 read 0x10+4i..
 * 0x13+4i, i.e. the little-endian dword (0x13+4i)(0x12+4i)(0x11+4i)(0x10+4i);
 * lane 7 reads at 0x40, past the surface's 0x40 bytes: an out-of-bound read
 * returns zero. */
#ifndef VO_CONSUMER_CASE_H
#define VO_CONSUMER_CASE_H
#include <stdint.h>

static const uint8_t vo_consumer_insn[] = {
    0x78, 0x03, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x06,
    0x05, 0x00, 0x10, 0x00, 0x00, 0x00,
    0x20, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x21, 0x00, 0x00, 0x00, 0x00, 0x00,
};
static const uint32_t vo_consumer_offsets[8] = { 0, 4, 8, 12, 16, 20, 24, 0x30 };
/* V33 after the instruction, byte by byte */
static const uint8_t vo_consumer_expected_dst[32] = {
    0x10, 0x11, 0x12, 0x13,  0x14, 0x15, 0x16, 0x17,
    0x18, 0x19, 0x1a, 0x1b,  0x1c, 0x1d, 0x1e, 0x1f,
    0x20, 0x21, 0x22, 0x23,  0x24, 0x25, 0x26, 0x27,
    0x28, 0x29, 0x2a, 0x2b,  0x00, 0x00, 0x00, 0x00,
};
#endif
