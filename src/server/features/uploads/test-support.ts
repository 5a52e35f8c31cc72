import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { TestClient } from '../../test/client.js';
import type { TestServer } from '../../test/harness.js';
import { signedInMember, TEST_PASSWORD } from '../../test/members.js';

/*
 * Helpers for the photo and profile API tests: real images made with sharp, a hand-made
 * decompression bomb, and multipart uploads (the JSON test client cannot send files).
 */

/** A solid-colour image in one of the formats sharp writes. */
export async function makeImage(format: 'png' | 'jpeg' | 'gif' | 'webp', width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** A JPEG carrying EXIF metadata, to prove the server strips it. */
export async function makeJpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 500, height: 500, channels: 3, background: '#884422' } })
    .withExif({ IFD0: { Copyright: 'secret-owner', Artist: 'secret-artist' } })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG that declares a 20000x20000 canvas (400 megapixels): a decompression bomb. */
export function makePngBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const firstRows = deflateSync(Buffer.alloc((side + 1) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', firstRows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A signed-in member plus their raw session cookie, for requests the JSON client cannot make. */
export async function memberWithCookie(server: TestServer) {
  const member = await signedInMember(server);
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-forwarded-for': member.client.ip },
    body: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token'))
    .join('; ');
  return { ...member, cookie };
}

/** POSTs one file as multipart to /api/photos. */
export async function uploadPhoto(
  server: TestServer,
  cookie: string | undefined,
  bytes: Buffer,
  options: { filename?: string; type?: string; field?: string } = {},
): Promise<Response> {
  const form = new FormData();
  form.append(options.field ?? 'photo', new Blob([new Uint8Array(bytes)], { type: options.type ?? 'image/png' }), options.filename ?? 'photo.png');
  const headers: Record<string, string> = { origin: server.url, 'x-forwarded-for': new TestClient(server.url).ip };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}/api/photos`, { method: 'POST', headers, body: form });
}

/** Uploads a fresh PNG and returns the new photo's id. */
export async function uploadedPhotoId(server: TestServer, cookie: string): Promise<string> {
  const res = await uploadPhoto(server, cookie, await makeImage('png'));
  if (res.status !== 201) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
