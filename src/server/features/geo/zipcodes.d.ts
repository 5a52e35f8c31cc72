// The zipcodes package ships no types; only what the geo service uses is declared.
declare module 'zipcodes' {
  export interface ZipCodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  /** Every code the package knows, US ZIPs and Canadian postal prefixes, keyed by code. */
  export const codes: Record<string, ZipCodeEntry | undefined>;
  export function lookup(zip: string): ZipCodeEntry | undefined;
  const zipcodes: { codes: typeof codes; lookup: typeof lookup };
  export default zipcodes;
}
