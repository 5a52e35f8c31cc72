import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { GeoPlaceSchema, NearestZipQuery, PROFILE_MESSAGES, ZipParams } from '../../../shared/schemas/profile.js';
import { notFound } from '../../errors.js';
import { requireViewer } from '../../plugins/session.js';
import { lookupZip, nearestZip } from './geo.service.js';

/** ZIP -> place and position -> nearest ZIP, for the profile forms (signed-in members only). */
export async function geoRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/geo/zip/:zip',
    { schema: { params: ZipParams, response: { 200: GeoPlaceSchema } } },
    async (request) => {
      await requireViewer(request);
      const place = lookupZip(request.params.zip);
      if (!place) throw notFound(PROFILE_MESSAGES.zipNotFound);
      return place;
    },
  );

  r.get(
    '/api/geo/nearest',
    { schema: { querystring: NearestZipQuery, response: { 200: GeoPlaceSchema } } },
    async (request) => {
      await requireViewer(request);
      const place = nearestZip(request.query.lat, request.query.lon);
      if (!place) throw notFound(PROFILE_MESSAGES.zipNotFound);
      return place;
    },
  );
}
