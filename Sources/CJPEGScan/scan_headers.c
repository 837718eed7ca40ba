// The JPEG marker parser: SOI, then tables and frame header up to the first SOS. Only baseline
// and extended sequential Huffman frames (SOF0/SOF1) with 8-bit samples, 1 or 3 components and
// one interleaved scan of all components are accepted; everything else is UNSUPPORTED so the
// caller uses the general decoder.

#include "scan_internal.h"

#include <string.h>

const uint8_t scan_natural_order[64 + 16] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,  12, 19, 26, 33,
    40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36,
    29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54,
    47, 55, 62, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
};

const uint8_t scan_reduced_index[64] = {
    0,   1,   255, 2,   255, 3,   255, 4,   5,   6,   255, 7,   255, 8,   255, 9,
    255, 255, 255, 255, 255, 255, 255, 255, 10,  11,  255, 12,  255, 13,  255, 14,
    255, 255, 255, 255, 255, 255, 255, 255, 15,  16,  255, 17,  255, 18,  255, 19,
    255, 255, 255, 255, 255, 255, 255, 255, 20,  21,  255, 22,  255, 23,  255, 24,
};

static int read16(const uint8_t *p) { return (p[0] << 8) | p[1]; }

/// Builds the lookup tables of one DHT table as libjpeg's jpeg_make_d_derived_tbl does, with
/// its checks (a code that does not fit its length is a bad table).
static int build_huffman(scan_huffman *table, const uint8_t counts[16], const uint8_t *values, int total, int is_dc) {
    memset(table, 0, sizeof *table);
    if (total > 256) return 0;
    memcpy(table->values, values, (size_t)total);
    if (is_dc) {
        for (int i = 0; i < total; i++) {
            if (values[i] > 15) return 0;
        }
    }
    int code = 0, index = 0;
    for (int length = 1; length <= 16; length++) {
        int n = counts[length - 1];
        table->offset[length] = index - code;
        if (n) {
            for (int i = 0; i < n; i++, index++, code++) {
                // More codes than the length holds: libjpeg's "bad Huffman table" (checked
                // before the code indexes the fast table).
                if (code >= (1 << length)) return 0;
                if (length <= SCAN_LOOKAHEAD) {
                    int shift = SCAN_LOOKAHEAD - length;
                    uint8_t symbol = values[index];
                    int value_bits = is_dc ? symbol : (symbol & 15);
                    // For AC tables: how far the symbol moves the coefficient index (run + 1,
                    // 16 for ZRL), 0 for end of block (any other size-0 symbol, as libjpeg).
                    uint32_t step = 0;
                    if (!is_dc) step = (symbol & 15) ? (uint32_t)(symbol >> 4) + 1 : (symbol >> 4) == 15 ? 16 : 0;
                    uint32_t entry = (uint32_t)(length + value_bits) | ((uint32_t)symbol << 8) | ((uint32_t)length << 16) |
                                     (step << 24);
                    for (int fill = 0; fill < (1 << shift); fill++) table->fast[(code << shift) | fill] = entry;
                }
            }
            table->maxcode[length] = code - 1;
        } else {
            table->maxcode[length] = -1;
        }
        if (code >= (1 << length)) return 0;
        code <<= 1;
    }
    table->maxcode[17] = 0x7FFFFFFF;
    table->defined = 1;
    return 1;
}

cascade_jpeg_scan_status scan_parse_headers(const uint8_t *data, size_t size, scan_frame *frame) {
    memset(frame, 0, sizeof *frame);
    if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return CASCADE_JPEG_SCAN_UNSUPPORTED;
    size_t at = 2;
    int have_frame = 0;
    while (1) {
        // Markers may be preceded by any number of 0xFF fill bytes.
        if (at >= size || data[at] != 0xFF) return CASCADE_JPEG_SCAN_CORRUPT;
        while (at < size && data[at] == 0xFF) at++;
        if (at >= size) return CASCADE_JPEG_SCAN_CORRUPT;
        int marker = data[at++];
        if (marker == 0xD8 || marker == 0xD9 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0)
            return CASCADE_JPEG_SCAN_CORRUPT;
        if (at + 2 > size) return CASCADE_JPEG_SCAN_CORRUPT;
        size_t length = (size_t)read16(data + at);
        if (length < 2 || at + length > size) return CASCADE_JPEG_SCAN_CORRUPT;
        const uint8_t *p = data + at + 2;
        size_t left = length - 2;
        size_t next = at + length;
        switch (marker) {
        case 0xC0:
        case 0xC1: {
            if (have_frame || left < 6) return CASCADE_JPEG_SCAN_CORRUPT;
            if (p[0] != 8) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            frame->height = read16(p + 1);
            frame->width = read16(p + 3);
            frame->count = p[5];
            // A height of 0 (defined later by DNL) is not supported; neither is CMYK.
            if (frame->height == 0 || frame->width == 0) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            if (frame->count != 1 && frame->count != 3) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            if (left != 6 + 3 * (size_t)frame->count) return CASCADE_JPEG_SCAN_CORRUPT;
            for (int c = 0; c < frame->count; c++) {
                scan_component *comp = &frame->comp[c];
                comp->id = p[6 + 3 * c];
                comp->h = p[7 + 3 * c] >> 4;
                comp->v = p[7 + 3 * c] & 15;
                comp->quant = p[8 + 3 * c];
                if (comp->h < 1 || comp->h > 4 || comp->v < 1 || comp->v > 4 || comp->quant > 3)
                    return CASCADE_JPEG_SCAN_CORRUPT;
                if (comp->h > 2 || comp->v > 2) return CASCADE_JPEG_SCAN_UNSUPPORTED;
                for (int other = 0; other < c; other++) {
                    if (frame->comp[other].id == comp->id) return CASCADE_JPEG_SCAN_UNSUPPORTED;
                }
            }
            // Component ids 'R', 'G', 'B' make libjpeg read the samples as RGB, not YCbCr.
            if (frame->count == 3 && frame->comp[0].id == 'R' && frame->comp[1].id == 'G' && frame->comp[2].id == 'B')
                return CASCADE_JPEG_SCAN_UNSUPPORTED;
            have_frame = 1;
            break;
        }
        case 0xC4: {
            while (left > 0) {
                if (left < 17) return CASCADE_JPEG_SCAN_CORRUPT;
                int class = p[0] >> 4, index = p[0] & 15;
                if (class > 1 || index > 3) return CASCADE_JPEG_SCAN_CORRUPT;
                int total = 0;
                for (int i = 0; i < 16; i++) total += p[1 + i];
                if (total > 256 || left < 17 + (size_t)total) return CASCADE_JPEG_SCAN_CORRUPT;
                scan_huffman *table = class == 0 ? &frame->dc[index] : &frame->ac[index];
                if (!build_huffman(table, p + 1, p + 17, total, class == 0)) return CASCADE_JPEG_SCAN_CORRUPT;
                p += 17 + total;
                left -= 17 + (size_t)total;
            }
            break;
        }
        case 0xDB: {
            while (left > 0) {
                int precision = p[0] >> 4, index = p[0] & 15;
                if (precision > 1 || index > 3) return CASCADE_JPEG_SCAN_CORRUPT;
                size_t need = 1 + (precision ? 128 : 64);
                if (left < need) return CASCADE_JPEG_SCAN_CORRUPT;
                // Stored in zigzag order; kept in natural order as libjpeg does.
                for (int k = 0; k < 64; k++) {
                    int value = precision ? read16(p + 1 + 2 * k) : p[1 + k];
                    frame->quant[index][scan_natural_order[k]] = (uint16_t)value;
                }
                frame->quant_defined[index] = 1;
                p += need;
                left -= need;
            }
            break;
        }
        case 0xDD:
            if (left != 2) return CASCADE_JPEG_SCAN_CORRUPT;
            frame->restart_interval = read16(p);
            break;
        case 0xEE:
            // An Adobe marker may declare RGB or YCCK samples: leave those files to libjpeg.
            if (left >= 5 && memcmp(p, "Adobe", 5) == 0) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            break;
        case 0xDA: {
            if (!have_frame || left < 1) return CASCADE_JPEG_SCAN_CORRUPT;
            int count = p[0];
            if (left != 4 + 2 * (size_t)count) return CASCADE_JPEG_SCAN_CORRUPT;
            // One scan holding every component, in frame order (what baseline encoders write).
            if (count != frame->count) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            for (int c = 0; c < count; c++) {
                scan_component *comp = &frame->comp[c];
                if (p[1 + 2 * c] != comp->id) return CASCADE_JPEG_SCAN_UNSUPPORTED;
                comp->dc_table = p[2 + 2 * c] >> 4;
                comp->ac_table = p[2 + 2 * c] & 15;
                if (comp->dc_table > 3 || comp->ac_table > 3) return CASCADE_JPEG_SCAN_CORRUPT;
                if (!frame->dc[comp->dc_table].defined || !frame->ac[comp->ac_table].defined)
                    return CASCADE_JPEG_SCAN_UNSUPPORTED;
                if (!frame->quant_defined[comp->quant]) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            }
            const uint8_t *tail = p + 1 + 2 * count;
            if (tail[0] != 0 || tail[1] != 63 || tail[2] != 0) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            frame->scan_start = next;
            goto layout;
        }
        default:
            // SOF2 (progressive), SOF3 and SOF5+ (lossless, hierarchical, arithmetic), DAC, DNL.
            if ((marker >= 0xC2 && marker <= 0xCF) || marker == 0xDC) return CASCADE_JPEG_SCAN_UNSUPPORTED;
            break;
        }
        at = next;
    }

layout:
    for (int c = 0; c < frame->count; c++) {
        if (frame->comp[c].h > frame->max_h) frame->max_h = frame->comp[c].h;
        if (frame->comp[c].v > frame->max_v) frame->max_v = frame->comp[c].v;
    }
    if (frame->count == 1) {
        // A single-component scan is not interleaved: one block per MCU, covering the image.
        frame->comp[0].h = frame->comp[0].v = frame->max_h = frame->max_v = 1;
        frame->mcus_wide = (frame->width + 7) / 8;
        frame->mcus_high = (frame->height + 7) / 8;
        frame->blocks_in_mcu = 1;
        frame->mcu_component[0] = 0;
        frame->comp[0].scaled = frame->comp[0].repeat_h = frame->comp[0].repeat_v = 1;
        frame->comp[0].blocks_wide = frame->mcus_wide;
        frame->comp[0].blocks_high = frame->mcus_high;
        return CASCADE_JPEG_SCAN_OK;
    }
    frame->mcus_wide = (frame->width + 8 * frame->max_h - 1) / (8 * frame->max_h);
    frame->mcus_high = (frame->height + 8 * frame->max_v - 1) / (8 * frame->max_v);
    int blocks = 0;
    for (int c = 0; c < frame->count; c++) {
        scan_component *comp = &frame->comp[c];
        // libjpeg's choice of inverse DCT size at 1/8 scale: subsampled chroma is decoded at
        // 2 x 2 (or larger) instead of being upsampled.
        int scaled = 1;
        while (scaled < 8 && (frame->max_h % (comp->h * scaled * 2)) == 0 && (frame->max_v % (comp->v * scaled * 2)) == 0)
            scaled *= 2;
        // Supported: inverse DCTs of 1 x 1 and 2 x 2, and what is left of the subsampling an
        // integral factor (4:2:2, 4:4:0; factors above 2 were refused above). At 1/8 scale
        // libjpeg upsamples without its "fancy" filter (only used above 1/8): each pixel is
        // repeated.
        if (scaled > 2 || frame->max_h % (comp->h * scaled) != 0 || frame->max_v % (comp->v * scaled) != 0)
            return CASCADE_JPEG_SCAN_UNSUPPORTED;
        comp->scaled = scaled;
        comp->repeat_h = frame->max_h / (comp->h * scaled);
        comp->repeat_v = frame->max_v / (comp->v * scaled);
        comp->blocks_wide = frame->mcus_wide * comp->h;
        comp->blocks_high = frame->mcus_high * comp->v;
        for (int i = 0; i < comp->h * comp->v; i++) {
            if (blocks >= SCAN_MAX_BLOCKS_IN_MCU) return CASCADE_JPEG_SCAN_CORRUPT;
            frame->mcu_component[blocks++] = c;
        }
    }
    frame->blocks_in_mcu = blocks;
    return CASCADE_JPEG_SCAN_OK;
}
