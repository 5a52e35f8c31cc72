import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CategoryListQuery, CategorySchema } from '../../../shared/schemas/profile.js';
import { listActiveCategories } from './categories.service.js';

/** GET /api/categories: the active taxonomy (`?level=1` for the primary categories). */
export async function categoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/categories',
    { schema: { querystring: CategoryListQuery, response: { 200: z.array(CategorySchema) } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=300');
      return listActiveCategories(app.database.db, request.query.level);
    },
  );
}
