-- Settings: a change of any row of `settings`, whatever its key, queues every label. Every
-- setting is an input of layouts (the default family, categories, pseudo-locales, font
-- substitutes), so a setting added later needs no migration of its triggers.
DROP TRIGGER settings_inserted;
DROP TRIGGER settings_updated;
DROP TRIGGER settings_deleted;
CREATE TRIGGER settings_inserted AFTER INSERT ON settings BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_updated AFTER UPDATE ON settings BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_deleted AFTER DELETE ON settings BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
