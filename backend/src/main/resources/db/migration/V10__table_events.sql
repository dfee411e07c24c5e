-- The append-only history of every live table. One row per accepted command, numbered by a gapless
-- per-table seq. The primary key refuses two writers taking the same seq; the unique command id
-- refuses a repeated command.
create table table_events (
    table_id   uuid         not null,
    seq        bigint       not null,
    command_id varchar(64)  not null,
    actor      varchar(64)  not null,
    actor_name varchar(64)  not null,
    type       varchar(16)  not null,
    payload    jsonb        not null,
    created_at timestamptz  not null,
    primary key (table_id, seq),
    constraint table_events_command_key unique (table_id, command_id)
);

-- Folded ruleset state at a seq, so a table is rebuilt from its latest snapshot plus later events.
create table table_snapshots (
    table_id   uuid        not null,
    seq        bigint      not null,
    state      jsonb       not null,
    created_at timestamptz not null,
    primary key (table_id, seq)
);
