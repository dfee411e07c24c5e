-- People who sign in. Passwords are stored only as adaptive hashes ({bcrypt}/{argon2} prefixed).
create table users (
    id            uuid primary key,
    username      varchar(32)  not null,
    display_name  varchar(64)  not null,
    password_hash varchar(255) not null,
    created_at    timestamptz  not null,
    version       bigint       not null default 0
);

-- Usernames are unique regardless of case, so "Alda" and "alda" cannot both sign up.
create unique index users_username_lower_key on users (lower(username));
