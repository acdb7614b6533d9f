// Measures PNG encoder settings on real report pictures: libpng's row filters against zlib's
// level and strategy, in time and bytes, with the encoder labelcat uses (Sources/CPNG/png.c),
// and cairo's own cairo_surface_write_to_png_stream (what labelcat used before) as the baseline.
//
//   cc -O2 -o png-settings Benchmarks/png_settings.c Sources/CPNG/png.c -ISources/CPNG/include
//       $(pkg-config --cflags --libs cairo libpng zlib)    (one line)
//   ./png-settings report/images/*.png
#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

#include "CPNG.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); // CPU time: the machine is shared
    return t.tv_sec + t.tv_nsec / 1e9;
}

static size_t counted;
static cairo_status_t count_bytes(void *closure, const unsigned char *data, unsigned int length) {
    (void)closure;
    (void)data;
    counted += length;
    return CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv) {
    int count = argc - 1;
    if (count < 1) {
        fprintf(stderr, "usage: %s PICTURE.png ...\n", argv[0]);
        return 64;
    }
    cairo_surface_t **surfaces = calloc(count, sizeof *surfaces);
    long pixels = 0;
    for (int i = 0; i < count; i++) {
        cairo_surface_t *read = cairo_image_surface_create_from_png(argv[i + 1]);
        int width = cairo_image_surface_get_width(read), height = cairo_image_surface_get_height(read);
        // As drawn: ARGB32 (a PNG without alpha reads back as RGB24, whose top byte is unset).
        surfaces[i] = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
        cairo_t *cr = cairo_create(surfaces[i]);
        cairo_set_source_surface(cr, read, 0, 0);
        cairo_paint(cr);
        cairo_destroy(cr);
        cairo_surface_destroy(read);
        cairo_surface_flush(surfaces[i]);
        pixels += (long)width * height;
    }
    printf("%d pictures, %.1f Mpixels\n", count, pixels / 1e6);
    printf("| encoder | filters | level | strategy | CPU ms | bytes | vs cairo time | vs cairo size |\n|---|---|---:|---|---:|---:|---:|---:|\n");

    counted = 0;
    double start = now();
    for (int i = 0; i < count; i++) cairo_surface_write_to_png_stream(surfaces[i], count_bytes, NULL);
    double cairo_seconds = now() - start;
    size_t cairo_bytes = counted;
    printf("| cairo_surface_write_to_png | (libpng default) | (zlib default) | default | %.0f | %zu | 1.00 | 1.00 |\n",
           cairo_seconds * 1000, cairo_bytes);

    struct { const char *name; int mask; } filters[] = {
        {"none", LABELCAT_PNG_FILTER_NONE}, {"sub", LABELCAT_PNG_FILTER_SUB}, {"up", LABELCAT_PNG_FILTER_UP},
        {"paeth", LABELCAT_PNG_FILTER_PAETH}, {"all (adaptive)", LABELCAT_PNG_ALL_FILTERS},
    };
    struct { const char *name; int value; } strategies[] = {
        {"default", Z_DEFAULT_STRATEGY}, {"rle", Z_RLE},
    };
    int levels[] = {1, 2, 3, 6, 9};
    for (size_t f = 0; f < sizeof filters / sizeof *filters; f++) {
        for (size_t s = 0; s < sizeof strategies / sizeof *strategies; s++) {
            for (size_t l = 0; l < sizeof levels / sizeof *levels; l++) {
                if (strategies[s].value == Z_RLE && levels[l] != 1) continue; // RLE ignores the level
                labelcat_png_settings settings = {filters[f].mask, levels[l], strategies[s].value};
                size_t bytes = 0;
                char message[256];
                start = now();
                for (int i = 0; i < count; i++) {
                    labelcat_png_bytes out;
                    if (labelcat_png_encode(cairo_image_surface_get_data(surfaces[i]), cairo_image_surface_get_width(surfaces[i]),
                                            cairo_image_surface_get_height(surfaces[i]), cairo_image_surface_get_stride(surfaces[i]), 1,
                                            settings, &out, message, sizeof message) != 0) {
                        fprintf(stderr, "%s: %s\n", argv[i + 1], message);
                        return 1;
                    }
                    bytes += out.length;
                    labelcat_png_free(&out);
                }
                double seconds = now() - start;
                printf("| libpng | %s | %d | %s | %.0f | %zu | %.2f | %.2f |\n", filters[f].name, levels[l], strategies[s].name,
                       seconds * 1000, bytes, seconds / cairo_seconds, (double)bytes / cairo_bytes);
            }
        }
    }
    return 0;
}
