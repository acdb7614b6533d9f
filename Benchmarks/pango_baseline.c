/*
 * pango_baseline.c — the peer baseline for the "engine vs Pango" benchmark.
 *
 * Lays out every label of corpus.tsv (written by make_corpus.py) with Pango, in process,
 * through one reused PangoLayout on a PangoFT2 font map at 72 dpi (1 pt = 1 px), and
 * times only the layout work (in CPU time). The corpus is read into memory first and a warm-up pass
 * over the first 2000 labels loads the fonts; neither is timed.
 *
 * Build:  cc -O2 -Wall -o pango-baseline Benchmarks/pango_baseline.c $(pkg-config --cflags --libs pangoft2 glib-2.0)
 * Run:    ./pango-baseline corpus.tsv [--family "Noto Sans CJK SC"] [--lines]
 * Output: one line, `pango labels=N us_per_label=X.XXX total_lines=L`
 *         (total_lines is the sum of the line counts, a checksum).
 *         With --lines, then one line per label: the lines Pango needs for the whole text
 *         with no height limit or ellipsis (for compare_lines.py, a fidelity check).
 *
 * Glyph positions are not rounded to whole pixels (as labelcat and browsers place them).
 *
 * TSV line: width<TAB>height<TAB>size<TAB>numberOfLines<TAB>lineBreakMode<TAB>text,
 * with `\\`, `\t`, `\n` escaped in the text.
 */
#define _POSIX_C_SOURCE 199309L

#include <pango/pangoft2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WARMUP_LABELS 2000

typedef enum { MODE_WORD, MODE_CHAR, MODE_CLIP, MODE_HEAD, MODE_TAIL, MODE_MIDDLE } BreakMode;

typedef struct {
    double width, height, size;
    int lines;
    BreakMode mode;
    const char *text; /* points into the (unescaped, in-place) file buffer */
    int text_len;
} Label;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "pango-baseline: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(1);
}

static int parse_mode(const char *s, BreakMode *out)
{
    static const struct { const char *name; BreakMode mode; } modes[] = {
        {"wordWrap", MODE_WORD},         {"charWrap", MODE_CHAR},
        {"clip", MODE_CLIP},             {"truncateHead", MODE_HEAD},
        {"truncateTail", MODE_TAIL},     {"truncateMiddle", MODE_MIDDLE},
    };
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (strcmp(s, modes[i].name) == 0) {
            *out = modes[i].mode;
            return 1;
        }
    return 0;
}

/* Splits `line` (NUL-terminated, no newline) into a Label; unescapes the text in place. */
static int parse_line(char *line, Label *lab)
{
    char *field[6];
    char *p = line;
    for (int i = 0; i < 5; i++) {
        field[i] = p;
        p = strchr(p, '\t');
        if (!p)
            return 0;
        *p++ = '\0';
    }
    field[5] = p;

    char *end;
    lab->width = strtod(field[0], &end);
    if (*end || lab->width < 0) return 0;
    lab->height = strtod(field[1], &end);
    if (*end || lab->height < 0) return 0;
    lab->size = strtod(field[2], &end);
    if (*end || lab->size <= 0) return 0;
    lab->lines = (int)strtol(field[3], &end, 10);
    if (*end || lab->lines < 0) return 0;
    if (!parse_mode(field[4], &lab->mode)) return 0;

    char *r = field[5], *w = field[5];
    while (*r) {
        if (*r == '\\' && r[1]) {
            r++;
            *w++ = *r == 't' ? '\t' : *r == 'n' ? '\n' : *r;
            r++;
        } else {
            *w++ = *r++;
        }
    }
    *w = '\0';
    lab->text = field[5];
    lab->text_len = (int)(w - field[5]);
    return 1;
}

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open", path);
    size_t cap = 1 << 20, n = 0;
    char *buf = malloc(cap);
    if (!buf) die("out of memory", NULL);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n - 1 == 0) {
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf) die("out of memory", NULL);
        }
    }
    if (ferror(f)) die("cannot read", path);
    fclose(f);
    buf[n] = '\0';
    *len = n;
    return buf;
}

static Label *load_corpus(const char *path, char **buffer, size_t *count)
{
    size_t len;
    char *buf = read_file(path, &len);
    size_t cap = 1024, n = 0;
    Label *labels = malloc(cap * sizeof *labels);
    if (!labels) die("out of memory", NULL);
    size_t lineno = 0;
    for (char *line = buf; line < buf + len;) {
        char *nl = strchr(line, '\n');
        char *next = nl ? nl + 1 : buf + len;
        if (nl) *nl = '\0';
        lineno++;
        if (*line) {
            if (n == cap) {
                cap *= 2;
                labels = realloc(labels, cap * sizeof *labels);
                if (!labels) die("out of memory", NULL);
            }
            if (!parse_line(line, &labels[n])) {
                char where[64];
                snprintf(where, sizeof where, "%s line %zu", path, lineno);
                die("malformed TSV", where);
            }
            n++;
        }
        line = next;
    }
    *buffer = buf;
    *count = n;
    return labels;
}

/* Lays out one label; returns its line count. */
static int layout_label(PangoLayout *layout, PangoFontDescription *desc, const Label *lab)
{
    PangoRectangle ink, logical;

    pango_font_description_set_absolute_size(desc, lab->size * PANGO_SCALE);
    pango_layout_set_font_description(layout, desc);
    pango_layout_set_width(layout, (int)(lab->width * PANGO_SCALE));
    pango_layout_set_wrap(layout, lab->mode == MODE_CHAR ? PANGO_WRAP_CHAR : PANGO_WRAP_WORD);

    PangoEllipsizeMode ellipsize = PANGO_ELLIPSIZE_NONE;
    if (lab->mode == MODE_HEAD) ellipsize = PANGO_ELLIPSIZE_START;
    else if (lab->mode == MODE_MIDDLE) ellipsize = PANGO_ELLIPSIZE_MIDDLE;
    else if (lab->mode == MODE_TAIL) ellipsize = PANGO_ELLIPSIZE_END;
    pango_layout_set_ellipsize(layout, ellipsize);
    pango_layout_set_height(layout, ellipsize == PANGO_ELLIPSIZE_NONE ? -1
                                    : lab->lines > 0 ? -lab->lines : -1000);

    pango_layout_set_text(layout, lab->text, lab->text_len);
    int lines = pango_layout_get_line_count(layout);
    pango_layout_get_pixel_extents(layout, &ink, &logical);
    return lines;
}

/* CPU time of this process: on a shared machine, time spent waiting for a core is not the
 * program's (labelcat-bench times itself the same way). */
static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    const char *path = NULL, *family = "Noto Sans CJK SC";
    int print_lines = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--family") == 0 && i + 1 < argc)
            family = argv[++i];
        else if (strcmp(argv[i], "--lines") == 0)
            print_lines = 1;
        else if (argv[i][0] == '-' && argv[i][1] != '\0')
            die("unknown option", argv[i]);
        else if (!path)
            path = argv[i];
        else
            die("unexpected argument", argv[i]);
    }
    if (!path) {
        fprintf(stderr, "usage: pango-baseline corpus.tsv [--family \"Noto Sans CJK SC\"] [--lines]\n");
        return 64;
    }

    char *buffer;
    size_t count;
    Label *labels = load_corpus(path, &buffer, &count);
    if (count == 0) die("empty corpus", path);

    PangoFontMap *map = pango_ft2_font_map_new();
    pango_ft2_font_map_set_resolution(PANGO_FT2_FONT_MAP(map), 72, 72);
    PangoContext *context = pango_font_map_create_context(map);
    pango_context_set_round_glyph_positions(context, FALSE);
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *desc = pango_font_description_new();
    pango_font_description_set_family(desc, family);
    pango_font_description_set_weight(desc, PANGO_WEIGHT_NORMAL);

    size_t warmup = count < WARMUP_LABELS ? count : WARMUP_LABELS;
    for (size_t i = 0; i < warmup; i++)
        layout_label(layout, desc, &labels[i]);

    long long total_lines = 0;
    double start = now_seconds();
    for (size_t i = 0; i < count; i++)
        total_lines += layout_label(layout, desc, &labels[i]);
    double elapsed = now_seconds() - start;

    printf("pango labels=%zu us_per_label=%.3f total_lines=%lld\n",
           count, elapsed * 1e6 / (double)count, total_lines);
    if (print_lines) {
        for (size_t i = 0; i < count; i++) {
            Label unlimited = labels[i];
            unlimited.mode = unlimited.mode == MODE_CHAR ? MODE_CHAR : MODE_WORD;
            unlimited.lines = 0;
            printf("%d\n", layout_label(layout, desc, &unlimited));
        }
    }

    pango_font_description_free(desc);
    g_object_unref(layout);
    g_object_unref(context);
    g_object_unref(map);
    free(labels);
    free(buffer);
    return 0;
}
