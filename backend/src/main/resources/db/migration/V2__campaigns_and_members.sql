-- Campaigns and who belongs to them. The owner is always also a member with role GM.
create table campaigns (
    id          uuid primary key,
    name        varchar(80)   not null,
    description varchar(2000) not null default '',
    ruleset_id  varchar(32)   not null,
    owner_id    uuid          not null references users (id),
    archived    boolean       not null default false,
    created_at  timestamptz   not null,
    version     bigint        not null default 0
);

create table campaign_members (
    campaign_id uuid        not null references campaigns (id) on delete cascade,
    user_id     uuid        not null references users (id) on delete cascade,
    role        varchar(16) not null check (role in ('GM', 'PLAYER', 'SPECTATOR')),
    joined_at   timestamptz not null,
    primary key (campaign_id, user_id)
);

create index campaign_members_user_idx on campaign_members (user_id);
