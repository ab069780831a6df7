-- The heatmap's summary: per map, owner, five minutes and square cell of one metre, the positions
-- kept there and the seconds spent there. Written by the history module once a span is complete
-- (modules/history/cell-rollup.ts), partitioned by day like the positions and dropped with them.
create table history_cells (
  bucket timestamptz not null,
  map_id text not null references maps(id) on delete cascade,
  owner_id text not null,
  -- The cell's side in map pixels when the span was summed (the map's scale then).
  cell_px float8 not null,
  i integer not null,
  j integer not null,
  n integer not null,
  -- Each position until the series' next, at most the lookback; the same never past the span's end.
  seconds float8 not null,
  seconds_in_span float8 not null
) partition by range (bucket);
create index history_cells_map_idx on history_cells (map_id, owner_id, bucket);

-- The spans summed into history_cells; a span written to again later loses its row and is summed anew.
create table history_cells_done (
  bucket timestamptz primary key
);
