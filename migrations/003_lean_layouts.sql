-- labelcat catalog, schema 3: lean layout rows and a freshness record.
--
-- A layout row no longer holds the whole SPEC §3 JSON: labelcat builds it when it is read,
-- from the row (text rect, lines, counts, intrinsic size, hash) and the label's resolved
-- definition (bounds, font). Rows are a quarter of their old size, so bulk recomputes write
-- a quarter of the bytes.
ALTER TABLE layouts ADD COLUMN intrinsic_width REAL;
ALTER TABLE layouts ADD COLUMN intrinsic_height REAL;
UPDATE layouts SET intrinsic_width = json_extract(json, '$.intrinsicSize.width'),
                   intrinsic_height = json_extract(json, '$.intrinsicSize.height')
WHERE json IS NOT NULL;
ALTER TABLE layouts DROP COLUMN json;
-- Lean rows are read as cheaply as an index of their hashes.
DROP INDEX layouts_input_hash;

-- What is known of the layouts as a whole. When `environment` is not NULL, every layout was
-- fresh under that environment (engine version, installed fonts, font files named by path)
-- apart from what recompute_queue names. A no-op `labelcat recompute --all` then reads this
-- row and the queue instead of every label. NULL means "check every layout". generation
-- counts the times the record was voided, so a full check records it only when it was not
-- voided meanwhile.
CREATE TABLE layout_state (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    environment TEXT,
    generation  INTEGER NOT NULL DEFAULT 0
);
INSERT INTO layout_state (id, environment) VALUES (1, NULL);

-- Font files named by path (not by family) that layouts were computed with: their identity
-- (size, modification time) is part of the environment.
CREATE TABLE layout_font_files (
    path TEXT PRIMARY KEY
) WITHOUT ROWID;

-- Layouts changed by anyone but labelcat's own writer (which runs with triggers off) are
-- queued for recomputing, so the freshness record stays true.
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
-- Queue entries removed by anyone but labelcat (which removes them once their layouts are
-- written) may name stale layouts: the freshness record no longer holds.
CREATE TRIGGER recompute_queue_deleted AFTER DELETE ON recompute_queue BEGIN
    UPDATE layout_state SET environment = NULL, generation = generation + 1;
END;
