import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsResponse, SettingsUpdate } from '../../../shared/schemas/settings.js';
import { requireViewer } from '../../plugins/session.js';
import { getSettings, updateSettings } from './settings.service.js';

/** /settings (issue 13): the signed-in member's own name and toggles, read and saved. */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  // A visitor is a 401 before the body is even parsed.
  app.addHook('onRequest', async (request) => {
    await requireViewer(request);
  });

  r.get('/api/settings', { schema: { response: { 200: SettingsResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return getSettings(db, viewer.userId, viewer.email);
  });

  r.patch('/api/settings', { schema: { body: SettingsUpdate, response: { 200: SettingsResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return updateSettings(db, viewer.userId, viewer.email, request.body);
  });
}
