-- Accounts and sessions
create table users (
  id text primary key,
  email text not null unique,
  first_name text not null default '',
  last_name text not null default '',
  slug text not null unique,
  password_hash text not null,
  disabled boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table sessions (
  token_hash text primary key,
  user_id text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz
);
create index sessions_user_idx on sessions(user_id);

-- Maps and their collaborators
create table maps (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  name text not null,
  description text not null default '',
  is_public boolean not null default false,
  metadata jsonb not null default '{}',
  settings jsonb not null default '{}',
  access_count integer not null default 0,
  last_accessed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index maps_owner_idx on maps(owner_id);

create table map_collaborators (
  map_id text not null references maps(id) on delete cascade,
  user_id text not null references users(id) on delete cascade,
  role text not null check (role in ('editor', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (map_id, user_id)
);
create index map_collaborators_user_idx on map_collaborators(user_id);

-- Configured gateways and devices, per owner and keyed by MAC
create table gateways (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  mac text not null,
  name text not null,
  map_id text references maps(id) on delete set null,
  position_x double precision,
  position_y double precision,
  radius double precision not null default 25,
  custom_settings jsonb not null default '{}',
  is_monitored boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (owner_id, mac)
);
create index gateways_map_idx on gateways(map_id);

create table devices (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  mac text not null,
  name text not null,
  custom_settings jsonb not null default '{}',
  positioning_mode text not null default 'auto' check (positioning_mode in ('auto', 'static', 'mobile')),
  is_monitored boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (owner_id, mac)
);

-- Gateway ingest: keys, what was heard, latest signals and history
create table ingest_keys (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  name text not null default '',
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);

create table heard_gateways (
  owner_id text not null references users(id) on delete cascade,
  mac text not null,
  ip text,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  primary key (owner_id, mac)
);

create table heard_devices (
  owner_id text not null references users(id) on delete cascade,
  mac text not null,
  name text,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  primary key (owner_id, mac)
);

create table latest_signals (
  owner_id text not null references users(id) on delete cascade,
  device_mac text not null,
  gateway_mac text not null,
  rssi double precision not null,
  received_at timestamptz not null,
  ip text,
  primary key (owner_id, device_mac, gateway_mac)
);

create table signal_history (
  owner_id text not null,
  device_mac text not null,
  gateway_mac text not null,
  rssi double precision not null,
  received_at timestamptz not null,
  ip text
);
-- Unique so that a redelivered report (MQTT QoS 1, HTTP retry) is stored and counted once.
create unique index signal_history_report_idx on signal_history(owner_id, device_mac, gateway_mac, received_at);
create index signal_history_time_idx on signal_history(received_at);

-- Per-user settings, provider settings and text labels
create table user_settings (
  user_id text primary key references users(id) on delete cascade,
  config jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table app_settings (
  user_id text primary key references users(id) on delete cascade,
  config jsonb not null default '{}',
  updated_at timestamptz not null default now()
);

create table labels (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  data jsonb not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
