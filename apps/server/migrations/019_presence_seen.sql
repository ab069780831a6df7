-- When an instance last located the device on the map (instances sharing the devices write it
-- about once a second): an instance that stopped locating a device lets it go, rather than turning
-- it unknown, when another one located it since.
alter table zone_presence add column seen_at timestamptz;
