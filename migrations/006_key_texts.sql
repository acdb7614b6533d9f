-- labelcat catalog, schema 6: texts that belong to keys, the development language, and the
-- bounds the engine returns.
--
-- * key_texts holds every text an import reads, by key (`TABLE:KEY`, as `labels.key` spells
--   it), locale and variant, with the file and line it was read from, whether or not a label
--   has the key yet. A label shows the texts of its key; its own texts (`labels.text`,
--   `label_texts`) win over its key's for the same locale and variant. Labels sharing a key
--   share one copy, and a label keyed later has its texts at once.
-- * Today's imported texts move there: a `label_texts` row an import wrote (it has a file) of a
--   keyed label becomes its key's text; where labels sharing a key disagree, the key takes the
--   text of the first of them by name. A label keeps its own copy only where that differs from
--   its key's, so every label shows exactly the texts it showed.
-- * The `development_language` setting (the locale whose texts are the base text of keyed
--   labels without one) queues every label when it changes, like the other settings.
-- * layouts gain `bounds_width` and `bounds_height`: the bounds the engine returned, stored
--   so that a layout read back is the layout computed (a self-sizing label's height is the
--   engine's, not worked out again).

CREATE TABLE key_texts (
    key     TEXT NOT NULL CHECK (instr(key, ':') > 1),
    locale  TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    text    TEXT NOT NULL,
    file    TEXT,
    line    INTEGER,
    PRIMARY KEY (key, locale, variant)
) WITHOUT ROWID;

INSERT INTO key_texts (key, locale, variant, text, file, line)
SELECT l.key, t.locale, t.variant, t.text, t.file, t.line
FROM label_texts t JOIN labels l ON l.name = t.label
WHERE l.key IS NOT NULL AND t.file IS NOT NULL
  AND t.label = (SELECT min(t2.label) FROM label_texts t2 JOIN labels l2 ON l2.name = t2.label
                 WHERE l2.key = l.key AND t2.locale = t.locale AND t2.variant = t.variant AND t2.file IS NOT NULL);

-- The copies now in key_texts go: nothing a label shows changes, so nothing is queued for them.
DROP TRIGGER label_texts_deleted;
DELETE FROM label_texts WHERE file IS NOT NULL AND EXISTS (
    SELECT 1 FROM labels l JOIN key_texts k ON k.key = l.key
    WHERE l.name = label_texts.label AND k.locale = label_texts.locale AND k.variant = label_texts.variant
      AND k.text IS label_texts.text);
CREATE TRIGGER label_texts_deleted AFTER DELETE ON label_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale) VALUES ('text', OLD.label, OLD.locale);
END;

-- A key's text changed, by anyone: every label showing the key is queued for that locale, and
-- for its base text too when the locale is the development language (whose texts are the base
-- text of keyed labels without one of their own).
CREATE TRIGGER key_texts_inserted AFTER INSERT ON key_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale)
    SELECT 'text', labels.name, locales.locale FROM labels,
        (SELECT NEW.locale AS locale UNION SELECT '' WHERE NEW.locale =
            coalesce((SELECT value FROM settings WHERE key = 'development_language'), 'en')) AS locales
    WHERE labels.key = NEW.key;
END;
CREATE TRIGGER key_texts_updated AFTER UPDATE ON key_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale)
    SELECT 'text', labels.name, locales.locale FROM labels,
        (SELECT OLD.locale AS locale UNION SELECT '' WHERE OLD.locale =
            coalesce((SELECT value FROM settings WHERE key = 'development_language'), 'en')) AS locales
    WHERE labels.key = OLD.key;
    INSERT INTO recompute_queue (kind, name, locale)
    SELECT 'text', labels.name, locales.locale FROM labels,
        (SELECT NEW.locale AS locale UNION SELECT '' WHERE NEW.locale =
            coalesce((SELECT value FROM settings WHERE key = 'development_language'), 'en')) AS locales
    WHERE labels.key = NEW.key;
END;
CREATE TRIGGER key_texts_deleted AFTER DELETE ON key_texts BEGIN
    INSERT INTO recompute_queue (kind, name, locale)
    SELECT 'text', labels.name, locales.locale FROM labels,
        (SELECT OLD.locale AS locale UNION SELECT '' WHERE OLD.locale =
            coalesce((SELECT value FROM settings WHERE key = 'development_language'), 'en')) AS locales
    WHERE labels.key = OLD.key;
END;

-- Labels sharing a key may now show texts only one of them held, and keyed labels without a
-- base text show their key's development-language text: each keyed label is laid out again.
INSERT INTO recompute_queue (kind, name) SELECT 'label', name FROM labels WHERE key IS NOT NULL;

-- The development language is a setting that changes layouts, as the others are.
DROP TRIGGER settings_inserted;
DROP TRIGGER settings_updated;
DROP TRIGGER settings_deleted;
CREATE TRIGGER settings_inserted AFTER INSERT ON settings
WHEN NEW.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes', 'development_language') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_updated AFTER UPDATE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes', 'development_language')
  OR NEW.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes', 'development_language') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_deleted AFTER DELETE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes', 'development_language') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;

-- Bounds as the engine returned them. Rows written before hold what the engine returned then,
-- which follows from the label's frame: its width, and its height or, for a self-sizing label,
-- its intrinsic height. (Written with the trigger that queues edits of layouts off: the rows'
-- content does not change.)
ALTER TABLE layouts ADD COLUMN bounds_width REAL;
ALTER TABLE layouts ADD COLUMN bounds_height REAL;
DROP TRIGGER layouts_updated;
UPDATE layouts SET bounds_width = (SELECT frame_width FROM labels WHERE name = layouts.label),
                   bounds_height = coalesce((SELECT frame_height FROM labels WHERE name = layouts.label), intrinsic_height)
WHERE error IS NULL AND x IS NOT NULL;
CREATE TRIGGER layouts_updated AFTER UPDATE ON layouts BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', OLD.label WHERE OLD.label IS NOT NEW.label;
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.label);
END;
