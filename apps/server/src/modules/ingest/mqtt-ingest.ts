/**
 * What the two MQTT ingest paths share: the embedded broker (mqtt-broker.ts) and the subscriber
 * to an external broker (mqtt-subscriber.ts) both hand each message to the one pipeline and
 * acknowledge QoS 1 messages only after their reports are stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { IngestKeys } from './keys.ts';
import type { MqttMembers } from './mqtt-members.ts';
import { parseMqttMessage } from './formats/index.ts';
import type { Pipeline } from './pipeline.ts';

/** Publishing out (positions, presence, Home Assistant discovery) on the broker ingest uses. */
export interface MqttOutput {
  publish(topic: string, payload: string, retain: boolean): void;
}

export interface MqttIngest {
  mode: 'embedded' | 'external' | 'off';
  port: number | null;
  /** Present when the broker can carry output messages. */
  output?: MqttOutput;
  /** 'ok', or why the broker side is not ready (for /readyz). */
  ready(): 'ok' | string;
  close(): Promise<void>;
}

export interface MqttIngestDeps {
  config: Config;
  pipeline: Pipeline;
  keys: IngestKeys;
  log: FastifyBaseLogger;
  /** The shared subscription's members, for taking over a dead instance's session. */
  members?: MqttMembers;
}

export const MQTT_OFF: MqttIngest = {
  mode: 'off',
  port: null,
  ready: () => 'ok',
  close: async () => undefined,
};

/** Remembers recently processed QoS 1 message ids, so a redelivered duplicate is processed once. */
export function recentIds(limit = 10_000) {
  const seen = new Set<string>();
  return {
    has: (id: string) => seen.has(id),
    add(id: string) {
      seen.add(id);
      if (seen.size > limit) seen.delete(seen.values().next().value!);
    },
  };
}

/** Parse and store one message; resolves when stored, rejects when storage failed. */
export async function ingestMessage(
  pipeline: Pipeline,
  ownerId: string,
  topic: string,
  payload: Buffer,
): Promise<void> {
  const parsed = parseMqttMessage(topic, payload);
  if (!parsed.ok) {
    pipeline.reject(parsed.reason);
    return;
  }
  if (parsed.heartbeat) await pipeline.heartbeat(ownerId, parsed.heartbeat);
  await pipeline.submit(ownerId, parsed.reports);
}

/** A warning operators must see even when the log goes elsewhere. */
export function warnLoudly(log: FastifyBaseLogger, line: string) {
  log.warn(line);
  process.stderr.write(line + '\n');
}
