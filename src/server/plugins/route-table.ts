import type { FastifyInstance, HTTPMethods } from 'fastify';

/** The input schemas a route declared (zod schemas through fastify-type-provider-zod), if any. */
export interface RouteInputSchemas {
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route the app registered (method, URL pattern and declared input schemas), in order:
     * the authorization matrix and the property-based hostile input test walk it.
     */
    routeTable: { method: HTTPMethods; url: string; schema: RouteInputSchemas }[];
  }
}

/** Records each route as it is registered; call before any route is. HEAD twins of GETs are left out. */
export function registerRouteTable(app: FastifyInstance): void {
  const table: FastifyInstance['routeTable'] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema: RouteInputSchemas = { params: route.schema?.params, querystring: route.schema?.querystring, body: route.schema?.body };
    for (const method of methods) if (method !== 'HEAD') table.push({ method, url: route.url, schema });
  });
}
