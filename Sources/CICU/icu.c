#include "CICU.h"

#include <stdlib.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/uversion.h>

struct LCBreakIterator {
    UBreakIterator *iterator;
};

LCBreakIterator *lc_break_open(int kind, const char *locale, const char **errorName) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(kind == LC_BREAK_LINE ? UBRK_LINE : UBRK_CHARACTER,
                                         locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (errorName) *errorName = u_errorName(status);
        return NULL;
    }
    LCBreakIterator *result = malloc(sizeof *result);
    result->iterator = iterator;
    return result;
}

int lc_break_set_text(LCBreakIterator *it, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(it->iterator, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t lc_break_next(LCBreakIterator *it) {
    int32_t boundary = ubrk_next(it->iterator);
    return boundary == UBRK_DONE ? LC_BREAK_DONE : boundary;
}

int lc_break_is_hard(LCBreakIterator *it) {
    int32_t status = ubrk_getRuleStatus(it->iterator);
    return status >= UBRK_LINE_HARD && status < UBRK_LINE_HARD_LIMIT;
}

void lc_break_close(LCBreakIterator *it) {
    if (!it) return;
    ubrk_close(it->iterator);
    free(it);
}

int lc_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels, uint8_t *paragraphLevels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    int32_t paragraphs = ubidi_countParagraphs(bidi);
    for (int32_t p = 0; p < paragraphs; p++) {
        int32_t start = 0, limit = 0;
        UBiDiLevel level = 0;
        ubidi_getParagraphByIndex(bidi, p, &start, &limit, &level, &status);
        if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
        for (int32_t i = start; i < limit && i < length; i++) paragraphLevels[i] = level;
    }
    ubidi_close(bidi);
    return 0;
}

void lc_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visualToLogical);
}

int lc_is_emoji_presentation(int32_t codePoint) {
    return u_hasBinaryProperty(codePoint, UCHAR_EMOJI_PRESENTATION);
}

int lc_is_extended_pictographic(int32_t codePoint) {
    return u_hasBinaryProperty(codePoint, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int lc_script_extensions(int32_t codePoint, uint32_t *tags, int capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode codes[32];
    int32_t count = uscript_getScriptExtensions(codePoint, codes, 32, &status);
    if (U_FAILURE(status)) return 0;
    int written = 0;
    for (int32_t i = 0; i < count && written < capacity; i++) {
        const char *name = uscript_getShortName(codes[i]);
        if (!name || !name[0] || !name[1] || !name[2] || !name[3]) continue;
        tags[written++] = (uint32_t)(unsigned char)name[0] << 24 | (uint32_t)(unsigned char)name[1] << 16
            | (uint32_t)(unsigned char)name[2] << 8 | (uint32_t)(unsigned char)name[3];
    }
    return written;
}

const char *lc_icu_version(void) {
    static char text[U_MAX_VERSION_STRING_LENGTH];
    UVersionInfo version;
    u_getVersion(version);
    u_versionToString(version, text);
    return text;
}
