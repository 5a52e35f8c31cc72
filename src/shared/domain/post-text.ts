import { addDays, format, isValid, parseISO } from 'date-fns';

/** The three parts of a post's structured description. */
export interface PostTextParts {
  offering: string;
  lookingFor: string;
  additionalContext: string;
}

const OFFERING_LABEL = "What I'm offering:";
const LOOKING_FOR_LABEL = "What I'm looking for:";
const CONTEXT_LABEL = 'Additional context:';

/** Longest title the database and the create form accept (spec section 9). */
export const POST_TITLE_MAX = 80;

/** Days after Available From that Available Until defaults to (spec section 9). */
export const DEFAULT_AVAILABILITY_DAYS = 14;

/**
 * The description stored with a post (spec section 3): "What I'm offering: ...", a blank line,
 * "What I'm looking for: ...", and, when given, a blank line and "Additional context: ...".
 */
export function buildDescription(parts: { offering: string; lookingFor: string; additionalContext?: string | null }): string {
  const blocks = [`${OFFERING_LABEL} ${parts.offering.trim()}`, `${LOOKING_FOR_LABEL} ${parts.lookingFor.trim()}`];
  const context = parts.additionalContext?.trim();
  if (context) blocks.push(`${CONTEXT_LABEL} ${context}`);
  return blocks.join('\n\n');
}

/**
 * Reads a description back into its parts, splitting on blank lines. A description that does not
 * carry the offering label is shown whole as the offering (spec: the post card fallback).
 */
export function parseDescription(description: string): PostTextParts {
  const text = description.replace(/\r\n/g, '\n').trim();
  const blocks = text.split(/\n[ \t]*\n/);
  const parts: PostTextParts = { offering: '', lookingFor: '', additionalContext: '' };
  let current: keyof PostTextParts | undefined;
  let recognised = false;
  for (const block of blocks) {
    const trimmed = block.trim();
    const label = LABELS.find((l) => trimmed.startsWith(l.text));
    if (label) {
      recognised ||= label.key === 'offering';
      current = label.key;
      parts[current] = trimmed.slice(label.text.length).trim();
    } else if (current) {
      // A blank line inside a part (e.g. a multi-paragraph context) stays with that part.
      parts[current] = `${parts[current]}\n\n${trimmed}`;
    }
  }
  if (!recognised) return { offering: text, lookingFor: '', additionalContext: '' };
  return parts;
}

const LABELS: { key: keyof PostTextParts; text: string }[] = [
  { key: 'offering', text: OFFERING_LABEL },
  { key: 'lookingFor', text: LOOKING_FOR_LABEL },
  { key: 'additionalContext', text: CONTEXT_LABEL },
];

/** The title without a leading 'Offering: ' (My Posts and match rows split it off). */
export function stripOfferingPrefix(title: string): string {
  return title.replace(/^\s*Offering:\s*/, '');
}

/** The My Posts row title: leading 'Offering:' removed, cut to 80 characters plus '...'. */
export function shortPostTitle(title: string, max = POST_TITLE_MAX): string {
  const stripped = stripOfferingPrefix(title).trim();
  return stripped.length > max ? `${stripped.slice(0, max)}...` : stripped;
}

/** Availability fields as the edit dialog holds them; dates are yyyy-mm-dd. */
export interface AvailabilityParts {
  availableFrom?: string | null;
  availableUntil?: string | null;
  preferredDays?: string | null;
  preferredTimes?: string | null;
}

/**
 * availability_description (spec section 5): 'Available {MMM dd} - {MMM dd, yyyy}', then the
 * preferred days and times, comma-separated. With only one date it reads 'Available from ...' or
 * 'Available until ...'. Empty when nothing is set (the client then sends nothing).
 */
export function availabilityText(parts: AvailabilityParts): string {
  const from = toDate(parts.availableFrom);
  const until = toDate(parts.availableUntil);
  let range = '';
  if (from && until) range = `Available ${format(from, 'MMM dd')} - ${format(until, 'MMM dd, yyyy')}`;
  else if (from) range = `Available from ${format(from, 'MMM dd, yyyy')}`;
  else if (until) range = `Available until ${format(until, 'MMM dd, yyyy')}`;
  return [range, parts.preferredDays?.trim() ?? '', parts.preferredTimes?.trim() ?? ''].filter((s) => s !== '').join(', ');
}

/** Available Until when only Available From was chosen: the start plus 14 days (yyyy-mm-dd). */
export function defaultAvailableUntil(availableFrom: string): string {
  const from = toDate(availableFrom);
  if (!from) throw new RangeError(`not a yyyy-mm-dd date: ${availableFrom}`);
  return format(addDays(from, DEFAULT_AVAILABILITY_DAYS), 'yyyy-MM-dd');
}

function toDate(value: string | null | undefined): Date | undefined {
  if (!value) return undefined;
  const date = parseISO(value);
  return isValid(date) ? date : undefined;
}
