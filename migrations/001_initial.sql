-- labelcat catalog, schema 1: settings, design tokens, labels, layouts, the recompute queue.
-- Tables people may edit by hand: tokens, token_groups, labels, label_texts, settings.
-- Every change to them is recorded in recompute_queue by the triggers below, so an edit made
-- with the sqlite3 shell is recomputed like one made with labelcat.

CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

INSERT INTO settings (key, value) VALUES ('default_family', 'Noto Sans CJK SC');

-- DTCG design tokens. name is the dotted path (typography.body); value is the $value as JSON
-- text (a literal, or an alias "{a.b}"); type is the token's own or inherited $type.
CREATE TABLE tokens (
    name        TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    value       TEXT NOT NULL CHECK (json_valid(value)),
    description TEXT,
    extensions  TEXT CHECK (extensions IS NULL OR json_valid(extensions))
) WITHOUT ROWID;

-- DTCG groups that carry properties of their own ($type, $description, $extensions, …),
-- kept so an export gives them back.
CREATE TABLE token_groups (
    path       TEXT PRIMARY KEY,
    properties TEXT NOT NULL CHECK (json_valid(properties))
) WITHOUT ROWID;

-- Labels. A NULL style column takes SPEC §1's default. A style column holds a literal or a
-- token reference "{group.token}"; font and content_insets hold JSON objects.
CREATE TABLE labels (
    name                 TEXT PRIMARY KEY,
    text                 TEXT NOT NULL DEFAULT '',
    frame_x              REAL NOT NULL,
    frame_y              REAL NOT NULL,
    frame_width          REAL NOT NULL,
    frame_height         REAL NOT NULL,
    font                 TEXT,
    number_of_lines      NUMERIC,
    line_break_mode      TEXT,
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
    scale                NUMERIC
) WITHOUT ROWID;

-- Per-locale texts of a label.
CREATE TABLE label_texts (
    label  TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    locale TEXT NOT NULL CHECK (locale <> ''),
    text   TEXT NOT NULL,
    PRIMARY KEY (label, locale)
) WITHOUT ROWID;

-- Which tokens each label's resolution read, directly or through aliases.
CREATE TABLE label_dependencies (
    label TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    token TEXT NOT NULL,
    PRIMARY KEY (label, token)
) WITHOUT ROWID;
CREATE INDEX label_dependencies_by_token ON label_dependencies (token, label);

-- Computed layouts, one per label and locale ('' = the base text). x, y, width, height are
-- the text rect; lines is the JSON array of SPEC §3; json the whole SPEC §3 object. A row
-- whose input_hash differs from the hash of its label's current inputs is stale; error says
-- why a label could not be laid out (its other columns are then NULL).
CREATE TABLE layouts (
    label             TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    locale            TEXT NOT NULL DEFAULT '',
    x                 REAL,
    y                 REAL,
    width             REAL,
    height            REAL,
    line_count        INTEGER,
    needed_line_count INTEGER,
    truncated         INTEGER,
    lines             TEXT,
    json              TEXT,
    error             TEXT,
    input_hash        TEXT NOT NULL,
    computed_at       TEXT NOT NULL,
    PRIMARY KEY (label, locale)
) WITHOUT ROWID;
CREATE INDEX layouts_truncated ON layouts (label, locale) WHERE truncated;

-- What changed since layouts were last brought up to date. kind: 'label' (name = label),
-- 'text' (name = label, locale), 'token' (name = token), 'all'.
CREATE TABLE recompute_queue (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    kind      TEXT NOT NULL CHECK (kind IN ('label', 'text', 'token', 'all')),
    name      TEXT NOT NULL DEFAULT '',
    locale    TEXT,
    queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TRIGGER labels_inserted AFTER INSERT ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.name);
END;
CREATE TRIGGER labels_updated AFTER UPDATE ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.name);
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
CREATE TRIGGER tokens_inserted AFTER INSERT ON tokens BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('token', NEW.name);
END;
CREATE TRIGGER tokens_updated AFTER UPDATE ON tokens BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('token', OLD.name);
    INSERT INTO recompute_queue (kind, name) VALUES ('token', NEW.name);
END;
CREATE TRIGGER tokens_deleted AFTER DELETE ON tokens BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('token', OLD.name);
END;
CREATE TRIGGER settings_changed AFTER UPDATE ON settings WHEN NEW.key = 'default_family' BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
