-- labelcat catalog, schema 4: the iOS label as it ships and the texts of Xcode's files.
--
-- * labels gain the definition's new fields (line_break_strategy, autoshrink, tightening,
--   sample arguments), the key of their text in a strings table (`TABLE:KEY`, indexed; several
--   labels may share one) and the file and line an import read them from; frame_height may be
--   NULL: a self-sizing label (Auto Layout sizes it to its text).
-- * label_texts are per locale and variant (a plural form or device variation, '' for the
--   plain text); locale '' holds the base text's variants (its plain text is labels.text), and
--   each text keeps the file and line it was imported from.
-- * layouts are per label, locale, variant and content size category, and record the font
--   size used (autoshrink) and whether the text was shrunk.
-- * settings: `categories` (the content size categories layouts are kept for) and
--   `pseudo_locales` (Xcode's pseudolanguages laid out for every label); a change of either
--   recomputes every label.
--
-- Tables are rebuilt the SQLite way (new table, copy, drop, rename); the migration runs with
-- foreign keys off, so dropping the old tables deletes nothing that references them.

CREATE TABLE labels_new (
    name                 TEXT PRIMARY KEY,
    key                  TEXT CHECK (key IS NULL OR instr(key, ':') > 1),
    text                 TEXT NOT NULL DEFAULT '',
    frame_x              REAL NOT NULL,
    frame_y              REAL NOT NULL,
    frame_width          REAL NOT NULL,
    frame_height         REAL,
    font                 TEXT,
    number_of_lines      NUMERIC,
    line_break_mode      TEXT,
    line_break_strategy  TEXT,
    text_alignment       TEXT,
    vertical_alignment   TEXT,
    content_insets       TEXT,
    line_height          NUMERIC,
    line_height_multiple NUMERIC,
    line_spacing         NUMERIC,
    letter_spacing       NUMERIC,
    truncation_token     TEXT,
    text_color           TEXT,
    background_color     TEXT,
    scale                NUMERIC,
    adjusts_font_size_to_fit_width           NUMERIC,
    minimum_scale_factor                     NUMERIC,
    allows_default_tightening_for_truncation NUMERIC,
    arguments            TEXT CHECK (arguments IS NULL OR json_valid(arguments)),
    file                 TEXT,
    line                 INTEGER
) WITHOUT ROWID;
INSERT INTO labels_new (name, text, frame_x, frame_y, frame_width, frame_height, font, number_of_lines,
                        line_break_mode, text_alignment, vertical_alignment, content_insets, line_height,
                        line_height_multiple, line_spacing, letter_spacing, truncation_token, text_color,
                        background_color, scale)
SELECT name, text, frame_x, frame_y, frame_width, frame_height, font, number_of_lines, line_break_mode,
       text_alignment, vertical_alignment, content_insets, line_height, line_height_multiple, line_spacing,
       letter_spacing, truncation_token, text_color, background_color, scale
FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;
CREATE INDEX labels_by_key ON labels (key, name) WHERE key IS NOT NULL;

CREATE TABLE label_texts_new (
    label   TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    locale  TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    text    TEXT NOT NULL,
    file    TEXT,
    line    INTEGER,
    PRIMARY KEY (label, locale, variant),
    CHECK (locale <> '' OR variant <> '')
) WITHOUT ROWID;
INSERT INTO label_texts_new (label, locale, text) SELECT label, locale, text FROM label_texts;
DROP TABLE label_texts;
ALTER TABLE label_texts_new RENAME TO label_texts;

CREATE TABLE layouts_new (
    label             TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    locale            TEXT NOT NULL DEFAULT '',
    variant           TEXT NOT NULL DEFAULT '',
    category          TEXT NOT NULL DEFAULT 'large',
    x                 REAL,
    y                 REAL,
    width             REAL,
    height            REAL,
    line_count        INTEGER,
    needed_line_count INTEGER,
    truncated         INTEGER,
    shrunk            INTEGER,
    font_size         REAL,
    lines             TEXT,
    error             TEXT,
    input_hash        TEXT NOT NULL,
    computed_at       TEXT NOT NULL,
    intrinsic_width   REAL,
    intrinsic_height  REAL,
    PRIMARY KEY (label, locale, variant, category)
) WITHOUT ROWID;
INSERT INTO layouts_new (label, locale, x, y, width, height, line_count, needed_line_count, truncated, shrunk,
                         lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height)
SELECT label, locale, x, y, width, height, line_count, needed_line_count, truncated, 0, lines, error, input_hash,
       computed_at, intrinsic_width, intrinsic_height
FROM layouts;
DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;
CREATE INDEX layouts_truncated ON layouts (label, locale, variant, category) WHERE truncated;

-- The triggers went with their tables; the same ones again (see 001 to 003).
CREATE TRIGGER labels_inserted AFTER INSERT ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.name);
END;
CREATE TRIGGER labels_updated AFTER UPDATE ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', OLD.name WHERE OLD.name IS NOT NEW.name;
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.name);
END;
CREATE TRIGGER labels_deleted AFTER DELETE ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', OLD.name);
END;
CREATE TRIGGER label_texts_inserted AFTER INSERT ON label_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale) VALUES ('text', NEW.label, NEW.locale);
END;
CREATE TRIGGER label_texts_updated AFTER UPDATE ON label_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale) VALUES ('text', OLD.label, OLD.locale);
    INSERT INTO recompute_queue (kind, name, locale) VALUES ('text', NEW.label, NEW.locale);
END;
CREATE TRIGGER label_texts_deleted AFTER DELETE ON label_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale) VALUES ('text', OLD.label, OLD.locale);
END;
CREATE TRIGGER layouts_inserted AFTER INSERT ON layouts BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.label);
END;
CREATE TRIGGER layouts_updated AFTER UPDATE ON layouts BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', OLD.label WHERE OLD.label IS NOT NEW.label;
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.label);
END;
CREATE TRIGGER layouts_deleted AFTER DELETE ON layouts BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', OLD.label);
END;

-- Settings that change every layout: the default family, the categories, the pseudo-locales.
INSERT INTO settings (key, value) VALUES ('categories', 'large'), ('pseudo_locales', '');
DROP TRIGGER settings_changed;
-- The system font becomes the Latin-first list (Inter, then CJK, Arabic and emoji faces) in
-- catalogs that kept the old default; a family set by hand is kept. (Before the triggers: engine
-- version 3 makes every layout stale anyway, so nothing needs queueing.)
UPDATE settings SET value = 'Inter, Noto Sans CJK SC, Noto Sans Arabic, Noto Color Emoji'
WHERE key = 'default_family' AND value = 'Noto Sans CJK SC';
CREATE TRIGGER settings_inserted AFTER INSERT ON settings
WHEN NEW.key IN ('default_family', 'categories', 'pseudo_locales') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_updated AFTER UPDATE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales') OR NEW.key IN ('default_family', 'categories', 'pseudo_locales') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_deleted AFTER DELETE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
