-- Font substitutes: families set in other families (`Avenir Next=Inter`), a setting that
-- changes every layout like the default family. The settings triggers queue every label for it.
DROP TRIGGER settings_inserted;
DROP TRIGGER settings_updated;
DROP TRIGGER settings_deleted;
CREATE TRIGGER settings_inserted AFTER INSERT ON settings
WHEN NEW.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_updated AFTER UPDATE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes')
  OR NEW.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
CREATE TRIGGER settings_deleted AFTER DELETE ON settings
WHEN OLD.key IN ('default_family', 'categories', 'pseudo_locales', 'font_substitutes') BEGIN
    INSERT INTO recompute_queue (kind) VALUES ('all');
END;
