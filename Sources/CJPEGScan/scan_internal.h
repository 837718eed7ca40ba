// Shared between the header parser, the entropy decoder and the pixel stage.

#ifndef CASCADE_JPEG_SCAN_INTERNAL_H
#define CASCADE_JPEG_SCAN_INTERNAL_H

#include "cascade_jpeg_scan.h"

/// Codes up to this many bits are found with one table lookup; longer ones (rare) by length.
enum { SCAN_LOOKAHEAD = 10 };
/// The most bits one block can consume: a 16-bit code and 15 value bits for each of 64 symbols.
/// The cleaned entropy buffer carries this many zero bytes (and more) after its end, so a block
/// started inside the data never reads outside the buffer.
enum { SCAN_PADDING = 512 };
enum { SCAN_MAX_BLOCKS_IN_MCU = 10 };

typedef struct {
    /// Fast table: bits 0-5 code length + value bits, bits 8-15 the symbol, bits 16-20 the code
    /// length, bits 24-28 (AC) the coefficient step (0: end of block); 0 = code longer than
    /// SCAN_LOOKAHEAD (or invalid).
    uint32_t fast[1 << SCAN_LOOKAHEAD];
    /// Canonical decoding by length: the largest code of each length (-1 if none) and the
    /// offset to add to a code of that length to index `values`.
    int32_t maxcode[18];
    int32_t offset[17];
    uint8_t values[256];
    int defined;
} scan_huffman;

typedef struct {
    int id, h, v, quant;
    int dc_table, ac_table;
    /// 1 (one pixel per block, DC only) or 2 (2 x 2 pixels per block, libjpeg's 2 x 2 IDCT).
    int scaled;
    /// How many output pixels across and down each of this component's pixels covers (1 for
    /// luma; 2 across for 4:2:2 chroma): libjpeg's plain upsampling at 1/8 scale replicates.
    int repeat_h, repeat_v;
    /// Blocks per row and rows of blocks in this component's plane (padded to whole MCUs).
    int blocks_wide, blocks_high;
} scan_component;

typedef struct {
    int width, height, count;
    int max_h, max_v;
    scan_component comp[3];
    uint16_t quant[4][64];
    int quant_defined[4];
    scan_huffman dc[4], ac[4];
    int restart_interval;
    int mcus_wide, mcus_high;
    /// Per block of an MCU: its component.
    int blocks_in_mcu;
    int mcu_component[SCAN_MAX_BLOCKS_IN_MCU];
    /// Where the entropy-coded data starts (just after the SOS header).
    size_t scan_start;
} scan_frame;

/// Parses SOI ... SOS. OK only for what the decoder supports.
cascade_jpeg_scan_status scan_parse_headers(const uint8_t *data, size_t size, scan_frame *frame);

/// libjpeg's natural (row-major) position of the k-th coefficient in zigzag order, with the
/// 16 extra entries libjpeg has for corrupt runs past 63.
extern const uint8_t scan_natural_order[64 + 16];

/// 0..24 for the coefficient positions the 2 x 2 inverse DCT reads (rows and columns
/// 0, 1, 3, 5, 7), 255 for the others.
extern const uint8_t scan_reduced_index[64];

/// libjpeg's 2 x 2 inverse DCT of one block, less its DC term. The DC value enters that IDCT
/// only through column 0 of its first pass, as 4 x DC x quantizer added to a term that is a
/// multiple of 2^13 before descaling; so each output is
/// post_idct(descale(((4 x DC x q0 + column0[r]) << 15) +/- rows[r], 20)), and the decoding
/// threads compute everything but the DC value, which is known only after prediction.
typedef struct {
    int32_t column0[2];
    int64_t rows[2];
} scan_reduced_block;

/// Reduces the 25 coefficients the 2 x 2 IDCT reads (indexed by scan_reduced_index; slot 0,
/// the DC, is ignored); bit i of `nonzero` is set if slot i may be nonzero.
void scan_reduce_block(const int16_t *coefficients, uint32_t nonzero, const uint16_t *quant,
                       scan_reduced_block *reduced);

#endif
