-- labelcat catalog, schema 2: recompute_queue entries are claimed by the service that works
-- on them, so several services on one catalog neither lose nor duplicate work. A claim whose
-- process is gone (or older than the lease) is taken over.
ALTER TABLE recompute_queue ADD COLUMN claimed_by INTEGER;
ALTER TABLE recompute_queue ADD COLUMN claimed_at REAL;
CREATE INDEX recompute_queue_unclaimed ON recompute_queue (id) WHERE claimed_by IS NULL;
