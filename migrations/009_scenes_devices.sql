-- labelcat catalog, schema 9: Interface Builder scenes, and layouts per device.
--
-- * scenes holds each view tree an import read from a storyboard or xib (docs/autolayout.md):
--   its file (as label names spell it: `Main.storyboard`, `App/Main.storyboard`), its id in the
--   file, the width and device it was designed at (device NULL when the canvas is no iPhone
--   of labelcat's table), the scene as JSON and the sizes of the images its image
--   views show. scene_labels ties each Interface Builder label to its scene and view id.
-- * layouts are per device too: `device` is the name of the device a label's scene was solved
--   on ('' for a label in no scene: its frame is its own, the same on every device), with the
--   solved frame in its root view's coordinates, where it comes from (`autoLayout`, or `saved`
--   with the reason as JSON {code, description}) and what solving found (JSON array; NULL for
--   none).
-- * An edit of a scene (by anyone) queues every label of it; linking or unlinking a label
--   queues that label.

CREATE TABLE scenes (
    file         TEXT NOT NULL,
    scene        TEXT NOT NULL,
    design_width REAL,
    device       TEXT,
    json         TEXT NOT NULL CHECK (json_valid(json)),
    images       TEXT CHECK (images IS NULL OR json_valid(images)),
    PRIMARY KEY (file, scene)
) WITHOUT ROWID;

CREATE TABLE scene_labels (
    label TEXT NOT NULL PRIMARY KEY REFERENCES labels (name) ON DELETE CASCADE ON UPDATE CASCADE,
    file  TEXT NOT NULL,
    scene TEXT NOT NULL,
    view  TEXT NOT NULL,
    FOREIGN KEY (file, scene) REFERENCES scenes (file, scene) ON DELETE CASCADE ON UPDATE CASCADE
) WITHOUT ROWID;
CREATE INDEX scene_labels_by_scene ON scene_labels (file, scene, label);

CREATE TRIGGER scenes_updated AFTER UPDATE ON scenes BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', label FROM scene_labels WHERE file = OLD.file AND scene = OLD.scene;
    INSERT INTO recompute_queue (kind, name) SELECT 'label', label FROM scene_labels WHERE file = NEW.file AND scene = NEW.scene;
END;
CREATE TRIGGER scenes_deleted AFTER DELETE ON scenes BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', label FROM scene_labels WHERE file = OLD.file AND scene = OLD.scene;
END;
CREATE TRIGGER scene_labels_inserted AFTER INSERT ON scene_labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.label);
END;
CREATE TRIGGER scene_labels_updated AFTER UPDATE ON scene_labels BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', OLD.label WHERE OLD.label IS NOT NEW.label;
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.label);
END;
CREATE TRIGGER scene_labels_deleted AFTER DELETE ON scene_labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', OLD.label);
END;

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
    PRIMARY KEY (label, locale, variant, category, device)
) WITHOUT ROWID;
INSERT INTO layouts_new (label, locale, variant, category, x, y, width, height, line_count, needed_line_count, truncated,
                         shrunk, font_size, lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height,
                         bounds_width, bounds_height)
SELECT label, locale, variant, category, x, y, width, height, line_count, needed_line_count, truncated, shrunk, font_size,
       lines, error, input_hash, computed_at, intrinsic_width, intrinsic_height, bounds_width, bounds_height
FROM layouts;
DROP TABLE layouts;
ALTER TABLE layouts_new RENAME TO layouts;
CREATE INDEX layouts_truncated ON layouts (label, locale, variant, category, device) WHERE truncated;

-- The triggers went with the table; the same ones again (see 003 and 006).
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
