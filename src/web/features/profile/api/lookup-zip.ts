import { GeoPlaceSchema, type GeoPlace } from '@shared/schemas/profile';
import { apiClient } from '@/lib/api-client';

/** 'City, State' and the centroid of a ZIP code (404 'ZIP code not found'). */
export function lookupZip(zip: string, signal?: AbortSignal): Promise<GeoPlace> {
  return apiClient.get(`/api/geo/zip/${encodeURIComponent(zip)}`, { schema: GeoPlaceSchema, signal });
}
