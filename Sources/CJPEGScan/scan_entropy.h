// The entropy-coded data, cleaned, and the per-part block decoder.

#ifndef CASCADE_JPEG_SCAN_ENTROPY_H
#define CASCADE_JPEG_SCAN_ENTROPY_H

#include "scan_internal.h"

/// The scan's data with 0xFF00 stuffing removed and the restart markers cut out: segment i
/// (one restart interval) is bits [segment_start[i], segment_start[i + 1]).
typedef struct {
    uint8_t *bytes;  // length + SCAN_PADDING zero bytes
    uint64_t length;
    uint64_t *segment_start;  // segments + 1 entries
    long long segments;
} scan_entropy;

/// Cleans the scan's data on `threads` threads (one for small scans).
cascade_jpeg_scan_status scan_entropy_extract(const uint8_t *data, size_t size, const scan_frame *frame, int threads,
                                              scan_entropy *entropy);
void scan_entropy_release(scan_entropy *entropy);

typedef enum { PART_RUNNING, PART_AT_END, PART_INVALID_CODE, PART_OVERRAN, PART_FULL, PART_NO_MEMORY } part_stop;

/// One part's decoded blocks: for each, the bit position where it starts, its block-of-MCU
/// index, its DC difference and (components decoded at 2 x 2) the rest of its 2 x 2 IDCT.
typedef struct {
    const scan_frame *frame;
    const uint8_t *bits;
    /// Blocks are decoded while they start before `end`; none may end after `limit`.
    uint64_t end, limit;
    /// At most this many blocks in all.
    long long max_blocks;
    int speculative;

    long long count, capacity;
    uint32_t *position;
    int16_t *difference;
    uint8_t *phase;
    int32_t *reduced_index;  // into reduced, or -1
    scan_reduced_block *reduced;
    long long reduced_count, reduced_capacity;
    /// Record indices where a speculative part restarted after an invalid code (records before
    /// and after are not one chain).
    long long *resets;
    long long reset_count, reset_capacity;

    /// Where decoding stopped: the next block's start and block-of-MCU index.
    uint64_t stop_position;
    int stop_phase;
    part_stop stop;
} scan_part;

/// Decodes blocks from `position`/`phase` until a block starts at or after part->end, an error
/// (exact parts stop; speculative ones restart one bit later), or max_blocks. When `sync` is
/// not NULL, also stops (returning its record index) at the first block whose position and
/// phase match a record of `sync` with no reset between it and `sync`'s end; returns -1 if
/// none. Appends to `part`'s records.
long long scan_part_decode(scan_part *part, uint64_t position, int phase, const scan_part *sync);

/// Makes room for `capacity` records (0 if out of memory).
int scan_part_reserve(scan_part *part, long long capacity);

void scan_part_release(scan_part *part);

/// Records [from, to) of a part, exact: the decoded scan is a sequence of runs.
typedef struct {
    const scan_part *part;
    long long from, to;
} scan_run;

/// Writes the 1/8-scale RGB image from the decoded scan: predicts each DC value along the runs
/// (restarting at each restart interval) and applies the inverse DCT, then converts colour.
/// CORRUPT if the runs do not hold exactly the frame's blocks in order.
cascade_jpeg_scan_status scan_render(const scan_frame *frame, const scan_run *runs, int run_count, uint8_t *rgb);

#endif
