-- Trails: recent server-computed positions (map pixels) of monitored devices, pruned by age.
create table trail_points (
  owner_id text not null,
  device_mac text not null,
  map_id text not null,
  x double precision not null,
  y double precision not null,
  recorded_at timestamptz not null
);
create index trail_points_device_idx on trail_points(owner_id, device_mac, map_id, recorded_at);
create index trail_points_time_idx on trail_points(recorded_at);
