-- When each ingest key last authenticated a gateway, so owners can tell live keys from stale ones.
alter table ingest_keys add column last_used_at timestamptz;
