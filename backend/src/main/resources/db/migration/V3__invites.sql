-- Invite links. The code is the secret: 256 bits from SecureRandom, URL-safe base64.
create table campaign_invites (
    code        varchar(64) primary key,
    campaign_id uuid        not null references campaigns (id) on delete cascade,
    role        varchar(16) not null check (role in ('GM', 'PLAYER', 'SPECTATOR')),
    expires_at  timestamptz,
    max_uses    integer check (max_uses is null or max_uses > 0),
    uses        integer     not null default 0 check (uses >= 0),
    revoked     boolean     not null default false,
    created_by  uuid        not null references users (id),
    created_at  timestamptz not null
);

create index campaign_invites_campaign_idx on campaign_invites (campaign_id);
