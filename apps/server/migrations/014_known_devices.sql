-- Browsers an account has signed in on, by the hash of the token in their cookie: their sign-ins
-- are counted on their own, so failures from elsewhere do not lock the owner out of them.
create table known_devices (
  device_hash text not null,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  primary key (device_hash, user_id)
);
create index known_devices_user_idx on known_devices(user_id, last_used_at);
