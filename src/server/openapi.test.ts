import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from './plugins/openapi-operations.js';
import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH } from './plugins/openapi.js';
import { TestClient } from './test/client.js';
import { useTestServer } from './test/factories.js';

/*
 * The API document (issue 14, section 6) against a real app: valid OpenAPI 3.1, every /api route
 * the app registers is in it (a route missing fails), each operation has its entry in
 * openapi-operations.ts, and the viewer answers under the app's Content-Security-Policy.
 */

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  security?: Record<string, string[]>[];
  components: {
    securitySchemes: Record<string, { type: string; in?: string; name?: string }>;
    schemas: Record<string, { required?: string[]; properties?: Record<string, { required?: string[]; properties?: Record<string, unknown>; examples?: string[] }> }>;
    responses: Record<string, unknown>;
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every "METHOD /path" operation of the document. */
function operationsOf(doc: OpenApiDocument): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((key) => METHODS.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Every `$ref` in the document, at any depth. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

function resolvePointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), doc);
}

describe('the OpenAPI document', () => {
  const server = useTestServer('pglite');
  let fetched: Promise<OpenApiDocument> | undefined;
  const documentOf = () =>
    (fetched ??= (async () => {
      const res = await fetch(`${server().url}${OPENAPI_DOCUMENT_PATH}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      return (await res.json()) as OpenApiDocument;
    })());

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const doc = await documentOf();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.title).toBe('SkillSwap API');
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? [], 'OpenAPI schema violations').toEqual([]);
    expect(result.valid).toBe(true);
    const dangling = refsIn(doc).filter((ref) => resolvePointer(doc, ref) === undefined);
    expect(dangling, 'references to nothing').toEqual([]);
  });

  it('has every /api route the app registers', async () => {
    const doc = await documentOf();
    const documented = operationsOf(doc);
    const routes = server()
      .app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith(`${API_DOCS_PATH}/`) && r.url !== API_DOCS_PATH)
      .map((r) => ({ method: r.method, path: r.url.replace(/:(\w+)/g, '{$1}') }));
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter(({ method, path }) =>
        // A catch-all (`/api/auth/*`) is documented as the endpoints behind it.
        path.endsWith('/*')
          ? !documented.some((op) => op.startsWith(`${method} ${path.slice(0, -1)}`))
          : !documented.includes(`${method} ${path}`),
      )
      .map(({ method, path }) => `${method} ${path}`);
    expect(missing, 'registered routes missing from the document').toEqual([]);
    expect(documented).toContain('POST /api/auth/sign-in/email');
    expect(documented).toContain('GET /api/realtime');
    expect(documented.filter((op) => op.includes(API_DOCS_PATH) || !op.includes(' /api/')), 'only the API is documented').toEqual([]);
  });

  it('has a summary for every operation from openapi-operations.ts, and no entry for an operation that is gone', async () => {
    const doc = await documentOf();
    const documented = operationsOf(doc);
    expect(documented.filter((op) => !(op in OPERATIONS)), 'operations without an entry in OPERATIONS').toEqual([]);
    expect(Object.keys(OPERATIONS).filter((op) => !documented.includes(op)), 'entries for operations that no longer exist').toEqual([]);
    for (const op of documented) {
      const [method = '', path = ''] = op.split(' ');
      expect(doc.paths[path]?.[method.toLowerCase()]?.summary, op).toBe(OPERATIONS[op]?.summary);
    }
  });

  it('describes inputs with the zod schemas the routes validate with', async () => {
    const doc = await documentOf();
    const createPost = doc.paths['/api/posts']?.post?.requestBody?.content['application/json']?.schema;
    expect(createPost?.required).toEqual(expect.arrayContaining(['title', 'offering', 'lookingFor']));
    const signUp = doc.paths['/api/auth/sign-up/email']?.post?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(signUp?.properties ?? {})).toEqual(['email', 'password', 'acceptTerms']);
    const profile = doc.paths['/api/profiles/{id}']?.get;
    expect(profile?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path', required: true }));
    expect(doc.paths['/api/auth/verify-email']?.get?.parameters).toContainEqual(expect.objectContaining({ name: 'token', in: 'query', required: true }));
  });

  it('describes the session cookie, the public operations and the error format', async () => {
    const doc = await documentOf();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' });
    expect(doc.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/categories']?.get?.security).toEqual([]);
    expect(doc.paths['/api/feed']?.get?.security).toBeUndefined();
    for (const op of operationsOf(doc)) {
      const [method = '', path = ''] = op.split(' ');
      expect(doc.paths[path]?.[method.toLowerCase()]?.responses.default, op).toEqual({ $ref: '#/components/responses/Error' });
    }

    // A real error answer has the documented shape, field messages included.
    const error = doc.components.schemas.Error?.properties?.error;
    const res = await new TestClient(server().url).post('/api/posts', { title: 'x' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: expect.any(Object) });
    expect(Object.keys(body)).toEqual(doc.components.schemas.Error?.required);
    for (const key of error?.required ?? []) expect(body.error).toHaveProperty(key);
    for (const key of Object.keys(body.error)) expect(Object.keys(error?.properties ?? {})).toContain(key);
    expect(error?.properties?.code).toMatchObject({ examples: expect.arrayContaining([body.error.code, 'VALIDATION_FAILED', 'RATE_LIMITED']) });
  });

  it('serves the same document as YAML', async () => {
    const res = await fetch(`${server().url}${API_DOCS_PATH}/yaml`);
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/^openapi: 3\.1\.\d+$/m);
  });

  it('serves the viewer as HTML with scripts from files only, under the app CSP', async () => {
    const res = await fetch(`${server().url}${API_DOCS_PATH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<div id="swagger-ui">');
    // No inline script: every <script> loads a file.
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, content] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(content?.trim()).toBe('');
    }
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    for (const [, attributes] of scripts) {
      const src = /src="([^"]+)"/.exec(attributes ?? '')?.[1] ?? '';
      const script = await fetch(new URL(src, `${server().url}${API_DOCS_PATH}`));
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type'), src).toMatch(/javascript/);
      await script.arrayBuffer();
    }
  });
});
