-- Characters: player characters owned by players, NPCs owned by the GM who made them.
-- The sheet is the ruleset's normalised sheet as JSON.
create table characters (
    id          uuid primary key,
    campaign_id uuid        not null references campaigns (id) on delete cascade,
    owner_id    uuid        not null references users (id),
    name        varchar(64) not null,
    npc         boolean     not null,
    sheet       jsonb       not null,
    created_at  timestamptz not null,
    updated_at  timestamptz not null,
    version     bigint      not null default 0
);

create index characters_campaign_idx on characters (campaign_id, created_at);
