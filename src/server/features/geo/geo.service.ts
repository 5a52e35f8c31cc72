import zipcodes, { type ZipCodeEntry } from 'zipcodes';
import type { GeoPlace } from '../../../shared/schemas/profile.js';

/**
 * Offline US ZIP lookups from the `zipcodes` package (decisions.md: no outside maps service).
 * Canadian postal prefixes in the same data set are ignored: profiles take US ZIP codes.
 */

/** A browser position further than this from every ZIP centroid is not in any US ZIP. */
export const NEAREST_MAX_MILES = 60;

const US_ZIP = /^\d{5}$/;
/** Military post 'states' (APO/FPO/DPO): mail routing codes, not places a neighbour lives. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

/** Some entries carry 0,0 instead of a position; they cannot be placed on a map. */
const hasPosition = (entry: ZipCodeEntry) =>
  Number.isFinite(entry.latitude) && Number.isFinite(entry.longitude) && !(entry.latitude === 0 && entry.longitude === 0);

function toPlace(entry: ZipCodeEntry): GeoPlace {
  return {
    zip: entry.zip,
    city: entry.city,
    state: entry.state,
    location: `${entry.city}, ${entry.state}`,
    latitude: entry.latitude,
    longitude: entry.longitude,
  };
}

/** The place of a ZIP code (`12345` or `12345-6789`), or null when the data set does not know it. */
export function lookupZip(zip: string): GeoPlace | null {
  const five = zip.trim().slice(0, 5);
  if (!/^\d{5}(-\d{4})?$/.test(zip.trim()) || !US_ZIP.test(five)) return null;
  const entry = zipcodes.lookup(five);
  return entry && entry.country === 'US' && hasPosition(entry) ? toPlace(entry) : null;
}

let usEntries: ZipCodeEntry[] | undefined;
function allUsEntries(): ZipCodeEntry[] {
  usEntries ??= Object.values(zipcodes.codes).filter(
    (entry): entry is ZipCodeEntry =>
      entry !== undefined && US_ZIP.test(entry.zip) && !MILITARY_STATES.has(entry.state) && hasPosition(entry),
  );
  return usEntries;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles. */
export function distanceMiles(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The US ZIP whose centroid is nearest to a position, or null when none lies within
 * NEAREST_MAX_MILES (the member is outside the US). A linear scan of ~41k centroids, ~2 ms.
 */
export function nearestZip(latitude: number, longitude: number): GeoPlace | null {
  let best: ZipCodeEntry | undefined;
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const entry of allUsEntries()) {
    const miles = distanceMiles(latitude, longitude, entry.latitude, entry.longitude);
    if (miles < bestMiles) {
      bestMiles = miles;
      best = entry;
    }
  }
  return best && bestMiles <= NEAREST_MAX_MILES ? toPlace(best) : null;
}
