-- Webhooks per account, their delivery queue (in order per webhook) and dead letters; MQTT output.
create table webhooks (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  url text not null,
  secret text not null,
  events jsonb not null default '[]',
  enabled boolean not null default true,
  last_error text,
  created_at timestamptz not null default now()
);
create index webhooks_owner_idx on webhooks(owner_id);

create table webhook_deliveries (
  seq bigserial primary key,
  id text not null unique,
  webhook_id text not null references webhooks(id) on delete cascade,
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  last_status integer,
  dead boolean not null default false,
  created_at timestamptz not null default now(),
  failed_at timestamptz
);
create index webhook_deliveries_queue_idx on webhook_deliveries(webhook_id, seq) where not dead;

create table mqtt_output (
  owner_id text primary key references users(id) on delete cascade,
  enabled boolean not null default false,
  home_assistant boolean not null default true,
  discovery_prefix text not null default 'homeassistant',
  updated_at timestamptz not null default now()
);
