// A tiny C face over the few ICU calls labelcat uses. ICU's headers rename every
// function with its version (ubrk_open -> ubrk_open_72) through macros Swift cannot
// see, so Swift calls these wrappers instead.
#ifndef LABELCAT_CICU_H
#define LABELCAT_CICU_H

#include <stdint.h>

typedef struct LCBreakIterator LCBreakIterator;

enum { LC_BREAK_CHARACTER = 0, LC_BREAK_LINE = 1 };
enum { LC_BREAK_DONE = -1 };

/// Opens a character (grapheme) or line break iterator for a locale ("" = root).
/// Returns NULL and sets *errorName on failure.
LCBreakIterator *lc_break_open(int kind, const char *locale, const char **errorName);
/// Points the iterator at text; the text must outlive the iteration.
int lc_break_set_text(LCBreakIterator *it, const uint16_t *text, int32_t length);
int32_t lc_break_next(LCBreakIterator *it);
/// Nonzero when the boundary just returned by lc_break_next is a mandatory (hard) line break.
int lc_break_is_hard(LCBreakIterator *it);
void lc_break_close(LCBreakIterator *it);

/// Resolves UAX #9 embedding levels for text (default base direction from the first strong
/// character of each paragraph). levels[i] is the level of code unit i, paragraphLevels[i]
/// the base level of its paragraph. Returns 0 on success.
int lc_bidi_levels(const uint16_t *text, int32_t length, uint8_t *levels, uint8_t *paragraphLevels);
/// Visual order of runs from their levels: visualToLogical[visual] = logical index.
void lc_bidi_reorder(const uint8_t *levels, int32_t count, int32_t *visualToLogical);

/// Unicode properties used for font fallback.
int lc_is_emoji_presentation(int32_t codePoint);
int lc_is_extended_pictographic(int32_t codePoint);

/// The scripts a character is used with (Unicode Script_Extensions), as ISO 15924 tags packed
/// big-endian ('Hira' = 0x48697261, HarfBuzz's script values); returns how many (at most
/// capacity), 0 on error.
int lc_script_extensions(int32_t codePoint, uint32_t *tags, int capacity);

/// Formats a number as a locale shows it (ICU's unum): its digits, grouping and decimal
/// separators, and with `currency` nonzero the locale's currency symbol and its fraction digits
/// (`currencyCode`, 3 letters, sets another currency; NULL or "" keeps the locale's). `fraction`
/// is the number of fraction digits of a plain number. `locale` is a BCP 47 tag ("de", "pt-BR").
/// Writes UTF-16 into out (capacity code units) and returns its length, or -1 on error.
int32_t lc_format_number(const char *locale, double value, int fraction, int currency, const char *currencyCode,
                         uint16_t *out, int32_t capacity);
/// The longest, in code points, of `count` days from `firstDay` (days after 1970-01-01, each at
/// noon UTC) formatted in the locale's best pattern for an ICU skeleton ("yMMMMd"; ICU's udatpg),
/// the first of equally long ones. Same return as above.
int32_t lc_format_longest_date(const char *locale, const char *skeleton, int32_t firstDay, int32_t count,
                               uint16_t *out, int32_t capacity);

/// ICU's version, e.g. "72.1".
const char *lc_icu_version(void);

#endif
