-- labelcat catalog, schema 2, for the service. recompute_queue entries are claimed by the service that works
-- on them, so several services on one catalog neither lose nor duplicate work. A claim whose
-- process is gone (or older than the lease) is taken over.
ALTER TABLE recompute_queue ADD COLUMN claimed_by INTEGER;
ALTER TABLE recompute_queue ADD COLUMN claimed_at REAL;
CREATE INDEX recompute_queue_unclaimed ON recompute_queue (id) WHERE claimed_by IS NULL;

-- Input hashes are read in bulk to skip unchanged layouts: keep them in an index of their own
-- so those reads do not walk the layouts' large JSON rows.
CREATE INDEX layouts_input_hash ON layouts (label, locale, input_hash);

-- A label deleted or renamed by hand (the sqlite3 shell runs with foreign keys off, so
-- nothing cascades) is queued under its old name too, so its layouts go with it.
CREATE TRIGGER labels_deleted AFTER DELETE ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) VALUES ('label', OLD.name);
END;
DROP TRIGGER labels_updated;
CREATE TRIGGER labels_updated AFTER UPDATE ON labels BEGIN
    INSERT INTO recompute_queue (kind, name) SELECT 'label', OLD.name WHERE OLD.name IS NOT NEW.name;
    INSERT INTO recompute_queue (kind, name) VALUES ('label', NEW.name);
END;
