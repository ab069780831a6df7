-- Zones (polygons in map pixels), presence per (device, map), the event log, rules and alerts.
create table zones (
  id text primary key,
  map_id text not null references maps(id) on delete cascade,
  name text not null,
  color text not null,
  polygon jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index zones_map_idx on zones(map_id);

-- The current presence, so a restart neither forgets who is where nor re-announces every entry.
create table zone_presence (
  owner_id text not null,
  mac text not null,
  map_id text not null references maps(id) on delete cascade,
  zone_id text,
  state text not null check (state in ('in', 'unknown', 'none')),
  since timestamptz not null,
  entered_at timestamptz,
  primary key (owner_id, mac, map_id)
);
create index zone_presence_map_idx on zone_presence(map_id);

create table zone_events (
  id text primary key,
  map_id text not null references maps(id) on delete cascade,
  type text not null,
  at timestamptz not null,
  zone_id text,
  mac text,
  gateway text,
  detail jsonb not null default '{}',
  -- One event per occurrence (a stay passing a dwell time, one outage): set for timed events.
  occurrence text,
  unique (map_id, occurrence)
);
create index zone_events_map_at_idx on zone_events(map_id, at desc);
create index zone_events_at_idx on zone_events(at);

create table zone_rules (
  id text primary key,
  map_id text not null references maps(id) on delete cascade,
  name text not null,
  type text not null,
  zone_id text references zones(id) on delete cascade,
  mac text,
  gateway text,
  threshold_seconds integer,
  severity text not null check (severity in ('info', 'warning', 'critical')),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index zone_rules_map_idx on zone_rules(map_id);

create table alerts (
  id text primary key,
  rule_id text not null,
  rule_name text not null,
  map_id text not null references maps(id) on delete cascade,
  severity text not null,
  state text not null check (state in ('open', 'acknowledged', 'resolved')),
  opened_at timestamptz not null,
  acknowledged_at timestamptz,
  acknowledged_by jsonb,
  resolved_at timestamptz,
  resolved_by jsonb,
  event jsonb not null,
  -- The occurrence that opened it: a rule fires once per occurrence, restarts included.
  occurrence text not null,
  unique (rule_id, occurrence)
);
create index alerts_map_idx on alerts(map_id, opened_at desc);
create index alerts_open_idx on alerts(state) where state <> 'resolved';
