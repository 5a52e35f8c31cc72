import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { GeoPlace } from '../../../shared/schemas/profile.js';

/**
 * Offline US ZIP lookups from the `zipcodes` package's data (decisions.md: no outside maps
 * service). Canadian postal prefixes in the same data set are ignored: profiles take US ZIP codes.
 */

/** A browser position further than this from every ZIP centroid is not in any US ZIP. */
export const NEAREST_MAX_MILES = 60;

/** Military post 'states' (APO/FPO/DPO): mail routing codes, not places a neighbour lives. */
const MILITARY_STATES = new Set(['AA', 'AE', 'AP']);

/** The US ZIP codes with a position, as columns. */
interface ZipTable {
  byZip: Map<string, number>;
  zip: string[];
  city: string[];
  state: string[];
  latitude: Float64Array;
  longitude: Float64Array;
  /** Rows `nearestZip` may answer with: not military post codes. */
  places: number[];
}

const ENTRY =
  /\{"zip":"(\d{5})","latitude":(-?\d+(?:\.\d+)?),"longitude":(-?\d+(?:\.\d+)?),"city":"([^"\\]*)","state":"([A-Z]{2})","country":"US"\}/g;

let table: ZipTable | undefined;

/**
 * Reads the package's US data file as text on first use, keeping only these columns: the
 * package's own module builds 42,000 objects and costs ~90 MB of memory for the whole process
 * life; this costs ~6 MB. Entries at 0,0 (no position) are left out: they cannot be placed.
 */
function zipTable(): ZipTable {
  if (table) return table;
  const text = readFileSync(createRequire(import.meta.url).resolve('zipcodes/lib/codes.js'), 'utf8');
  const rows = [...text.matchAll(ENTRY)].filter((m) => !(Number(m[2]) === 0 && Number(m[3]) === 0));
  const next: ZipTable = {
    byZip: new Map(),
    zip: [],
    city: [],
    state: [],
    latitude: new Float64Array(rows.length),
    longitude: new Float64Array(rows.length),
    places: [],
  };
  rows.forEach((m, i) => {
    const [, zip = '', latitude = '', longitude = '', city = '', state = ''] = m;
    next.byZip.set(zip, i);
    next.zip.push(zip);
    next.city.push(city);
    next.state.push(state);
    next.latitude[i] = Number(latitude);
    next.longitude[i] = Number(longitude);
    if (!MILITARY_STATES.has(state)) next.places.push(i);
  });
  table = next;
  return next;
}

function toPlace(t: ZipTable, i: number): GeoPlace {
  const city = t.city[i] ?? '';
  const state = t.state[i] ?? '';
  return { zip: t.zip[i] ?? '', city, state, location: `${city}, ${state}`, latitude: t.latitude[i] ?? 0, longitude: t.longitude[i] ?? 0 };
}

/** The place of a ZIP code (`12345` or `12345-6789`), or null when the data set does not know it. */
export function lookupZip(zip: string): GeoPlace | null {
  if (!/^\d{5}(-\d{4})?$/.test(zip.trim())) return null;
  const t = zipTable();
  const i = t.byZip.get(zip.trim().slice(0, 5));
  return i === undefined ? null : toPlace(t, i);
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
  const t = zipTable();
  let best = -1;
  let bestMiles = Number.POSITIVE_INFINITY;
  for (const i of t.places) {
    const miles = distanceMiles(latitude, longitude, t.latitude[i] ?? 0, t.longitude[i] ?? 0);
    if (miles < bestMiles) {
      bestMiles = miles;
      best = i;
    }
  }
  return best >= 0 && bestMiles <= NEAREST_MAX_MILES ? toPlace(t, best) : null;
}
