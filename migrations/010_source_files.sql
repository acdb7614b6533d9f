-- labelcat catalog, schema 10: the files a project's catalog was last brought up to date from.
--
-- * source_files holds, for a catalog kept for a project file (labelcat.yml,
--   docs/project-file.md), every file an import read with the hash of its content, so that the
--   next `check` imports only the files whose content changed. The project's own inputs (the
--   project file and its token files) have a row too. Deleting the rows (or the whole
--   catalog) makes the next run import everything again.

CREATE TABLE source_files (
    path         TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL
) WITHOUT ROWID;
