import { LEAD_TIME_LABELS, LEAD_TIMES, SERVICE_RADIUS_MILES, type LeadTime, type ServiceType } from '@shared/schemas/profile';

/** Complete Profile's service type choices (spec section 2). */
export const completeServiceTypeOptions: { value: ServiceType; label: string; hint: string }[] = [
  { value: 'digital', label: 'Digital Services', hint: '(online, remote work)' },
  { value: 'physical', label: 'Physical Services', hint: '(in-person, local)' },
  { value: 'both', label: 'Both Digital & Physical', hint: '' },
];

/** The edit screen's service type labels (spec section 2). */
export const editServiceTypeOptions: { value: ServiceType; label: string }[] = [
  { value: 'digital', label: 'Digital only' },
  { value: 'physical', label: 'Physical/In-person only' },
  { value: 'both', label: 'Both digital and physical' },
];

/** Lead time choices (spec section 3), labelled as everywhere else. */
export const leadTimeOptions: { value: LeadTime; label: string }[] = LEAD_TIMES.map((value) => ({ value, label: LEAD_TIME_LABELS[value] }));

/** '5 miles' ... '50 miles', '100+ miles'. */
export function radiusLabel(miles: number): string {
  return miles >= 100 ? '100+ miles' : `${miles} miles`;
}

export const radiusOptions = SERVICE_RADIUS_MILES.map((miles) => ({ value: miles, label: radiusLabel(miles) }));

/** Initials for an avatar: first letters of up to two words. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean).slice(0, 2);
  return words.map((word) => word.charAt(0).toUpperCase()).join('') || 'U';
}
