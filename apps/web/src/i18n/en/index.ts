/** English texts, one file per namespace; the namespace is the first part of every key. */
import app from './app.json';
import login from './login.json';
import header from './header.json';
import tools from './tools.json';
import map from './map.json';
import maps from './maps.json';
import devices from './devices.json';
import gateways from './gateways.json';
import time from './time.json';
import view from './view.json';
import settings from './settings.json';
import ingestKeys from './ingestKeys.json';
import zones from './zones.json';
import floor from './floor.json';
import rules from './rules.json';
import alerts from './alerts.json';
import webhooks from './webhooks.json';
import mqttOutput from './mqttOutput.json';
import heard from './heard.json';
import history from './history.json';
import reports from './reports.json';
import buildings from './buildings.json';
import walks from './walks.json';

export default {
  app,
  login,
  header,
  tools,
  map,
  maps,
  devices,
  gateways,
  time,
  view,
  settings,
  ingestKeys,
  zones,
  floor,
  rules,
  alerts,
  webhooks,
  mqttOutput,
  heard,
  history,
  reports,
  buildings,
  walks,
};
