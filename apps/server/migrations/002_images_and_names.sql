-- Uploaded floor-plan images live in the database, so every instance can serve them.
create table images (
  id text primary key,
  owner_id text not null references users(id) on delete cascade,
  mime text not null,
  extension text not null,
  width integer not null,
  height integer not null,
  data bytea not null,
  created_at timestamptz not null default now()
);

-- Gateways known by a name only (ESPresense rooms, OpenMQTTGateway names) keep that name.
alter table heard_gateways add column name text;
