-- The members of the MQTT shared subscription: each instance's broker client id and when it last
-- said it was alive. The broker keeps a dead member's share of the messages in that member's
-- session; another instance takes the session over when the member stops saying it is alive.
create table mqtt_members (
  client_id text primary key,
  seen_at timestamptz not null default now()
);
