// Decoding the blocks of the cleaned entropy-coded data. The Huffman decode consumes every AC
// symbol (that is how the next block is found) but keeps only DC differences and, for
// components decoded at 2 x 2, the coefficients that inverse DCT reads.

#include "scan_entropy.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#define SCAN_HAVE_BMI2_CLONE 1
#endif

/// Everything on the decode loop's path is inlined into each of its copies (one of them
/// compiled for BMI2, whose one-cycle variable shifts shorten the bit reader's chain).
#define SCAN_INLINE static inline __attribute__((always_inline))

/// Invalid codes a guessing part meets before it gives up.
enum { SCAN_MAX_GUESS_MISSES = 4096 };

/// A big-endian bit reader: `buffer` holds `count` valid bits, most significant first, and
/// the next unread bit is at (source - base) * 8 - count. refill() keeps at least 56 valid bits
/// without branches (one unaligned 8-byte load; the data is padded, so it stays in bounds).
typedef struct {
    uint64_t buffer;
    unsigned count;
    const uint8_t *source;
} bit_reader;

SCAN_INLINE uint64_t load_be64(const uint8_t *bytes) {
    uint64_t word;
    memcpy(&word, bytes, 8);
    return __builtin_bswap64(word);
}

SCAN_INLINE void refill(bit_reader *reader) {
    reader->buffer |= load_be64(reader->source) >> reader->count;
    reader->source += (63 - reader->count) >> 3;
    reader->count |= 56;
}

SCAN_INLINE void consume(bit_reader *reader, unsigned bits) {
    reader->buffer <<= bits;
    reader->count -= bits;
}

SCAN_INLINE bit_reader reader_at(const uint8_t *base, uint64_t position) {
    bit_reader reader = {0, 0, base + (position >> 3)};
    refill(&reader);
    consume(&reader, (unsigned)(position & 7));
    return reader;
}

SCAN_INLINE uint64_t reader_position(const bit_reader *reader, const uint8_t *base) {
    return (uint64_t)(reader->source - base) * 8 - reader->count;
}

/// Decodes one symbol from the top of `word`: returns the code length (0 if invalid) and the
/// symbol.
SCAN_INLINE int decode_symbol(const scan_huffman *table, uint64_t word, int *symbol) {
    uint32_t entry = table->fast[word >> (64 - SCAN_LOOKAHEAD)];
    if (entry) {
        *symbol = (int)((entry >> 8) & 0xFF);
        return (int)((entry >> 16) & 31);
    }
    for (int length = SCAN_LOOKAHEAD + 1; length <= 16; length++) {
        int32_t code = (int32_t)(word >> (64 - length));
        if (code <= table->maxcode[length]) {
            *symbol = table->values[table->offset[length] + code];
            return length;
        }
    }
    return 0;
}

SCAN_INLINE int extend(uint32_t value, int bits) {
    return value < (1u << (bits - 1)) ? (int)value - (1 << bits) + 1 : (int)value;
}

/// Decodes one block. Returns 0, or 1 for an invalid code. Each symbol with its value bits is
/// at most 31 bits, and every refill leaves at least 56.
SCAN_INLINE int decode_block(bit_reader *reader, const scan_huffman *dc, const scan_huffman *ac,
                               int16_t *difference, int16_t *coefficients, uint32_t *kept) {
    refill(reader);
    uint64_t word = reader->buffer;
    int symbol;
    int length = decode_symbol(dc, word, &symbol);
    if (!length) return 1;
    int value = 0;
    if (symbol) value = extend((uint32_t)((word << length) >> (64 - symbol)), symbol);
    consume(reader, (unsigned)(length + symbol));
    *difference = (int16_t)value;
    if (!coefficients) {
        for (int k = 1; k < 64;) {
            refill(reader);
            word = reader->buffer;
            uint32_t entry = ac->fast[word >> (64 - SCAN_LOOKAHEAD)];
            uint32_t step;
            if (__builtin_expect(entry != 0, 1)) {
                consume(reader, entry & 63);
                step = entry >> 24;
            } else {
                length = decode_symbol(ac, word, &symbol);
                if (!length) return 1;
                consume(reader, (unsigned)(length + (symbol & 15)));
                step = (symbol & 15) ? (uint32_t)(symbol >> 4) + 1 : (symbol >> 4) == 15 ? 16 : 0;
            }
            if (!step) break;
            k += (int)step;
        }
    } else {
        for (int k = 1; k < 64; k++) {
            refill(reader);
            word = reader->buffer;
            length = decode_symbol(ac, word, &symbol);
            if (!length) return 1;
            int run = symbol >> 4, size = symbol & 15;
            consume(reader, (unsigned)(length + size));
            if (size) {
                k += run;
                // libjpeg stores a coefficient past 63 (a corrupt run) at position 63.
                int slot = scan_reduced_index[scan_natural_order[k]];
                if (slot != 255) {
                    coefficients[slot] = (int16_t)extend((uint32_t)((word << length) >> (64 - size)), size);
                    *kept |= 1u << slot;
                }
            } else {
                if (run != 15) break;
                k += 15;
            }
        }
    }
    return 0;
}

static int grow(void **pointer, long long count, size_t element) {
    void *grown = realloc(*pointer, (size_t)count * element);
    if (!grown) return 0;
    *pointer = grown;
    return 1;
}

int scan_part_reserve(scan_part *part, long long capacity) {
    if (capacity <= part->capacity) return 1;
    if (!grow((void **)&part->position, capacity, sizeof(uint32_t)) ||
        !grow((void **)&part->difference, capacity, sizeof(int16_t)) ||
        !grow((void **)&part->phase, capacity, sizeof(uint8_t)) ||
        !grow((void **)&part->reduced_index, capacity, sizeof(int32_t)))
        return 0;
    part->capacity = capacity;
    return 1;
}

static int reserve_record(scan_part *part) {
    if (part->count < part->capacity) return 1;
    return scan_part_reserve(part, part->capacity ? part->capacity * 2 : 4096);
}

static scan_reduced_block *reserve_reduced(scan_part *part) {
    if (part->reduced_count >= part->reduced_capacity) {
        long long capacity = part->reduced_capacity ? part->reduced_capacity * 2 : 1024;
        if (capacity > 0x7FFFFFFF || !grow((void **)&part->reduced, capacity, sizeof(scan_reduced_block))) return NULL;
        part->reduced_capacity = capacity;
    }
    return part->reduced + part->reduced_count;
}

static int add_reset(scan_part *part) {
    if (part->reset_count > 0 && part->resets[part->reset_count - 1] == part->count) return 1;
    if (part->reset_count >= part->reset_capacity) {
        long long capacity = part->reset_capacity ? part->reset_capacity * 2 : 64;
        if (!grow((void **)&part->resets, capacity, sizeof(long long))) return 0;
        part->reset_capacity = capacity;
    }
    part->resets[part->reset_count++] = part->count;
    return 1;
}


SCAN_INLINE long long part_decode(scan_part *part, uint64_t position, int phase, const scan_part *sync) {
    const scan_frame *frame = part->frame;
    const int blocks_in_mcu = frame->blocks_in_mcu;
    const uint8_t *bits = part->bits;
    long long cursor = 0;
    // Only records after the sync part's last restart form one chain to its end.
    long long chain_start = sync && sync->reset_count ? sync->resets[sync->reset_count - 1] : 0;
    bit_reader reader = reader_at(bits, position);
    long long misses = 0;
    part->stop = PART_RUNNING;
    while (1) {
        if (sync) {
            while (cursor < sync->count && sync->position[cursor] < position) cursor++;
            for (long long i = cursor; i < sync->count && sync->position[i] == position; i++) {
                if (sync->phase[i] == phase && i >= chain_start) {
                    part->stop_position = position;
                    part->stop_phase = phase;
                    return i;
                }
            }
        }
        if (part->count >= part->max_blocks) {
            part->stop = PART_FULL;
            break;
        }
        if (position >= part->end) {
            part->stop = PART_AT_END;
            break;
        }
        if (!reserve_record(part)) {
            part->stop = PART_NO_MEMORY;
            break;
        }
        const scan_component *component = &frame->comp[frame->mcu_component[phase]];
        int16_t coefficients[25];
        int reduce = component->scaled == 2;
        if (reduce) memset(coefficients, 0, sizeof coefficients);
        int16_t difference = 0;
        uint32_t kept = 0;
        int invalid = decode_block(&reader, &frame->dc[component->dc_table], &frame->ac[component->ac_table],
                                   &difference, reduce ? coefficients : NULL, &kept);
        uint64_t next = reader_position(&reader, bits);
        if (!invalid && next > part->limit) {
            part->stop = PART_OVERRAN;
            break;
        }
        if (invalid) {
            if (!part->speculative) {
                part->stop = PART_INVALID_CODE;
                break;
            }
            // A guess that went wrong: try again one bit later. A guess on real data lands on
            // the code within a few blocks; thousands of misses mean data that is not a scan,
            // so the part gives up (with a reset last, so no join uses its records) and the
            // exact decode before it runs on alone: hostile bytes cannot make the guessing
            // parts retry at every bit of their range.
            if (part->count > 0 && !add_reset(part)) {
                part->stop = PART_NO_MEMORY;
                break;
            }
            if (++misses > SCAN_MAX_GUESS_MISSES) {
                part->stop = PART_INVALID_CODE;
                break;
            }
            position += 1;
            phase = 0;
            reader = reader_at(bits, position);
            continue;
        }
        long long index = part->count++;
        part->position[index] = (uint32_t)position;
        part->difference[index] = difference;
        part->phase[index] = (uint8_t)phase;
        part->reduced_index[index] = -1;
        if (reduce) {
            scan_reduced_block *reduced = reserve_reduced(part);
            if (!reduced) {
                part->count--;
                part->stop = PART_NO_MEMORY;
                break;
            }
            if (kept) {
                scan_reduce_block(coefficients, kept, frame->quant[component->quant], reduced);
            } else {
                // No AC coefficient the 2 x 2 IDCT reads: it is the DC value alone.
                memset(reduced, 0, sizeof *reduced);
            }
            part->reduced_index[index] = (int32_t)part->reduced_count++;
        }
        position = next;
        if (++phase == blocks_in_mcu) phase = 0;
    }
    part->stop_position = position;
    part->stop_phase = phase;
    return -1;
}

static long long part_decode_generic(scan_part *part, uint64_t position, int phase, const scan_part *sync) {
    return part_decode(part, position, phase, sync);
}

#ifdef SCAN_HAVE_BMI2_CLONE
__attribute__((target("bmi2"))) static long long part_decode_bmi2(scan_part *part, uint64_t position, int phase,
                                                                  const scan_part *sync) {
    return part_decode(part, position, phase, sync);
}

/// CPUID leaf 7, EBX bit 8. Computed once; a race only computes it twice.
static int has_bmi2(void) {
    static volatile int known = -1;
    if (known < 0) {
        unsigned a = 0, b = 0, c = 0, d = 0;
        known = __get_cpuid_count(7, 0, &a, &b, &c, &d) && (b & (1u << 8)) ? 1 : 0;
    }
    return known;
}
#endif

long long scan_part_decode(scan_part *part, uint64_t position, int phase, const scan_part *sync) {
#ifdef SCAN_HAVE_BMI2_CLONE
    if (has_bmi2()) return part_decode_bmi2(part, position, phase, sync);
#endif
    return part_decode_generic(part, position, phase, sync);
}

void scan_part_release(scan_part *part) {
    free(part->position);
    free(part->difference);
    free(part->phase);
    free(part->reduced_index);
    free(part->reduced);
    free(part->resets);
}
