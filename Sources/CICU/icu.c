#include "CICU.h"

#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>
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

/// An ICU locale ID from a BCP 47 tag, with its likely script and region; "" (root) when the
/// tag is not one.
static void icu_locale(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
    if (U_FAILURE(status) || length >= capacity) { out[0] = 0; return; }
    // "de" alone names no region, so no currency: the likely one's (de_Latn_DE, euro).
    char likely[ULOC_FULLNAME_CAPACITY];
    length = uloc_addLikelySubtags(out, likely, sizeof likely, &status);
    if (U_SUCCESS(status) && length < (int32_t)sizeof likely) memcpy(out, likely, (size_t)length + 1);
}

int32_t lc_format_number(const char *locale, double value, int fraction, int currency, const char *currencyCode,
                         uint16_t *out, int32_t capacity) {
    char identifier[ULOC_FULLNAME_CAPACITY];
    icu_locale(locale, identifier, sizeof identifier);
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(currency ? UNUM_CURRENCY : UNUM_DECIMAL, NULL, 0, identifier, NULL, &status);
    if (U_FAILURE(status)) return -1;
    if (currency && currencyCode && currencyCode[0]) {
        UChar code[4];
        u_charsToUChars(currencyCode, code, 3);
        code[3] = 0;
        unum_setTextAttribute(format, UNUM_CURRENCY_CODE, code, 3, &status);
    }
    if (!currency) {
        unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, fraction);
        unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, fraction);
    }
    int32_t length = U_SUCCESS(status) ? unum_formatDouble(format, value, (UChar *)out, capacity, NULL, &status) : -1;
    unum_close(format);
    return U_FAILURE(status) || length > capacity ? -1 : length;
}

int32_t lc_format_longest_date(const char *locale, const char *skeleton, int32_t firstDay, int32_t count,
                               uint16_t *out, int32_t capacity) {
    char identifier[ULOC_FULLNAME_CAPACITY];
    icu_locale(locale, identifier, sizeof identifier);
    UErrorCode status = U_ZERO_ERROR;
    UDateTimePatternGenerator *generator = udatpg_open(identifier, &status);
    if (U_FAILURE(status)) return -1;
    UChar skeletonText[64], pattern[128];
    int32_t skeletonLength = (int32_t)strlen(skeleton);
    if (skeletonLength >= 64) { udatpg_close(generator); return -1; }
    u_charsToUChars(skeleton, skeletonText, skeletonLength);
    int32_t patternLength = udatpg_getBestPattern(generator, skeletonText, skeletonLength, pattern, 128, &status);
    udatpg_close(generator);
    if (U_FAILURE(status) || patternLength >= 128) return -1;
    static const UChar utc[] = {'U', 'T', 'C', 0};
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, identifier, utc, 3, pattern, patternLength, &status);
    if (U_FAILURE(status)) return -1;
    UChar text[256];
    int32_t longest = -1, longestPoints = -1;
    for (int32_t day = firstDay; day < firstDay + count; day++) {
        UDate date = ((double)day * 86400.0 + 43200.0) * 1000.0;
        int32_t length = udat_format(format, date, text, 256, NULL, &status);
        if (U_FAILURE(status) || length > 256 || length > capacity) { longest = -1; break; }
        int32_t points = u_countChar32(text, length);
        if (points > longestPoints) {
            longestPoints = points;
            longest = length;
            memcpy(out, text, (size_t)length * sizeof(UChar));
        }
    }
    udat_close(format);
    return longest;
}
