-- labelcat catalog, schema 2: recompute_queue entries are claimed by the service that works
-- on them, so several services on one catalog neither lose nor duplicate work. A claim whose
-- process is gone (or older than the lease) is taken over.
ALTER TABLE recompute_queue ADD COLUMN claimed_by INTEGER;
ALTER TABLE recompute_queue ADD COLUMN claimed_at REAL;
CREATE INDEX recompute_queue_unclaimed ON recompute_queue (id) WHERE claimed_by IS NULL;

-- Input hashes are read in bulk to skip unchanged layouts: keep them in an index of their own
-- so those reads do not walk the layouts' large JSON rows.
CREATE INDEX layouts_input_hash ON layouts (label, locale, input_hash);
