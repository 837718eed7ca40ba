// The 1/8-scale pixels, computed as libjpeg-turbo computes them: the 1 x 1 inverse DCT
// (DC x quantizer, descaled by 3), the 2 x 2 inverse DCT for chroma decoded at 2 x 2, its
// post-IDCT range limiting (wrapping at 10 bits, then clamping) and its fixed-point YCbCr -> RGB
// tables.

#include "scan_entropy.h"

#include <stdlib.h>
#include <string.h>

enum { CONST_BITS = 13, PASS1_BITS = 2, SCALEBITS = 16 };

/// libjpeg's post-IDCT range limit: the low 10 bits as a signed value, + 128, clamped.
static inline uint8_t post_idct(int64_t value) {
    int wrapped = (int)(value & 1023);
    if (wrapped >= 512) wrapped -= 1024;
    wrapped += 128;
    return (uint8_t)(wrapped < 0 ? 0 : wrapped > 255 ? 255 : wrapped);
}

static inline int64_t descale(int64_t value, int shift) { return (value + ((int64_t)1 << (shift - 1))) >> shift; }

static const int64_t FIX_0_720959822 = 5906, FIX_0_850430095 = 6967, FIX_1_272758580 = 10426,
                     FIX_3_624509785 = 29692;

/// The odd part of one 2-point pass: rows (or columns) 1, 3, 5, 7.
static inline int64_t odd_part(int64_t z1, int64_t z3, int64_t z5, int64_t z7) {
    return z7 * -FIX_0_720959822 + z5 * FIX_0_850430095 + z3 * -FIX_1_272758580 + z1 * FIX_3_624509785;
}

void scan_reduce_block(const int16_t *c, uint32_t nonzero, const uint16_t *quant, scan_reduced_block *reduced) {
    static const int columns[5] = {0, 1, 3, 5, 7};
    int32_t workspace[2][8] = {{0}};
    for (int i = 0; i < 5; i++) {
        int col = columns[i];
        // Column i's slots are i, 5 + i, 10 + i, 15 + i, 20 + i; an all-zero column (or, for
        // column 0, one with only its DC value) adds nothing.
        if (!(nonzero & ((uint32_t)0x108421 << i) & ~(uint32_t)1)) continue;
        // Rows 0, 1, 3, 5, 7 of this column are c[i], c[5 + i], c[10 + i], c[15 + i], c[20 + i].
        int64_t z0 = i == 0 ? 0 : (int64_t)c[i] * quant[col];
        int64_t z1 = (int64_t)c[5 + i] * quant[8 + col];
        int64_t z3 = (int64_t)c[10 + i] * quant[24 + col];
        int64_t z5 = (int64_t)c[15 + i] * quant[40 + col];
        int64_t z7 = (int64_t)c[20 + i] * quant[56 + col];
        int64_t tmp0 = odd_part(z1, z3, z5, z7);
        int64_t tmp10 = z0 * ((int64_t)1 << (CONST_BITS + 2));
        workspace[0][col] = (int32_t)descale(tmp10 + tmp0, CONST_BITS - PASS1_BITS + 2);
        workspace[1][col] = (int32_t)descale(tmp10 - tmp0, CONST_BITS - PASS1_BITS + 2);
    }
    for (int row = 0; row < 2; row++) {
        const int32_t *w = workspace[row];
        reduced->column0[row] = w[0];
        reduced->rows[row] = odd_part(w[1], w[3], w[5], w[7]);
    }
}

/// The 2 x 2 outputs of one block from its DC value and the rest.
static inline void idct_2x2(int dc, uint16_t q0, const scan_reduced_block *reduced, uint8_t *out, int stride) {
    for (int row = 0; row < 2; row++) {
        int32_t w0 = (int32_t)((int64_t)dc * q0 * 4 + reduced->column0[row]);
        int64_t tmp10 = (int64_t)w0 * ((int64_t)1 << (CONST_BITS + 2));
        out[row * stride] = post_idct(descale(tmp10 + reduced->rows[row], CONST_BITS + PASS1_BITS + 3 + 2));
        out[row * stride + 1] = post_idct(descale(tmp10 - reduced->rows[row], CONST_BITS + PASS1_BITS + 3 + 2));
    }
}

static inline uint8_t clamp255(int value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

/// jdcolor.c's YCbCr -> RGB: its tables are FIX(x) = x * 2^16 rounded, ONE_HALF folded into the
/// green term.
static inline void ycc_to_rgb(int lum, int cb, int cr, uint8_t *out) {
    const int64_t cr_r = 91881, cb_b = 116130, cr_g = -46802, cb_g = -22554, half = 1 << (SCALEBITS - 1);
    int64_t blue = cb - 128, red = cr - 128;
    out[0] = clamp255(lum + (int)((cr_r * red + half) >> SCALEBITS));
    out[1] = clamp255(lum + (int)((cb_g * blue + cr_g * red + half) >> SCALEBITS));
    out[2] = clamp255(lum + (int)((cb_b * blue + half) >> SCALEBITS));
}

cascade_jpeg_scan_status scan_render(const scan_frame *frame, const scan_run *runs, int run_count, uint8_t *rgb) {
    int output_width = (frame->width + 7) / 8, output_height = (frame->height + 7) / 8;
    uint8_t *planes[3] = {NULL, NULL, NULL};
    int stride[3] = {0, 0, 0};
    for (int c = 0; c < frame->count; c++) {
        const scan_component *comp = &frame->comp[c];
        stride[c] = comp->blocks_wide * comp->scaled;
        planes[c] = malloc((size_t)stride[c] * (size_t)(comp->blocks_high * comp->scaled));
        if (!planes[c]) {
            for (int i = 0; i < c; i++) free(planes[i]);
            return CASCADE_JPEG_SCAN_NO_MEMORY;
        }
    }
    // Blocks come MCU by MCU, row by row; within an MCU each component's h x v blocks.
    uint32_t predictor[3] = {0, 0, 0};
    long long interval_left = 0;
    int run = 0;
    long long record = run_count > 0 ? runs[0].from : 0;
    int phase = 0;
    for (int mcu_y = 0; mcu_y < frame->mcus_high; mcu_y++) {
        for (int mcu_x = 0; mcu_x < frame->mcus_wide; mcu_x++) {
            if (frame->restart_interval && interval_left-- == 0) {
                predictor[0] = predictor[1] = predictor[2] = 0;
                interval_left = frame->restart_interval - 1;
            }
            phase = 0;
            for (int c = 0; c < frame->count; c++) {
                const scan_component *comp = &frame->comp[c];
                const uint16_t *quant = frame->quant[comp->quant];
                for (int by = 0; by < comp->v; by++) {
                    for (int bx = 0; bx < comp->h; bx++, phase++) {
                        while (run < run_count && record >= runs[run].to) {
                            if (++run < run_count) record = runs[run].from;
                        }
                        if (run >= run_count) goto corrupt;
                        const scan_part *part = runs[run].part;
                        if (part->phase[record] != phase) goto corrupt;
                        predictor[c] += (uint32_t)(int32_t)part->difference[record];
                        int16_t dc = (int16_t)(uint16_t)predictor[c];
                        long long x = (long long)mcu_x * comp->h + bx, y = (long long)mcu_y * comp->v + by;
                        if (comp->scaled == 1) {
                            planes[c][y * stride[c] + x] = post_idct(descale((int64_t)dc * quant[0], 3));
                        } else {
                            int32_t reduced = part->reduced_index[record];
                            if (reduced < 0) goto corrupt;
                            idct_2x2(dc, quant[0], part->reduced + reduced, planes[c] + 2 * y * stride[c] + 2 * x,
                                     stride[c]);
                        }
                        record++;
                    }
                }
            }
        }
    }
    // Every run used up: the runs held exactly the frame's blocks.
    while (run < run_count && record >= runs[run].to) {
        if (++run < run_count) record = runs[run].from;
    }
    if (run != run_count) goto corrupt;
    if (frame->count == 1) {
        for (int y = 0; y < output_height; y++) {
            const uint8_t *in = planes[0] + (size_t)y * stride[0];
            uint8_t *out = rgb + (size_t)y * output_width * 3;
            for (int x = 0; x < output_width; x++, out += 3) out[0] = out[1] = out[2] = in[x];
        }
    } else {
        const scan_component *comp = frame->comp;
        int repeated = comp[0].repeat_h * comp[0].repeat_v * comp[1].repeat_h * comp[1].repeat_v *
                       comp[2].repeat_h * comp[2].repeat_v;
        for (int y = 0; y < output_height; y++) {
            const uint8_t *luma = planes[0] + (size_t)(y / comp[0].repeat_v) * stride[0];
            const uint8_t *cb = planes[1] + (size_t)(y / comp[1].repeat_v) * stride[1];
            const uint8_t *cr = planes[2] + (size_t)(y / comp[2].repeat_v) * stride[2];
            uint8_t *out = rgb + (size_t)y * output_width * 3;
            if (repeated == 1) {
                for (int x = 0; x < output_width; x++, out += 3) ycc_to_rgb(luma[x], cb[x], cr[x], out);
            } else {
                for (int x = 0; x < output_width; x++, out += 3)
                    ycc_to_rgb(luma[x / comp[0].repeat_h], cb[x / comp[1].repeat_h], cr[x / comp[2].repeat_h], out);
            }
        }
    }
    for (int c = 0; c < frame->count; c++) free(planes[c]);
    return CASCADE_JPEG_SCAN_OK;

corrupt:
    for (int c = 0; c < frame->count; c++) free(planes[c]);
    return CASCADE_JPEG_SCAN_CORRUPT;
}
