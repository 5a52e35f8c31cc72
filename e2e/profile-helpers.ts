import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** `n` distinct words, for About Me. */
export function words(n: number): string {
  return Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
}

/** A real PNG made with sharp, as a file for `setInputFiles`. */
export async function pngFile(width = 1600, height = 800, name = 'me.png') {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 30, g: 140, b: 120 } } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A primary category's id by name, through the API. */
export async function categoryId(page: Page, name: string): Promise<number> {
  const list = (await (await page.request.get('/api/categories?level=1')).json()) as { id: number; name: string }[];
  const found = list.find((c) => c.name === name);
  if (!found) throw new Error(`no category ${name}`);
  return found.id;
}

/** Saves a complete profile for the member signed in on this page, through the API. */
export async function profileViaApi(page: Page, overrides: Record<string, unknown> = {}): Promise<{ photoId: string }> {
  const upload = await page.request.post('/api/photos', { multipart: { photo: await pngFile(600, 600) } });
  if (upload.status() !== 201) throw new Error(`upload failed: ${upload.status()}`);
  const { id: photoId } = (await upload.json()) as { id: string };
  const res = await page.request.put('/api/profiles/me', {
    data: {
      photoId,
      displayName: 'Rosa Fernandez',
      about: words(45),
      serviceType: 'both',
      primaryCategoryId: await categoryId(page, 'Home & Garden'),
      skillKeywords: ['pruning', 'composting'],
      portfolioUrl: 'https://rosa.example.org',
      linkedinUrl: '',
      leadTime: '2-3-days',
      zipCode: '90210',
      serviceRadiusMiles: 25,
      location: '',
      ...overrides,
    },
  });
  if (!res.ok()) throw new Error(`profile save failed: ${res.status()} ${await res.text()}`);
  return { photoId };
}
