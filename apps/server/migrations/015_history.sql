-- History: the positions shown on maps and the zone visits, partitioned by time. The server creates
-- the partitions ahead of time (modules/history/partitions.ts: a day of positions, a month of
-- visits each) and drops whole partitions past the retention.

-- One series per device and map: position and visit rows carry its small id instead of the texts.
create table history_series (
  id integer generated always as identity primary key,
  map_id text not null references maps(id) on delete cascade,
  owner_id text not null,
  mac text not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  unique (map_id, owner_id, mac)
);

-- At most one row per series and second; a tag standing still keeps one per heartbeat. 24 bytes of
-- data per row, one index: (series, at) serves a device's range and the state at a moment.
create table history_positions (
  at timestamptz not null,
  series integer not null,
  x real not null,
  y real not null
) partition by range (at);
create index history_positions_series_at_idx on history_positions (series, at);

-- A stay of a device in a zone, written when it ends (stays not ended are in zone_presence).
create table history_visits (
  exited_at timestamptz not null,
  entered_at timestamptz not null,
  series integer not null,
  zone_id text not null,
  reason text not null check (reason in ('left', 'unknown'))
) partition by range (exited_at);
create index history_visits_series_idx on history_visits (series, exited_at);

-- An account that keeps its history for less than the server's ceilings.
create table history_retention (
  owner_id text primary key references users(id) on delete cascade,
  positions_days integer not null,
  visits_days integer not null,
  updated_at timestamptz not null default now()
);
