-- A rule's dwell (enter and exit count once the device stayed that long) and cool-down (repeats of
-- the same rule, device and zone within it are counted on the alert instead of opening another).
-- Existing rules take the defaults of RULE_DEFAULTS (packages/contract/src/alerts.ts).
alter table zone_rules add column dwell_seconds integer not null default 0;
alter table zone_rules add column cooldown_seconds integer not null default 0;
update zone_rules set dwell_seconds = 10 where type in ('enter', 'exit');
update zone_rules set cooldown_seconds = 300;

-- What a repeat is matched on (rule, then device, zone and gateway), how many occurrences an alert
-- stands for and when the latest happened.
alter table alerts add column repeat_key text;
alter table alerts add column count integer not null default 1;
alter table alerts add column last_at timestamptz;
update alerts set last_at = opened_at;
alter table alerts alter column last_at set not null;
create index alerts_repeat_idx on alerts(rule_id, repeat_key, last_at desc);
