/** Builds the server as `npm start` runs it; resolves to the file to run (scripts/server-build.mjs). */
export function buildServer(): Promise<string>;
