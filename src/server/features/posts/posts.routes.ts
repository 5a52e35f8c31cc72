import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FeedResponse } from '../../../shared/schemas/matching.js';
import {
  CreatePostInput,
  FeedQuery,
  PageQuery,
  PostIdParams,
  PostItem,
  PostListResponse,
  PostStatusInput,
  UpdatePostInput,
} from '../../../shared/schemas/posts.js';
import { requireViewer } from '../../plugins/session.js';
import { sendListJson } from '../../lib/list-json.js';
import type { MatchRankings } from '../matching/match-rankings.js';
import type { SearchHits } from '../search/search-hits.js';
import type { FeedCache } from './feed-cache.js';
import { feed } from './feed.service.js';
import { createPost, deletePost, listOwnPosts, setPostStatus, updatePost } from './posts.service.js';

/** Exchange posts (create, edit, delete, status), My Posts and the /home feed. */
export async function postRoutes(app: FastifyInstance, opts: { feedCache: FeedCache; searchHits: SearchHits; matchRankings: MatchRankings }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post('/api/posts', { schema: { body: CreatePostInput, response: { 201: PostItem } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const post = await createPost(db, viewer.userId, request.body, app.config.writeLimits);
    // Searches and matches on this instance have the post before the author hears it was made
    // (other instances take it in when the database's notification reaches them).
    await Promise.all([opts.searchHits.postsAdded([post.id]), opts.matchRankings.postsAdded([post.id])]);
    return reply.status(201).send(post);
  });

  r.patch('/api/posts/:id', { schema: { params: PostIdParams, body: UpdatePostInput, response: { 200: PostItem } } }, async (request) => {
    const viewer = await requireViewer(request);
    return updatePost(db, viewer.userId, request.params.id, request.body);
  });

  r.delete('/api/posts/:id', { schema: { params: PostIdParams, response: { 204: z.null() } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    await deletePost(db, viewer.userId, request.params.id);
    return reply.status(204).send(null);
  });

  r.post(
    '/api/posts/:id/status',
    { schema: { params: PostIdParams, body: PostStatusInput, response: { 200: PostItem } } },
    async (request) => {
      const viewer = await requireViewer(request);
      return setPostStatus(db, viewer.userId, request.params.id, request.body.status, app.config.writeLimits);
    },
  );

  r.get('/api/posts/mine', { schema: { querystring: PageQuery, response: { 200: PostListResponse } } }, async (request) => {
    const viewer = await requireViewer(request);
    return listOwnPosts(db, viewer.userId, request.query);
  });

  r.get('/api/feed', { schema: { querystring: FeedQuery, response: { 200: FeedResponse } } }, async (request, reply) => {
    const viewer = await requireViewer(request);
    const page = await opts.feedCache.page(viewer.userId, request.query, () => feed(db, viewer.userId, request.query, opts));
    // Serialized by the cache (`listJson`).
    return sendListJson(reply, FeedResponse, page);
  });
}
