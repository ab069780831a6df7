/** Checks a payload a test socket received against the contract's schema for its event. */
import { ServerEventSchemas, type ServerEventName } from '@rtls/contract';
import { Value } from '@sinclair/typebox/value';

/** Where a received payload differs from its event's schema: empty when it matches. */
export function payloadErrors(event: ServerEventName, payloads: readonly unknown[]): string[] {
  return payloads.flatMap((p) =>
    [...Value.Errors(ServerEventSchemas[event], p)].map((e) => `${event}${e.path}: ${e.message}`),
  );
}
