import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PhotoIdParams, PhotoUploadSchema, PROFILE_LIMITS } from '../../../shared/schemas/profile.js';
import { AppError, notFound } from '../../errors.js';
import { consumeRateLimit } from '../../lib/rate-limit.js';
import { requireViewer } from '../../plugins/session.js';
import { invalidPhotoType, photoFailed, photoTooLarge, reencodePhoto } from './photo-image.js';
import { readPhoto, storePhoto } from './photos.service.js';

/** A stored photo never changes (a new upload gets a new id), so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Uploads allowed per member in ten minutes: plenty for cropping again, not for filling the database. */
const UPLOADS_PER_WINDOW = 30;

const hasCode = (err: unknown, code: string) =>
  typeof err === 'object' && err !== null && 'code' in err && (err as { code: unknown }).code === code;

const hasClientStatus = (err: unknown) => {
  const status = typeof err === 'object' && err !== null && 'statusCode' in err ? (err as { statusCode: unknown }).statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
};

/**
 * Photo upload (POST /api/photos, multipart field `photo`) and serving (GET /api/photos/:id).
 * Multipart parsing is registered here only, so no other route accepts multipart bodies.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: PROFILE_LIMITS.photoMaxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  r.post(
    '/api/photos',
    { bodyLimit: PROFILE_LIMITS.photoMaxBytes + 64 * 1024, schema: { response: { 201: PhotoUploadSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const limit = await consumeRateLimit(db, `photo-upload:${viewer.userId}`, 600, UPLOADS_PER_WINDOW);
      if (!limit.allowed) throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a moment and try again.');
      if (!request.isMultipart()) throw invalidPhotoType();

      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'photo') throw invalidPhotoType();
        bytes = await part.toBuffer();
        // toBuffer() checks the size limit between the chunks it reads, so a limit reached with
        // its last chunk went unnoticed (a cut-off JPEG then failed as 'Invalid file type', 1 in
        // ~80 under load): the file stream itself says whether it was cut.
        if (part.file.truncated) throw photoTooLarge();
      } catch (err) {
        if (hasCode(err, 'FST_REQ_FILE_TOO_LARGE')) throw photoTooLarge();
        if (hasCode(err, 'FST_FILES_LIMIT') || hasCode(err, 'FST_PARTS_LIMIT')) throw invalidPhotoType();
        if (err instanceof AppError || hasClientStatus(err)) throw err;
        // The multipart parser's own errors (no or a malformed boundary, a cut-off body) are bad
        // input, not a fault of ours: the member sees the spec's 'Upload failed'.
        request.log.info({ err }, 'malformed photo upload');
        throw photoFailed();
      }
      if (bytes.length === 0) throw invalidPhotoType();

      // The photo is in: its work waits for a turn like any request's (plugins/overload.ts).
      await app.overloadGate.enter(request, reply);
      const photo = await reencodePhoto(bytes);
      const stored = await storePhoto(db, viewer.userId, photo);
      return reply.status(201).send(stored);
    },
  );

  r.get('/api/photos/:id', { schema: { params: PhotoIdParams } }, async (request, reply) => {
    const etag = `"${request.params.id}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    const photo = await readPhoto(db, request.params.id);
    if (!photo) {
      reply.removeHeader('cache-control').removeHeader('etag');
      throw notFound('Photo not found');
    }
    return reply.type(photo.mime).send(photo.bytes);
  });
}
