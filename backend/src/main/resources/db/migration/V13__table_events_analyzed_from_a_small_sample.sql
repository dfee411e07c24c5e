-- ANALYZE reads a sample of 300 rows for each point of the largest statistics target among a table's
-- columns: 30,000 rows by default, and on the event log nearly as many pages. Autovacuum analyzes the log
-- each time it has grown by a tenth; at 1,000 events/s on a log of half a million rows that was once a
-- minute, 0.56-0.73 s of CPU and about 30,500 pages in 1.6-2.3 s, while the commands of play waited for a core
-- (docs/performance.md, step 103). The log is read only by a table's id with its seq or a command's id,
-- through its two unique indexes, so a sample of 3,000 rows tells the planner what it needs, and the other
-- columns need no statistics at all.
alter table table_events
    alter column table_id set statistics 10,
    alter column seq set statistics 10,
    alter column command_id set statistics 10,
    alter column actor set statistics 0,
    alter column actor_name set statistics 0,
    alter column type set statistics 0,
    alter column payload set statistics 0,
    alter column created_at set statistics 0;
