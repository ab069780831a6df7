-- Walk tests: an installer carries a tag over a map and says where it stood, and when.
create table walks (
  id text primary key,
  map_id text not null references maps(id) on delete cascade,
  device_mac text not null,
  status text not null default 'open' check (status in ('open', 'finished')),
  created_by text not null,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index walks_map_idx on walks (map_id, created_at);

-- A point of a walk: where the tag stood (map pixels) from one instant to another; or where a
-- reference stands (a fixed tag or a gateway, device_mac), heard in that window instead.
create table walk_points (
  id text primary key,
  walk_id text not null references walks(id) on delete cascade,
  device_mac text,
  x double precision not null,
  y double precision not null,
  from_at timestamptz not null,
  to_at timestamptz not null
);
create index walk_points_walk_idx on walk_points (walk_id, from_at);

-- A radio calibration fitted from a finished walk, with its held-out before/after and verdict.
create table walk_calibrations (
  id text primary key,
  walk_id text not null references walks(id) on delete cascade,
  map_id text not null references maps(id) on delete cascade,
  created_at timestamptz not null default now(),
  result jsonb not null
);
create index walk_calibrations_walk_idx on walk_calibrations (walk_id, created_at);

-- Calibrations applied to a map, in order: the map is located with the newest not undone, per
-- gateway MAC {rssiAt1m, exponent}; undoing one brings back the one before it.
create table map_radio_calibrations (
  id integer generated always as identity primary key,
  map_id text not null references maps(id) on delete cascade,
  calibration_id text references walk_calibrations(id) on delete set null,
  gateways jsonb not null,
  applied_at timestamptz not null default now(),
  undone_at timestamptz
);
create index map_radio_calibrations_map_idx on map_radio_calibrations (map_id, id);

-- Accuracy reports of walks, kept with their date so that the next walk shows the trend.
create table walk_reports (
  id text primary key,
  walk_id text not null references walks(id) on delete cascade,
  map_id text not null references maps(id) on delete cascade,
  created_at timestamptz not null default now(),
  summary jsonb not null,
  report jsonb not null
);
create index walk_reports_map_idx on walk_reports (map_id, created_at);
