-- A map's floor model (walls, doors, walkable outline in map pixels), one row per map.
create table floor_models (
  map_id text primary key references maps(id) on delete cascade,
  model jsonb not null,
  updated_at timestamptz not null default now()
);
