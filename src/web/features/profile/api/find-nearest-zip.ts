import { GeoPlaceSchema, type GeoPlace } from '@shared/schemas/profile';
import { apiClient } from '@/lib/api-client';

/** The ZIP code nearest to a browser position (404 'ZIP code not found' outside the US). */
export function findNearestZip(latitude: number, longitude: number): Promise<GeoPlace> {
  return apiClient.get('/api/geo/nearest', { query: { lat: latitude, lon: longitude }, schema: GeoPlaceSchema });
}
