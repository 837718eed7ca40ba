// The public entry points: headers, the parts and their threads, the join, the pixels.

#include "scan_entropy.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

enum { SCAN_MAX_PARTS = 64, SCAN_MAX_THREADS = 8 };

cascade_jpeg_scan_status cascade_jpeg_scan_probe(const uint8_t *data, size_t size, cascade_jpeg_scan_info *info) {
    memset(info, 0, sizeof *info);
    scan_frame *frame = malloc(sizeof *frame);
    if (!frame) return CASCADE_JPEG_SCAN_NO_MEMORY;
    cascade_jpeg_scan_status status = data ? scan_parse_headers(data, size, frame) : CASCADE_JPEG_SCAN_CORRUPT;
    info->width = frame->width;
    info->height = frame->height;
    info->output_width = (frame->width + 7) / 8;
    info->output_height = (frame->height + 7) / 8;
    info->components = frame->count;
    free(frame);
    return status;
}

static cascade_jpeg_scan_status decode_intervals(scan_part *part, const scan_entropy *entropy, long long first,
                                                 long long last, long long total_mcus);

/// The parts, taken one at a time by the threads (the calling thread and the ones started
/// for the decode) in order: a thread that the scheduler slows down takes fewer parts.
typedef struct {
    scan_part *parts;
    int count;
    const scan_entropy *entropy;
    /// Without restart intervals: where each part starts (bits). With them: each part's
    /// intervals [bounds[k], bounds[k + 1]).
    const uint64_t *starts;
    const long long *bounds;
    long long total_mcus;
    cascade_jpeg_scan_status *statuses;
    atomic_int next;
} part_queue;

static void work(part_queue *queue) {
    while (1) {
        int k = atomic_fetch_add(&queue->next, 1);
        if (k >= queue->count) return;
        if (queue->bounds) {
            queue->statuses[k] = decode_intervals(&queue->parts[k], queue->entropy, queue->bounds[k],
                                                  queue->bounds[k + 1], queue->total_mcus);
        } else {
            scan_part_decode(&queue->parts[k], queue->starts[k], 0, NULL);
        }
    }
}

static void *work_thread(void *argument) {
    work(argument);
    return NULL;
}

/// Runs the queue on `threads` threads, this one included.
static void run_queue(part_queue *queue, int threads) {
    pthread_t started[SCAN_MAX_THREADS];
    int running = 0;
    for (int t = 1; t < threads && t < SCAN_MAX_THREADS; t++) {
        if (pthread_create(&started[running], NULL, work_thread, queue) == 0) running++;
    }
    work(queue);
    for (int t = 0; t < running; t++) pthread_join(started[t], NULL);
}

/// Decodes restart intervals [first, last) into `part`, exactly.
static cascade_jpeg_scan_status decode_intervals(scan_part *part, const scan_entropy *entropy, long long first,
                                                 long long last, long long total_mcus) {
    const scan_frame *frame = part->frame;
    for (long long interval = first; interval < last; interval++) {
        long long mcus = total_mcus - interval * frame->restart_interval;
        if (mcus > frame->restart_interval) mcus = frame->restart_interval;
        part->end = part->limit = entropy->segment_start[interval + 1];
        part->max_blocks = part->count + mcus * frame->blocks_in_mcu;
        scan_part_decode(part, entropy->segment_start[interval], 0, NULL);
        if (part->stop == PART_NO_MEMORY) return CASCADE_JPEG_SCAN_NO_MEMORY;
        if (part->stop != PART_FULL) return CASCADE_JPEG_SCAN_CORRUPT;
    }
    return CASCADE_JPEG_SCAN_OK;
}

/// Runs every part on `threads` threads, then joins them into runs of exact records.
static cascade_jpeg_scan_status decode_parts(scan_part *parts, int count, int threads, const scan_entropy *entropy,
                                             const double *split_points, long long blocks, scan_run *runs,
                                             int *run_count, cascade_jpeg_scan_info *info) {
    const scan_frame *frame = parts[0].frame;
    uint64_t limit = entropy->length * 8;
    long long total_mcus = (long long)frame->mcus_wide * frame->mcus_high;

    if (entropy->segments > 1) {
        // Restart intervals: each part decodes whole intervals, exactly; no guessing.
        long long intervals = entropy->segments;
        if (intervals != (total_mcus + frame->restart_interval - 1) / frame->restart_interval)
            return CASCADE_JPEG_SCAN_CORRUPT;
        if (count > intervals) count = (int)intervals;
        long long bounds[SCAN_MAX_PARTS + 1];
        bounds[0] = 0;
        bounds[count] = intervals;
        for (int k = 1; k < count; k++) {
            bounds[k] = split_points ? (long long)(split_points[k - 1] * (double)intervals) : intervals * k / count;
            if (bounds[k] < bounds[k - 1]) bounds[k] = bounds[k - 1];
            if (bounds[k] > intervals) bounds[k] = intervals;
        }
        for (int k = 0; k < count; k++) {
            long long share = (bounds[k + 1] - bounds[k]) * frame->restart_interval * frame->blocks_in_mcu;
            scan_part_reserve(&parts[k], share < blocks ? share : blocks);
        }
        cascade_jpeg_scan_status statuses[SCAN_MAX_PARTS];
        part_queue queue = {parts, count, entropy, NULL, bounds, total_mcus, statuses, 0};
        run_queue(&queue, threads);
        for (int k = 0; k < count; k++) {
            if (statuses[k] != CASCADE_JPEG_SCAN_OK) return statuses[k];
            runs[k] = (scan_run){&parts[k], 0, parts[k].count};
        }
        *run_count = count;
        info->parts = count;
        return CASCADE_JPEG_SCAN_OK;
    }

    uint64_t starts[SCAN_MAX_PARTS + 1];
    starts[0] = 0;
    starts[count] = limit;
    for (int k = 1; k < count; k++) {
        double fraction = split_points ? split_points[k - 1] : (double)k / count;
        if (!(fraction > 0)) fraction = 0;
        if (fraction > 1) fraction = 1;
        starts[k] = (uint64_t)(fraction * (double)entropy->length) * 8;
        if (starts[k] < starts[k - 1]) starts[k] = starts[k - 1];
    }
    for (int k = 0; k < count; k++) {
        parts[k].end = starts[k + 1];
        parts[k].limit = limit;
        parts[k].max_blocks = blocks;
        parts[k].speculative = k > 0;
        // Room for this part's share of the blocks and some more, so records rarely move.
        double share = limit ? (double)(starts[k + 1] - starts[k]) / (double)limit : 1;
        long long expected = (long long)(share * 1.1 * (double)blocks) + 4096;
        scan_part_reserve(&parts[k], expected < blocks ? expected : blocks);
    }
    part_queue queue = {parts, count, entropy, starts, NULL, total_mcus, NULL, 0};
    run_queue(&queue, threads);
    info->parts = count;

    // Join: the exact decode so far ends in part `current`; it decodes on until it reaches a
    // block start of the next part (same bit position, same block of the MCU), from where that
    // part's records are exact too.
    int current = 0, next = 1, runs_used = 0;
    long long from = 0, before = 0;
    while (1) {
        scan_part *part = &parts[current];
        long long needed = blocks - before + from;
        if (part->count >= needed) {
            runs[runs_used++] = (scan_run){part, from, needed};
            break;
        }
        if (part->stop == PART_NO_MEMORY) return CASCADE_JPEG_SCAN_NO_MEMORY;
        if (part->stop != PART_AT_END && part->stop != PART_FULL) return CASCADE_JPEG_SCAN_CORRUPT;
        if (part->stop_position >= limit) return CASCADE_JPEG_SCAN_CORRUPT;
        part->end = limit;
        part->max_blocks = needed;
        part->speculative = 0;
        long long own_end = part->count;
        long long synced = scan_part_decode(part, part->stop_position, part->stop_phase,
                                            next < count ? &parts[next] : NULL);
        if (next < count) info->overlap_blocks += part->count - own_end;
        if (synced >= 0) {
            runs[runs_used++] = (scan_run){part, from, part->count};
            before += part->count - from;
            current = next;
            from = synced;
            next++;
            info->parts_joined++;
        } else {
            next = count;
        }
    }
    *run_count = runs_used;
    return CASCADE_JPEG_SCAN_OK;
}

cascade_jpeg_scan_status cascade_jpeg_scan_decode(const uint8_t *data, size_t size, long long pixel_limit,
                                                  int parts_wanted, int threads_wanted, const double *split_points,
                                                  uint8_t **rgb,
                                                  cascade_jpeg_scan_info *info) {
    *rgb = NULL;
    memset(info, 0, sizeof *info);
    if (!data) return CASCADE_JPEG_SCAN_CORRUPT;
    scan_frame *frame = malloc(sizeof *frame);
    if (!frame) return CASCADE_JPEG_SCAN_NO_MEMORY;
    cascade_jpeg_scan_status status = scan_parse_headers(data, size, frame);
    info->width = frame->width;
    info->height = frame->height;
    info->output_width = (frame->width + 7) / 8;
    info->output_height = (frame->height + 7) / 8;
    info->components = frame->count;
    if (status != CASCADE_JPEG_SCAN_OK) {
        free(frame);
        return status;
    }
    if ((double)frame->width * (double)frame->height > (double)pixel_limit) {
        free(frame);
        return CASCADE_JPEG_SCAN_TOO_LARGE;
    }
    long long blocks = (long long)frame->mcus_wide * frame->mcus_high * frame->blocks_in_mcu;
    int count = parts_wanted < 1 ? 1 : parts_wanted > SCAN_MAX_PARTS ? SCAN_MAX_PARTS : parts_wanted;
    int threads = threads_wanted < 1 ? 1 : threads_wanted > SCAN_MAX_THREADS ? SCAN_MAX_THREADS : threads_wanted;
    if (threads > count) threads = count;
    info->threads = threads;

    scan_entropy entropy;
    scan_part parts[SCAN_MAX_PARTS];
    memset(parts, 0, sizeof parts);
    uint8_t *output = NULL;
    status = scan_entropy_extract(data, size, frame, threads, &entropy);
    info->entropy_bytes = (long long)entropy.length;
    if (status != CASCADE_JPEG_SCAN_OK) goto done;
    for (int k = 0; k < count; k++) {
        parts[k].frame = frame;
        parts[k].bits = entropy.bytes;
    }
    scan_run runs[SCAN_MAX_PARTS];
    int run_count = 0;
    status = decode_parts(parts, count, threads, &entropy, split_points, blocks, runs, &run_count, info);
    if (status != CASCADE_JPEG_SCAN_OK) goto done;

    output = malloc((size_t)info->output_width * (size_t)info->output_height * 3);
    status = output ? scan_render(frame, runs, run_count, output) : CASCADE_JPEG_SCAN_NO_MEMORY;

done:
    for (int k = 0; k < SCAN_MAX_PARTS; k++) scan_part_release(&parts[k]);
    scan_entropy_release(&entropy);
    free(frame);
    if (status == CASCADE_JPEG_SCAN_OK) {
        *rgb = output;
    } else {
        free(output);
    }
    return status;
}

void cascade_jpeg_scan_free(uint8_t *rgb) { free(rgb); }
