import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { INGEST_TOPICS } from './modules/ingest/formats/index.ts';

const env = (vars: Record<string, string>) =>
  ({ DATA_DIR: 'memory://', ...vars }) as NodeJS.ProcessEnv;

describe('MQTT_TOPICS', () => {
  it('defaults to the usual topics of the supported formats', () => {
    expect(loadConfig(env({})).mqttTopics).toEqual(INGEST_TOPICS);
    expect(loadConfig(env({ MQTT_TOPICS: ' ' })).mqttTopics).toEqual(INGEST_TOPICS);
  });

  it('takes comma-separated topic filters, a custom Ruuvi prefix among them', () => {
    expect(
      loadConfig(env({ MQTT_TOPICS: 'rtls/#, espresense/rooms/+/telemetry ,site7/ruuvi/#,' }))
        .mqttTopics,
    ).toEqual(['rtls/#', 'espresense/rooms/+/telemetry', 'site7/ruuvi/#']);
  });

  it.each(['site7/#/x', 'site7/ab#', 'home/a+/x', '$share/g/rtls/#'])(
    'refuses %s with a sentence that names the variable',
    (bad) => {
      expect(() => loadConfig(env({ MQTT_TOPICS: `rtls/#,${bad}` }))).toThrow(
        new RegExp(`MQTT_TOPICS.*"${bad.replace(/[$+/#]/g, '\\$&')}"`),
      );
    },
  );
});

describe('CSP_IMG_SRC', () => {
  it('adds image origins to the console policy, none by default', () => {
    expect(loadConfig(env({})).cspImageSources).toEqual([]);
    expect(
      loadConfig(
        env({ CSP_IMG_SRC: ' https://cdn.example.com  https://*.tiles.example.org:8443 ' }),
      ).cspImageSources,
    ).toEqual(['https://cdn.example.com', 'https://*.tiles.example.org:8443']);
  });

  it.each(["'unsafe-inline'", 'https://a.example; script-src *', '*', 'javascript:'])(
    'refuses %s with a sentence that names the variable',
    (bad) => {
      expect(() => loadConfig(env({ CSP_IMG_SRC: bad }))).toThrow(/^CSP_IMG_SRC must be/);
    },
  );
});

describe('SIMULATOR_FLOORS', () => {
  it('is one storey by default, takes up to ten, and refuses anything else with the reason', () => {
    expect(loadConfig(env({})).simulatorFloors).toBe(1);
    expect(loadConfig(env({ SIMULATOR_FLOORS: '3' })).simulatorFloors).toBe(3);
    for (const bad of ['0', '11', '2.5', 'three'])
      expect(() => loadConfig(env({ SIMULATOR_FLOORS: bad }))).toThrow(/SIMULATOR_FLOORS must be/);
  });
});

describe('PASSWORD_HASH_COST', () => {
  it('is 14 by default, takes 10 to 20, and refuses anything else with the reason', () => {
    expect(loadConfig(env({})).passwordHashCost).toBe(14);
    expect(loadConfig(env({ PASSWORD_HASH_COST: '10' })).passwordHashCost).toBe(10);
    expect(() => loadConfig(env({ PASSWORD_HASH_COST: '9' }))).toThrow(
      'PASSWORD_HASH_COST must be from 10 to 20, got "9"',
    );
    expect(() => loadConfig(env({ PASSWORD_HASH_COST: 'cheap' }))).toThrow('PASSWORD_HASH_COST');
  });
});
