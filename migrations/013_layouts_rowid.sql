-- labelcat catalog, schema 13: layouts in a rowid table, found by a unique index.
--
-- A `WITHOUT ROWID` table keeps whole rows in its interior pages; a layout row (about 340
-- bytes, most of it the lines' JSON) is far above the twentieth of a page SQLite advises for
-- one, so its tree was narrow and every update of a row compared whole rows to find it again
-- and rewrite it. In a rowid table the unique index on (label, locale, variant, category,
-- device) holds only the keys, and an update finds the row by its rowid and rewrites it in
-- place (about a fifth of a recompute's writing, measured at 30,000 labels). Same columns,
-- same triggers; rows are copied in key order.

CREATE TABLE layouts_new (
    label             TEXT NOT NULL REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    locale            TEXT NOT NULL DEFAULT '',
    variant           TEXT NOT NULL DEFAULT '',
    category          TEXT NOT NULL DEFAULT 'large',
    device            TEXT NOT NULL DEFAULT '',
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
    bounds_width      REAL,
    bounds_height     REAL,
    frame_x           REAL,
    frame_y           REAL,
    frame_width       REAL,
    frame_height      REAL,
    frame_source      TEXT,
    frame_reason      TEXT CHECK (frame_reason IS NULL OR json_valid(frame_reason)),
    scene_findings    TEXT CHECK (scene_findings IS NULL OR json_valid(scene_findings)),
    UNIQUE (label, locale, variant, category, device)
);

INSERT INTO layouts_new (label, locale, variant, category, device, x, y, width, height, line_count, needed_line_count, truncated, shrunk, font_size, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height, bounds_width, bounds_height, frame_x, frame_y, frame_width, frame_height, frame_source, frame_reason, scene_findings)
SELECT label, locale, variant, category, device, x, y, width, height, line_count, needed_line_count, truncated, shrunk, font_size, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height, bounds_width, bounds_height, frame_x, frame_y, frame_width, frame_height, frame_source, frame_reason, scene_findings
FROM layouts ORDER BY label, locale, variant, category, device;
DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;
CREATE INDEX layouts_truncated ON layouts (label, locale, variant, category, device) WHERE truncated;

-- The triggers went with the table; the same ones again (see 003, 006 and 009).
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
