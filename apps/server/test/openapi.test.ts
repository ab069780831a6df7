/**
 * /api/docs describes calls with the schemas the server validates with, taken from the contract.
 */
import { EspresenseImportResponse, SuccessResponse } from '@rtls/contract';
import { expect, it } from 'vitest';
import { describeEachDb } from './helpers.ts';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type Doc = { paths: Record<string, Record<string, Operation>> };

describeEachDb('OpenAPI document', (t) => {
  const doc = async () => (await t.app.inject({ method: 'GET', url: '/api/docs' })).json<Doc>();
  const successSchema = (op: Operation | undefined) =>
    Object.entries(op?.responses ?? {}).find(([status]) => /^2\d\d$/.test(status))?.[1].content?.[
      'application/json'
    ]?.schema;

  it("documents the ESPresense import's answer and a delete's answer with the contract's schemas", async () => {
    const { paths } = await doc();
    const imported = successSchema(paths['/api/imports/espresense']?.post) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(imported.properties)).toEqual(
      Object.keys(EspresenseImportResponse.properties),
    );
    expect(JSON.stringify(imported.properties.gateways)).toContain('"position"');
    const deleted = successSchema(paths['/api/maps/{id}']?.delete) as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(deleted.properties)).toEqual(Object.keys(SuccessResponse.properties));
  });
});
