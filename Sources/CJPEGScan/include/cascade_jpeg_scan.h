// A baseline JPEG decoder that produces only the 1/8-scale image (one pixel per 8 x 8 block),
// with the scan's entropy-coded data split across threads. Every byte it reads is bounds-checked;
// anything it does not support or cannot decode exactly is reported, never guessed.

#ifndef CASCADE_JPEG_SCAN_H
#define CASCADE_JPEG_SCAN_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    CASCADE_JPEG_SCAN_OK = 0,
    /// Valid or not, not a file this decoder handles (progressive, 12-bit, CMYK, RGB, 4:1:1, ...).
    CASCADE_JPEG_SCAN_UNSUPPORTED = 1,
    /// Broken: truncated, invalid Huffman code, bad table, bad restart marker, ...
    CASCADE_JPEG_SCAN_CORRUPT = 2,
    /// Declares more pixels than the caller's limit.
    CASCADE_JPEG_SCAN_TOO_LARGE = 3,
    CASCADE_JPEG_SCAN_NO_MEMORY = 4,
} cascade_jpeg_scan_status;

typedef struct {
    /// The size the file declares.
    int width, height;
    /// The 1/8-scale output: ceil(width / 8) x ceil(height / 8).
    int output_width, output_height;
    /// Components in the frame (1 or 3).
    int components;
    /// Parts the entropy-coded data was split into, and threads that decoded them.
    int parts;
    int threads;
    /// Parts whose speculative start joined the exact decode before its end.
    int parts_joined;
    /// Blocks the joining decodes ran past their own part's end before they synchronised.
    long long overlap_blocks;
    /// Bytes of entropy-coded data (after stuffing removal).
    long long entropy_bytes;
} cascade_jpeg_scan_info;

/// Reads the headers only: fills `info` (sizes, components) and tells whether the decode below
/// supports the file (OK), or why not.
cascade_jpeg_scan_status cascade_jpeg_scan_probe(const uint8_t *data, size_t size, cascade_jpeg_scan_info *info);

/// Decodes `data` at 1/8 scale into tightly packed 8-bit RGB (`*rgb`, output_width x
/// output_height x 3 bytes; free it with cascade_jpeg_scan_free), as libjpeg-turbo's 1/8 scaled
/// decode does (1 x 1 inverse DCT of luma, 2 x 2 of 4:2:0 chroma, its YCbCr -> RGB tables).
///
/// The entropy-coded data is split into `parts` (1...64) parts, decoded by `threads` (1...8,
/// at most `parts`) threads that take the parts in order: the calling thread and threads
/// started here, which inherit the caller's scheduling priority. `split_points`, if not NULL,
/// holds parts - 1 increasing fractions in (0, 1) of the entropy data where the parts begin
/// (tests use random ones); NULL splits evenly. The result is the same for every number of
/// parts and threads and every split: each part after the first decodes from a guessed state
/// and is only used from the block where the exact decode before it reaches the same bit
/// position in the same block of the MCU.
cascade_jpeg_scan_status cascade_jpeg_scan_decode(const uint8_t *data, size_t size, long long pixel_limit,
                                                  int parts, int threads, const double *split_points,
                                                  uint8_t **rgb, cascade_jpeg_scan_info *info);

void cascade_jpeg_scan_free(uint8_t *rgb);

#endif
