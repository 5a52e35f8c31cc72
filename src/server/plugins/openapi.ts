import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import type { AppConfig } from '../config.js';
import { ERROR_STATUSES } from '../errors.js';
import { reachableAuthEndpoints } from '../features/auth/auth.routes.js';
import { OPERATIONS, type OperationDoc } from './openapi-operations.js';

/** The interactive viewer (Swagger UI). */
export const API_DOCS_PATH = '/api/docs';
/** The OpenAPI 3.1 document the viewer shows (`/api/docs/yaml` has it as YAML). */
export const OPENAPI_DOCUMENT_PATH = `${API_DOCS_PATH}/json`;

/** The version of the API contract, not of the package: raised when a change breaks clients. */
const API_VERSION = '1.0.0';
const SESSION_COOKIE = 'better-auth.session_token';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One tag per feature folder (src/server/features/), found by the longest matching path prefix. */
const TAGS: { name: string; description: string; prefixes: string[] }[] = [
  { name: 'health', description: 'Liveness and readiness', prefixes: ['/api/health'] },
  {
    name: 'auth',
    description: 'Sign-up, sign-in, sessions, verification and password reset (better-auth behind our schemas)',
    prefixes: ['/api/auth/', '/api/account/'],
  },
  { name: 'account', description: 'My data: export and deletion', prefixes: ['/api/account/export', '/api/account/delete'] },
  { name: 'profiles', description: 'Member profiles', prefixes: ['/api/profiles'] },
  { name: 'uploads', description: 'Profile photos', prefixes: ['/api/photos'] },
  { name: 'categories', description: 'The skill taxonomy', prefixes: ['/api/categories'] },
  { name: 'geo', description: 'ZIP codes and positions (offline US data)', prefixes: ['/api/geo/'] },
  { name: 'posts', description: 'Exchange posts and the home feed', prefixes: ['/api/posts', '/api/feed'] },
  { name: 'matching', description: 'Compatibility matches', prefixes: ['/api/matches'] },
  { name: 'search', description: 'Search and member summaries', prefixes: ['/api/search', '/api/members/'] },
  { name: 'requests', description: 'Exchange requests and their lifecycle', prefixes: ['/api/requests'] },
  { name: 'ratings', description: 'Ratings after a completed exchange', prefixes: ['/api/requests/{id}/rating'] },
  { name: 'network', description: 'My Network', prefixes: ['/api/network'] },
  { name: 'messages', description: 'Conversations, messages and exchange proposals', prefixes: ['/api/conversations', '/api/messages/'] },
  { name: 'notifications', description: 'Notifications, notes and reminders', prefixes: ['/api/notifications'] },
  { name: 'blocks', description: 'Blocking members', prefixes: ['/api/blocks'] },
  { name: 'settings', description: 'My settings', prefixes: ['/api/settings'] },
  { name: 'verification', description: 'Verification steps and Trust Score', prefixes: ['/api/verification'] },
  { name: 'reports', description: 'Reporting members, posts and messages', prefixes: ['/api/reports'] },
  { name: 'support', description: 'Writing to support', prefixes: ['/api/support/'] },
  { name: 'unsubscribe', description: 'One-click unsubscribe from e-mails', prefixes: ['/api/unsubscribe'] },
  { name: 'realtime', description: 'The WebSocket for live events', prefixes: ['/api/realtime'] },
  { name: 'mail', description: 'The dev outbox (development only)', prefixes: ['/api/dev/mailbox'] },
];

const DESCRIPTION = `The HTTP API the SkillSwap web app itself uses. Request and response bodies are JSON, described
by the same zod schemas the server validates with (\`src/shared/schemas/\`).

**Sessions.** Sign in with \`POST /api/auth/sign-in/email\`: the session lives in the httpOnly cookie
\`${SESSION_COOKIE}\` (\`__Secure-${SESSION_COOKIE}\` on an https origin). Send it back on every call;
operations marked with no security requirement also answer visitors.

**Origin check.** A request that changes something (any method but GET, HEAD and OPTIONS) with an
\`Origin\` header must come from the app's own origin (\`APP_URL\`), and one a browser marks
\`Sec-Fetch-Site: cross-site\` is refused: 403 either way. Scripts that send no \`Origin\` pass.

**Errors.** Every failure answers \`{ "error": { "code", "message", "fields"? } }\` (the \`Error\`
schema): a stable code, a message meant for people, and for \`VALIDATION_FAILED\` one message per
field. A 429 carries \`Retry-After\` (seconds). A 500 never carries details.`;

interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses?: Record<string, Record<string, unknown>>;
}

type PathItem = Partial<Record<(typeof HTTP_METHODS)[number], Operation>>;

interface Document {
  components?: Record<string, Record<string, unknown> | undefined>;
  paths?: Record<string, PathItem>;
  [key: string]: unknown;
}

/**
 * The OpenAPI document and its viewer. Call before any route is registered: @fastify/swagger
 * records routes as they are added. The document itself is built on its first request and kept,
 * so building an app (every API test does) costs next to nothing.
 */
export async function registerOpenApi(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.appName} API`, version: API_VERSION, description: DESCRIPTION },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: `The session cookie set by sign-in (named \`__Secure-${SESSION_COOKIE}\` on an https origin).`,
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      // Only the API: not the web app's pages and files, not the viewer itself, and not the
      // better-auth catch-all, which finishDocument lists endpoint by endpoint.
      const { url } = input;
      if (!url.startsWith('/api/') || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`) || url === '/api/auth/*') {
        return { schema: { hide: true }, url };
      }
      // @fastify/websocket hides its routes; the realtime socket is part of the API all the same.
      if ('websocket' in input.route && input.route.websocket === true) return { schema: {}, url };
      return jsonSchemaTransform(input);
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('the API document is OpenAPI, not Swagger 2');
      return finishDocument(documentObject.openapiObject as Document) as ReturnType<SwaggerTransformObject>;
    },
  });

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: `${config.appName} API` },
    uiConfig: { deepLinking: true, docExpansion: 'list', displayRequestDuration: true },
  });
}

/**
 * Adds what the routes' schemas do not say: the better-auth endpoints, tags, summaries, which
 * operations need no session, non-JSON bodies and the error answer every operation may give.
 */
function finishDocument(document: Document): Document {
  const paths: Record<string, PathItem> = { ...authPaths(), ...document.paths };
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) describeOperation(method, path, operation, OPERATIONS[`${method.toUpperCase()} ${path}`]);
    }
  }
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: { ...document.components?.schemas, Error: errorSchema() },
      responses: {
        Error: {
          description: 'The request failed: the `Error` body, with the status of its code',
          headers: { 'Retry-After': { description: 'With 429: seconds until the limit resets', schema: { type: 'integer' } } },
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

function describeOperation(method: string, path: string, operation: Operation, doc: OperationDoc | undefined): void {
  operation.operationId ??= operationId(method, path);
  operation.tags ??= [tagOf(path)];
  if (doc) {
    operation.summary ??= doc.summary;
    if (doc.description) operation.description ??= doc.description;
    if (doc.public) operation.security = [];
    if (doc.requestBody) operation.requestBody = doc.requestBody;
    if (doc.responses) operation.responses = doc.responses;
  }
  operation.responses = { ...operation.responses, default: { $ref: '#/components/responses/Error' } };
}

/** `POST /api/posts/{id}/status` -> `postPostsByIdStatus`: stable names for client generators. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[/-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `by-${part.slice(1, -1)}` : part))
    .flatMap((part) => part.split('-'));
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

function tagOf(path: string): string {
  let best: { name: string; length: number } = { name: 'api', length: 0 };
  for (const tag of TAGS) {
    for (const prefix of tag.prefixes) {
      if (path.startsWith(prefix) && prefix.length > best.length) best = { name: tag.name, length: prefix.length };
    }
  }
  return best.name;
}

/** The better-auth endpoints the `/api/auth/*` bridge lets through, with the schemas it checks. */
function authPaths(): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const endpoint of reachableAuthEndpoints()) {
    const operation: Operation = {
      responses: {
        200: {
          description: "better-auth's answer as JSON (any session token removed from it); sign-in and sign-up set the session cookie",
        },
      },
    };
    if (endpoint.body) {
      operation.requestBody = { required: true, content: { 'application/json': { schema: inputJsonSchema(endpoint.body) } } };
    }
    if (endpoint.query) operation.parameters = queryParameters(endpoint.query);
    const method = endpoint.method === 'GET' ? 'get' : 'post';
    paths[endpoint.path] = { ...paths[endpoint.path], [method]: operation };
  }
  return paths;
}

function inputJsonSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return json;
}

function queryParameters(schema: ZodType): Record<string, unknown>[] {
  const json = inputJsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: property,
  }));
}

function errorSchema(): Record<string, unknown> {
  const codes = Object.entries(ERROR_STATUSES).map(([code, status]) => `\`${code}\` (${status})`);
  return {
    type: 'object',
    required: ['error', 'requestId'],
    properties: {
      requestId: {
        type: 'string',
        description: "The request's id, also in the `X-Request-Id` header and on the server's log lines for it",
      },
      error: {
        type: 'object',
        required: ['code', 'message'],
        properties: {
          code: {
            type: 'string',
            description: `A stable code: ${codes.join(', ')}. \`/api/auth/*\` may also answer better-auth's own codes (such as \`INVALID_EMAIL_OR_PASSWORD\`).`,
            examples: Object.keys(ERROR_STATUSES),
          },
          message: { type: 'string', description: 'For people: the app shows it as it is' },
          fields: {
            type: 'object',
            additionalProperties: { type: 'string' },
            description: 'With VALIDATION_FAILED: one message per invalid field (a dotted path; `_` for the body as a whole)',
          },
        },
      },
    },
  };
}
