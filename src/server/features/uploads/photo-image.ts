import sharp from 'sharp';
import { PHOTO_MESSAGES, PROFILE_LIMITS } from '../../../shared/schemas/profile.js';
import { AppError } from '../../errors.js';

/** Formats a profile photo may arrive in, by what sharp finds in the bytes (never the file name). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp']);

/**
 * Largest decoded image we agree to touch, in pixels (25 megapixels, ~100 MB of RGBA). A small
 * file can declare a huge canvas (a decompression bomb); this stops it before decoding.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

export const invalidPhotoType = () =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', PHOTO_MESSAGES.invalidType.title, { photo: PHOTO_MESSAGES.invalidType.description });
export const photoTooLarge = () =>
  new AppError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge.title, { photo: PHOTO_MESSAGES.tooLarge.description });
export const photoFailed = () =>
  new AppError('VALIDATION_FAILED', PHOTO_MESSAGES.failed.title, { photo: PHOTO_MESSAGES.failed.description });

export interface EncodedPhoto {
  bytes: Buffer;
  width: number;
  height: number;
}

/**
 * Checks that an upload really is a JPEG, PNG, GIF or WebP of sane dimensions, then re-encodes
 * it as a 400x400 JPEG (centre crop, EXIF orientation applied, transparency on white, every
 * metadata block dropped). Nothing of the original file survives.
 */
export async function reencodePhoto(input: Buffer): Promise<EncodedPhoto> {
  let meta: { format: string | undefined; width: number; height: number };
  try {
    // Reading the header decodes no pixels, so the size check below can name a bomb as such.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidPhotoType();
  }
  const { format, width, height } = meta;
  if (!format || !ACCEPTED_FORMATS.has(format)) throw invalidPhotoType();
  if (!(width > 0 && height > 0) || width * height > MAX_INPUT_PIXELS) throw photoFailed();

  try {
    const side = PROFILE_LIMITS.photoSide;
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    throw photoFailed();
  }
}
