-- labelcat catalog, schema 12: the recompute queue without its index of unclaimed entries.
--
-- A service claims entries from the front of the queue, a chunk at a time, and the entries it
-- claims are deleted once their layouts are written: the unclaimed ones are found by reading
-- from the front past at most the chunks in flight. The index cost more than it saved: every
-- queued edit inserted into it, and every claim and every finished entry deleted from it
-- (about a third of the queue's cost per entry, measured draining 100,000 entries).
DROP INDEX recompute_queue_unclaimed;
