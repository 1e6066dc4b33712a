import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ catalogue: false });
});
afterAll(async () => {
  await server?.stop();
});

describe('OpenAPI document', () => {
  it('documents the search calls with their parameters', async () => {
    const { body } = await server.api('/openapi.json');
    const getProduct = body.paths['/api/site/v1/getProduct'].get;
    const names = getProduct.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(
      expect.arrayContaining(['page', 'limit', 'sort', 'filter_category', 'filter_part', 'filter_price', 'filter_searchPart']),
    );
    expect(Object.keys(getProduct.responses)).toEqual(expect.arrayContaining(['200', '422', '429']));
    expect(body.paths['/api/site/v1/suggestion'].get).toBeDefined();
  });

  it('describes the parts-list upload as a multipart form with its file and board count', async () => {
    const { body } = await server.api('/openapi.json');
    const upload = body.paths['/api/site/v1/SaveCustomerFile'].post;
    const form = upload.requestBody.content['multipart/form-data'].schema;
    expect(upload.requestBody.required).toBe(true);
    expect(upload.requestBody.content['application/json']).toBeUndefined();
    expect(form.properties.newFile).toMatchObject({ type: 'string', format: 'binary' });
    expect(form.properties.boardQty).toMatchObject({ type: 'integer', minimum: 1, default: 1 });
    expect(form.required).toEqual(['newFile']);
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['200', '413', '422', '429']));
    // JSON bodies are unchanged.
    expect(body.paths['/api/site/v1/newsletters'].post.requestBody.content['application/json'].schema.properties.email).toBeDefined();
  });

  it('has only references that resolve inside the document', async () => {
    const { body } = await server.api('/openapi.json');
    const refs = [...JSON.stringify(body).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref.startsWith('#/components/schemas/'), ref).toBe(true);
      expect(body.components.schemas[ref.slice('#/components/schemas/'.length)], ref).toBeDefined();
    }
    expect(JSON.stringify(body)).not.toContain('$defs');
  });
});
