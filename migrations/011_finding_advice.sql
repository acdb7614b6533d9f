-- labelcat catalog, schema 11: what `check` worked out for texts that do not fit, kept.
--
-- * finding_advice holds, for a text that does not fit its label, how far it is over
--   (`width_over`, `height_over`, points) and the smallest changes that make it fit (`fix`,
--   the fix's JSON object; NULL when none was found): each found by laying the text out again,
--   a millisecond or more per finding. Keyed by the engine's input hash of the label as
--   placed (its definition with the frame it is laid out in, the text, the category and the
--   fonts), so an entry is right for as long as any layout has that hash. `check` reads an
--   entry instead of laying out again and writes the entries it computed; a check of the whole
--   catalog deletes the entries it did not use. Deleting rows only costs the next check time.

CREATE TABLE finding_advice (
    input_hash  TEXT PRIMARY KEY,
    width_over  REAL NOT NULL,
    height_over REAL NOT NULL,
    fix         TEXT CHECK (fix IS NULL OR json_valid(fix))
) WITHOUT ROWID;
