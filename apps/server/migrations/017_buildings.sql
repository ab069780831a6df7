-- Buildings group maps as floors; a map is a floor of at most one building (its primary key).
create table buildings (
  id text primary key,
  name text not null,
  -- Stairs and lifts: [{ kind, name, stops: [{ mapId, x, y }] }] in each floor's map pixels.
  links jsonb not null default '[]',
  created_by text not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table building_floors (
  map_id text primary key references maps(id) on delete cascade,
  building_id text not null references buildings(id) on delete cascade,
  level integer not null,
  height_m real not null,
  -- { here: [spot, spot], base: [spot, spot] }, or null on the first floor and unaligned ones.
  alignment jsonb,
  unique (building_id, level)
);
create index building_floors_building_idx on building_floors (building_id);
