import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OwnProfileSchema,
  ProfileCompletenessSchema,
  ProfileIdParams,
  ProfileInput,
  ProfileViewSchema,
} from '../../../shared/schemas/profile.js';
import { forbidden, notFound } from '../../errors.js';
import { requireViewer } from '../../plugins/session.js';
import { getCompletenessSummary, getOwnProfile, getProfileView, saveOwnProfile } from './profiles.service.js';

const PROFILE_NOT_FOUND = 'Profile not found';

/** Member profiles: read your own, write your own, view anyone's (as far as they allow). */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // Every profile route needs a member, checked before the body is even parsed.
  app.addHook('onRequest', async (request) => {
    await requireViewer(request);
  });

  r.get('/api/profiles/me', { schema: { response: { 200: OwnProfileSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    const profile = await getOwnProfile(db, viewer.userId);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  r.get('/api/profiles/me/completeness', { schema: { response: { 200: ProfileCompletenessSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getCompletenessSummary(db, viewer.userId);
  });

  r.put('/api/profiles/me', { schema: { body: ProfileInput, response: { 200: OwnProfileSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    return saveOwnProfile(db, viewer.userId, request.body);
  });

  r.get('/api/profiles/:id', { schema: { params: ProfileIdParams, response: { 200: ProfileViewSchema } } }, async (request) => {
    const viewer = await requireViewer(request);
    const profile = await getProfileView(db, viewer.userId, request.params.id);
    if (!profile) throw notFound(PROFILE_NOT_FOUND);
    return profile;
  });

  // Profiles are keyed by the member's own id: writing any other id is refused before the body is read.
  r.put(
    '/api/profiles/:id',
    {
      onRequest: async (request) => {
        const viewer = await requireViewer(request);
        const { id } = request.params as { id?: unknown };
        if (id !== viewer.userId) throw forbidden();
      },
      schema: { params: ProfileIdParams, body: ProfileInput, response: { 200: OwnProfileSchema } },
    },
    async (request) => {
      const viewer = await requireViewer(request);
      return saveOwnProfile(db, viewer.userId, request.body);
    },
  );
}
