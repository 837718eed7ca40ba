// Cleaning the scan's entropy-coded data: byte stuffing removed, restart markers cut out and
// checked, on the decode's threads for large scans.

#include "scan_entropy.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// One range of the raw scan data, cleaned in place of its own bytes: output at most as long
/// as the input, so range t writes into the output buffer at its raw offset, and the ranges are
/// moved together afterwards.
typedef struct {
    const uint8_t *data;
    size_t from, to;
    uint8_t *out;
    size_t length;
    /// Restart markers: output offset (in this range) and number.
    size_t *restarts;
    int *numbers;
    long long restart_count, restart_capacity;
    /// A marker other than RSTn ended the scan inside this range.
    int terminated;
    int no_memory;
} clean_range;

static void clean(clean_range *range) {
    const uint8_t *data = range->data;
    size_t at = range->from, to = range->to, length = 0;
    uint8_t *out = range->out;
    while (at < to) {
        const uint8_t *ff = memchr(data + at, 0xFF, to - at);
        size_t run = ff ? (size_t)(ff - (data + at)) : to - at;
        memcpy(out + length, data + at, run);
        length += run;
        at += run;
        if (!ff) break;
        // 0xFF fill bytes may repeat; 0xFF00 is a stuffed 0xFF data byte.
        size_t next = at + 1;
        while (next < to && data[next] == 0xFF) next++;
        if (next >= to) break;
        int marker = data[next];
        if (marker == 0) {
            out[length++] = 0xFF;
            at = next + 1;
            continue;
        }
        if (marker < 0xD0 || marker > 0xD7) {
            range->terminated = 1;
            break;
        }
        if (range->restart_count == range->restart_capacity) {
            long long capacity = range->restart_capacity ? range->restart_capacity * 2 : 64;
            size_t *restarts = realloc(range->restarts, sizeof(size_t) * (size_t)capacity);
            if (restarts) range->restarts = restarts;
            int *numbers = realloc(range->numbers, sizeof(int) * (size_t)capacity);
            if (numbers) range->numbers = numbers;
            if (!restarts || !numbers) {
                range->no_memory = 1;
                break;
            }
            range->restart_capacity = capacity;
        }
        range->restarts[range->restart_count] = length;
        range->numbers[range->restart_count++] = marker - 0xD0;
        at = next + 1;
    }
    range->length = length;
}

static void *clean_thread(void *argument) {
    clean(argument);
    return NULL;
}

enum { SCAN_MAX_CLEAN_RANGES = 8 };

cascade_jpeg_scan_status scan_entropy_extract(const uint8_t *data, size_t size, const scan_frame *frame, int threads,
                                              scan_entropy *entropy) {
    memset(entropy, 0, sizeof *entropy);
    size_t start = frame->scan_start;
    size_t available = size - start;
    // Block positions are kept as 32-bit bit offsets.
    if (available > ((size_t)1 << 28)) return CASCADE_JPEG_SCAN_UNSUPPORTED;
    entropy->bytes = malloc(available + SCAN_PADDING);
    if (!entropy->bytes) return CASCADE_JPEG_SCAN_NO_MEMORY;

    // Ranges split where the byte before is not 0xFF, so no marker (0xFF run and its code)
    // spans two ranges. Small scans are one range.
    int count = threads < 1 ? 1 : threads > SCAN_MAX_CLEAN_RANGES ? SCAN_MAX_CLEAN_RANGES : threads;
    if (available < 256 * 1024) count = 1;
    clean_range ranges[SCAN_MAX_CLEAN_RANGES];
    memset(ranges, 0, sizeof ranges);
    size_t from = start;
    for (int t = 0; t < count; t++) {
        size_t to = t == count - 1 ? size : start + available / (size_t)count * (size_t)(t + 1);
        while (to < size && data[to - 1] == 0xFF) to++;
        if (to < from) to = from;
        ranges[t] = (clean_range){data, from, to, entropy->bytes + (from - start), 0, NULL, NULL, 0, 0, 0, 0};
        from = to;
    }
    pthread_t started[SCAN_MAX_CLEAN_RANGES];
    int running[SCAN_MAX_CLEAN_RANGES] = {0};
    for (int t = 1; t < count; t++) running[t] = pthread_create(&started[t], NULL, clean_thread, &ranges[t]) == 0;
    clean(&ranges[0]);
    for (int t = 1; t < count; t++) {
        if (running[t]) {
            pthread_join(started[t], NULL);
        } else {
            clean(&ranges[t]);
        }
    }

    // Move the ranges together (up to the one a marker ended) and number the segments.
    cascade_jpeg_scan_status status = CASCADE_JPEG_SCAN_OK;
    long long restarts = 0;
    int used = 0;
    for (; used < count; used++) {
        restarts += ranges[used].restart_count;
        if (ranges[used].no_memory) status = CASCADE_JPEG_SCAN_NO_MEMORY;
        if (ranges[used].terminated) {
            used++;
            break;
        }
    }
    entropy->segment_start = malloc(sizeof(uint64_t) * (size_t)(restarts + 2));
    if (!entropy->segment_start) status = CASCADE_JPEG_SCAN_NO_MEMORY;
    uint64_t length = 0;
    long long segments = 1;
    int expected_restart = 0;
    if (status == CASCADE_JPEG_SCAN_OK) {
        entropy->segment_start[0] = 0;
        for (int t = 0; t < used; t++) {
            if (ranges[t].out != entropy->bytes + length) memmove(entropy->bytes + length, ranges[t].out, ranges[t].length);
            for (long long r = 0; r < ranges[t].restart_count; r++) {
                // A restart marker: must be the next in sequence, and only with a restart interval.
                if (frame->restart_interval == 0 || ranges[t].numbers[r] != expected_restart) {
                    status = CASCADE_JPEG_SCAN_CORRUPT;
                    break;
                }
                expected_restart = (expected_restart + 1) & 7;
                entropy->segment_start[segments++] = (length + ranges[t].restarts[r]) * 8;
            }
            length += ranges[t].length;
        }
    }
    for (int t = 0; t < count; t++) {
        free(ranges[t].restarts);
        free(ranges[t].numbers);
    }
    if (status != CASCADE_JPEG_SCAN_OK) return status;
    memset(entropy->bytes + length, 0, SCAN_PADDING);
    entropy->length = length;
    entropy->segment_start[segments] = length * 8;
    entropy->segments = segments;
    return CASCADE_JPEG_SCAN_OK;
}

void scan_entropy_release(scan_entropy *entropy) {
    free(entropy->bytes);
    free(entropy->segment_start);
    memset(entropy, 0, sizeof *entropy);
}

