-- table_events is a log: rows are appended, never updated, and deleted only with their table.
-- PostgreSQL vacuums such a table by default once it has grown by a fifth, and by then most of the
-- new pages were last written before the latest checkpoint: marking each of them all-visible logs a
-- full image of it. At 1,000 events/s one such vacuum wrote 90–150 MB of WAL and 110–145 MB of pages
-- in four to six seconds, and the commits of play waited behind it. Vacuumed after every 10,000 new rows,
-- the pages are still in memory and dirty since their checkpoint, and a vacuum takes milliseconds
-- (docs/performance.md, step 96).
alter table table_events set (autovacuum_vacuum_insert_threshold = 10000, autovacuum_vacuum_insert_scale_factor = 0);
