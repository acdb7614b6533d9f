-- labelcat catalog, schema 14: claims of the recompute queue as ranges of entry ids.
--
-- A service claimed entries by marking each one (claimed_by, claimed_at): every claimed entry
-- was written twice more, marked and then deleted, about a quarter of what draining an entry
-- cost beyond recomputing its label. A claim is now one row: the ids from first_id to last_id
-- that were unclaimed entries when it was made (ids only grow, so no entry queued later falls
-- inside it). Claims are few (the chunks in flight of each running service): the unclaimed
-- entries are read range by range between them. Claims made under schema 13 are given back.
CREATE TABLE recompute_claims (
    first_id   INTEGER PRIMARY KEY,
    last_id    INTEGER NOT NULL CHECK (last_id >= first_id),
    -- The claiming process's id and when it claimed (seconds since 1970): a claim whose
    -- process is gone, or older than the lease, is given back.
    claimed_by INTEGER NOT NULL,
    claimed_at REAL NOT NULL
);
ALTER TABLE recompute_queue DROP COLUMN claimed_by;
ALTER TABLE recompute_queue DROP COLUMN claimed_at;
