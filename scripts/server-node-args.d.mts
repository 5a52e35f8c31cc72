/** The Node.js options the server runs with, by database (see server-node-args.mjs). */
export function serverNodeArgs(env: { DATABASE_URL?: string | undefined }): string[];
