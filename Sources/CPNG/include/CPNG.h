#ifndef LABELCAT_CPNG_H
#define LABELCAT_CPNG_H

#include <stddef.h>
#include <stdint.h>
#include <zlib.h>

/// How a picture is compressed: libpng's row filters (a mask of PNG_FILTER_* values, or 0 for
/// libpng's default) and zlib's level (0-9) and strategy (Z_DEFAULT_STRATEGY, Z_RLE, ...).
typedef struct {
    int filters;
    int level;
    int strategy;
} labelcat_png_settings;

/// The bytes of an encoded PNG, allocated with malloc; free them with labelcat_png_free.
typedef struct {
    unsigned char *data;
    size_t length;
    size_t capacity;
} labelcat_png_bytes;

/// The filter masks of libpng (PNG_FILTER_NONE ... PNG_ALL_FILTERS), for callers without png.h.
enum {
    LABELCAT_PNG_FILTER_NONE = 0x08,
    LABELCAT_PNG_FILTER_SUB = 0x10,
    LABELCAT_PNG_FILTER_UP = 0x20,
    LABELCAT_PNG_FILTER_AVG = 0x40,
    LABELCAT_PNG_FILTER_PAETH = 0x80,
    LABELCAT_PNG_ALL_FILTERS = 0xF8,
};

/// Encodes cairo ARGB32 pixels (premultiplied, native-endian 32-bit words, `stride` bytes a
/// row; RGB24 when `has_alpha` is 0) as a PNG: 8-bit palette when every pixel is opaque and
/// there are at most 256 colours, 8-bit RGB when every pixel is opaque, else RGBA with the
/// alpha taken out of the colors. Returns 0 and fills `out`; on failure returns
/// -1 and writes libpng's message into `message` (and `out` holds nothing to free).
int labelcat_png_encode(const unsigned char *pixels, int width, int height, int stride, int has_alpha,
                        labelcat_png_settings settings, labelcat_png_bytes *out,
                        char *message, size_t message_size);

/// Frees what labelcat_png_encode allocated.
void labelcat_png_free(labelcat_png_bytes *bytes);

#endif
