/**
 * What the API document says about each operation beyond its schemas: a summary, whether it
 * needs no session, and for the few routes whose body is not JSON, what it is. Keyed by the
 * document's method and path ("GET /api/posts/{id}"); the better-auth endpoints behind
 * `/api/auth/*` are listed one by one. `openapi.test.ts` fails when an operation of the document
 * has no entry here.
 */
export interface OperationDoc {
  summary: string;
  description?: string;
  /** Answers visitors too: no session cookie needed. */
  public?: true;
  /** A request body that is not described by a zod schema (multipart, forms). */
  requestBody?: Record<string, unknown>;
  /** In place of the generated responses, for those that are not JSON described by a zod schema (files, images, the WebSocket). */
  responses?: Record<string, Record<string, unknown>>;
}

const binaryFile = (contentType: string, description: string) => ({
  description,
  content: { [contentType]: { schema: { type: 'string', contentMediaType: contentType } } },
});

export const OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': { summary: 'Liveness and readiness: 200 only when the database answers', public: true },
  'GET /api/metrics': {
    summary: 'Prometheus metrics (text format) for `Authorization: Bearer <METRICS_TOKEN>`; 404 while no token is configured',
    public: true,
  },

  'GET /api/auth/get-session': {
    summary: 'The current session and its member (null when signed out)',
    public: true,
  },
  'GET /api/auth/verify-email': { summary: 'Verify an e-mail address with the token from the verification mail', public: true },
  'POST /api/auth/sign-up/email': {
    summary: 'Create an account; a verification mail follows',
    description: 'Signing in is refused (403) until the address is verified.',
    public: true,
  },
  'POST /api/auth/sign-in/email': {
    summary: 'Sign in; sets the session cookie',
    description: 'Limited per address and client IP, and per address overall (429 with `Retry-After`).',
    public: true,
  },
  'POST /api/auth/sign-out': { summary: 'Sign out; ends the session and clears its cookie', public: true },
  'POST /api/auth/reset-password': { summary: 'Set a new password with the token from the reset mail', public: true },
  'POST /api/auth/change-password': { summary: 'Change my password; every other session ends' },

  'POST /api/account/resend-verification': { summary: 'Send the verification mail again (same answer for any address)', public: true },
  'POST /api/account/forgot-password': { summary: 'Send a password-reset mail (same answer for any address)', public: true },
  'GET /api/account/reset-password-token': { summary: 'Check a password-reset token before showing the form', public: true },
  'GET /api/account/export': {
    summary: 'Download my data as one JSON file',
    responses: { 200: binaryFile('application/json', 'skillswap-data-YYYY-MM-DD.json, as an attachment') },
  },
  'POST /api/account/delete': { summary: 'Delete my account, after my password' },
  'GET /api/dev/mailbox': {
    summary: 'The dev outbox: e-mails kept instead of sent (no SMTP_URL; this computer only; never in production)',
    public: true,
  },

  'GET /api/categories': { summary: 'The skill categories (`level=1` for the primary ones)', public: true },
  'GET /api/geo/zip/{zip}': { summary: 'City, state and position of a US ZIP code' },
  'GET /api/geo/nearest': { summary: 'The nearest US ZIP code to a position' },

  'POST /api/photos': {
    summary: 'Upload a photo (re-encoded by the server; 5 MB at most)',
    requestBody: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['photo'],
            properties: { photo: { type: 'string', contentMediaType: 'application/octet-stream', description: 'A JPEG, PNG, GIF or WebP image' } },
          },
        },
      },
    },
  },
  'GET /api/photos/{id}': { summary: 'A stored photo', public: true, responses: { 200: binaryFile('image/jpeg', 'The photo') } },

  'GET /api/profiles/me': { summary: 'My profile' },
  'GET /api/profiles/me/completeness': { summary: 'How complete my profile is, and what is missing' },
  'PUT /api/profiles/me': { summary: 'Save my profile' },
  'GET /api/profiles/{id}': { summary: "A member's profile, as far as their settings allow" },
  'PUT /api/profiles/{id}': { summary: 'Save my profile, addressed by my own id (any other id: 403)' },

  'POST /api/posts': { summary: 'Publish an exchange post' },
  'PATCH /api/posts/{id}': { summary: 'Edit my post' },
  'DELETE /api/posts/{id}': { summary: 'Delete my post' },
  'POST /api/posts/{id}/status': { summary: 'Hide, complete or reactivate my post' },
  'GET /api/posts/mine': { summary: 'My posts, newest first' },
  'GET /api/feed': { summary: 'The home feed, with filters and compatibility mode' },
  'GET /api/matches': { summary: 'My compatibility matches, in general or for one of my posts' },
  'GET /api/search': { summary: 'Search active posts (full text, with filters)' },
  'GET /api/members/{id}/summary': { summary: "A member's rating, join date and response time (Profile Details)" },

  'POST /api/requests': { summary: 'Send an exchange request on a post; opens the conversation' },
  'PATCH /api/requests/{id}': { summary: 'Accept, decline, complete or withdraw an exchange request' },
  'POST /api/requests/{id}/rating': { summary: 'Rate the other party of a completed exchange (once)' },

  'GET /api/notifications': { summary: 'My notifications, with counters' },
  'GET /api/notifications/unread-count': { summary: 'How many of my notifications are unread' },
  'POST /api/notifications/read-all': { summary: 'Mark all my notifications read' },
  'POST /api/notifications/{id}/read': { summary: 'Mark one of my notifications read' },
  'POST /api/notifications': { summary: 'Add a personal note or reminder to my notifications' },

  'GET /api/network': { summary: 'My Network: my exchange requests, both directions, with counters' },

  'GET /api/conversations': { summary: 'My conversations, with search' },
  'POST /api/conversations': { summary: 'Open (or create) my conversation with a member' },
  'GET /api/conversations/{id}': { summary: 'One of my conversations' },
  'GET /api/conversations/{id}/messages': { summary: 'The messages of one of my conversations, paged' },
  'POST /api/conversations/{id}/messages': { summary: 'Send a message (or an exchange proposal)' },
  'POST /api/conversations/{id}/read': { summary: 'Mark a conversation read' },
  'GET /api/messages/unread-count': { summary: 'Whether I have unread messages (the Messages dot)' },
  'POST /api/messages/{id}/proposal': { summary: 'Accept or decline an exchange proposal sent to me' },

  'GET /api/blocks': { summary: 'The members I blocked' },
  'POST /api/blocks': { summary: 'Block a member' },
  'DELETE /api/blocks/{memberId}': { summary: 'Lift a block' },

  'GET /api/settings': { summary: 'My settings' },
  'PATCH /api/settings': { summary: 'Change my settings' },
  'GET /api/verification': { summary: 'My verification steps and Trust Score' },
  'POST /api/reports': { summary: 'Report a member, a post or a message' },
  'POST /api/support/messages': { summary: 'Write to support (a copy goes to the sender)', public: true },
  'POST /api/unsubscribe': {
    summary: 'Turn off an e-mail kind with the signed token from a mail',
    description:
      'The token comes in the JSON body (the /unsubscribe page) or in the `token` query parameter with the form body `List-Unsubscribe=One-Click` (RFC 8058, as mail providers post it). No session and no origin check.',
    public: true,
    requestBody: {
      content: {
        'application/json': { schema: { type: 'object', properties: { token: { type: 'string' } } } },
        'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { 'List-Unsubscribe': { const: 'One-Click' } } } },
      },
    },
  },
  'GET /api/realtime': {
    summary: 'The realtime WebSocket of a signed-in tab',
    description:
      'Upgrade to a WebSocket. The server sends events as JSON text frames (src/shared/schemas/realtime.ts); the client may only send `{"type":"ping"}`. Without a session the socket is closed at once with code 4401; an untrusted Origin gets 403.',
    responses: { 101: { description: 'Switching Protocols: the WebSocket is open' } },
  },
};
