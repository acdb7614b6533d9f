// PNG encoding with libpng: the setjmp/longjmp its errors need lives here, in C, so that no
// Swift frame is ever jumped over.
#include "CPNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    jmp_buf jump;
    char message[256];
} failure;

static void on_error(png_structp png, png_const_charp message) {
    failure *context = png_get_error_ptr(png);
    snprintf(context->message, sizeof context->message, "%s", message);
    longjmp(context->jump, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    labelcat_png_bytes *bytes = png_get_io_ptr(png);
    if (bytes->capacity - bytes->length < length) {
        size_t capacity = bytes->capacity ? bytes->capacity : 4096;
        while (capacity - bytes->length < length) {
            if (capacity > SIZE_MAX / 2) png_error(png, "out of memory");
            capacity *= 2;
        }
        unsigned char *grown = realloc(bytes->data, capacity);
        if (!grown) png_error(png, "out of memory");
        bytes->data = grown;
        bytes->capacity = capacity;
    }
    memcpy(bytes->data + bytes->length, data, length);
    bytes->length += length;
}

static void on_flush(png_structp png) { (void)png; }

static int is_opaque(const unsigned char *pixels, int width, int height, int stride) {
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            if ((row[x] >> 24) != 0xFF) return 0;
        }
    }
    return 1;
}

/// The colours of an opaque picture, when it has at most 256: a small open-addressing table
/// of 0xRRGGBB values (slot -> index + 1), built once and then used to index each row.
typedef struct {
    uint32_t colors[256];
    uint16_t slots[1024];
    int count;
} palette;

static unsigned palette_slot(uint32_t color) { return (color * 2654435761u) >> 22; }

/// The palette index of `color`, added when new; -1 when the palette is full.
static int palette_index(palette *table, uint32_t color) {
    for (unsigned slot = palette_slot(color);; slot = (slot + 1) & 1023) {
        uint16_t entry = table->slots[slot];
        if (entry == 0) {
            if (table->count == 256) return -1;
            table->colors[table->count] = color;
            table->slots[slot] = (uint16_t)(++table->count);
            return table->count - 1;
        }
        if (table->colors[entry - 1] == color) return entry - 1;
    }
}

/// Fills `table` with the picture's colours; 0 when it has more than 256.
static int find_palette(const unsigned char *pixels, int width, int height, int stride, palette *table) {
    memset(table, 0, sizeof *table);
    uint32_t last = 0;
    int known = 0;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * stride);
        for (int x = 0; x < width; x++) {
            uint32_t color = row[x] & 0xFFFFFF;
            if (known && color == last) continue;  // runs of one colour: most of a picture
            if (palette_index(table, color) < 0) return 0;
            last = color;
            known = 1;
        }
    }
    return 1;
}

/// One row of cairo pixels as palette indices.
static void index_row(const uint32_t *row, int width, palette *table, unsigned char *out) {
    uint32_t last = 0;
    int index = -1;
    for (int x = 0; x < width; x++) {
        uint32_t color = row[x] & 0xFFFFFF;
        if (index < 0 || color != last) {
            index = palette_index(table, color);
            last = color;
        }
        out[x] = (unsigned char)index;
    }
}

/// One row of cairo pixels as PNG samples: RGB, or RGBA with the alpha divided out.
static void convert_row(const uint32_t *row, int width, int opaque, unsigned char *out) {
    if (opaque) {
        for (int x = 0; x < width; x++) {
            uint32_t value = row[x];
            out[0] = (unsigned char)(value >> 16);
            out[1] = (unsigned char)(value >> 8);
            out[2] = (unsigned char)value;
            out += 3;
        }
        return;
    }
    for (int x = 0; x < width; x++) {
        uint32_t value = row[x];
        uint32_t alpha = value >> 24;
        if (alpha == 0) {
            out[0] = out[1] = out[2] = out[3] = 0;
        } else {
            out[0] = (unsigned char)((((value >> 16) & 0xFF) * 255 + alpha / 2) / alpha);
            out[1] = (unsigned char)((((value >> 8) & 0xFF) * 255 + alpha / 2) / alpha);
            out[2] = (unsigned char)(((value & 0xFF) * 255 + alpha / 2) / alpha);
            out[3] = (unsigned char)alpha;
        }
        out += 4;
    }
}

int labelcat_png_encode(const unsigned char *pixels, int width, int height, int stride, int has_alpha,
                        labelcat_png_settings settings, labelcat_png_bytes *out,
                        char *message, size_t message_size) {
    out->data = NULL;
    out->length = out->capacity = 0;
    failure context;
    context.message[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &context, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int opaque = !has_alpha || is_opaque(pixels, width, height, stride);
    unsigned char *row = malloc((size_t)width * 4);
    palette *table = malloc(sizeof *table);
    if (!png || !info || !row || !table) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(table);
        snprintf(message, message_size, "out of memory");
        return -1;
    }
    // An opaque picture of at most 256 colours (flat fills, antialiased text) is written with a
    // palette: a byte a pixel for zlib to compress instead of three, the same pixels.
    int indexed = opaque && find_palette(pixels, width, height, stride, table);
    if (setjmp(context.jump)) {
        png_destroy_write_struct(&png, &info);
        free(row);
        free(table);
        labelcat_png_free(out);
        snprintf(message, message_size, "%s", context.message);
        return -1;
    }
    png_set_write_fn(png, out, on_write, on_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 indexed ? PNG_COLOR_TYPE_PALETTE : opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (indexed) {
        png_color colors[256];
        for (int index = 0; index < table->count; index++) {
            colors[index].red = (png_byte)(table->colors[index] >> 16);
            colors[index].green = (png_byte)(table->colors[index] >> 8);
            colors[index].blue = (png_byte)table->colors[index];
        }
        png_set_PLTE(png, info, colors, table->count);
    }
    if (settings.filters) png_set_filter(png, PNG_FILTER_TYPE_BASE, settings.filters);
    png_set_compression_level(png, settings.level);
    png_set_compression_strategy(png, settings.strategy);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) {
        const uint32_t *pixels_row = (const uint32_t *)(pixels + (size_t)y * stride);
        if (indexed) index_row(pixels_row, width, table, row); else convert_row(pixels_row, width, opaque, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    free(table);
    return 0;
}

void labelcat_png_free(labelcat_png_bytes *bytes) {
    free(bytes->data);
    bytes->data = NULL;
    bytes->length = bytes->capacity = 0;
}
