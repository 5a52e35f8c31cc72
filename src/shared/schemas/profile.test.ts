import { describe, expect, it } from 'vitest';
import { aboutWordsHint, CompleteProfileInput, LEAD_TIMES, leadTimeLabel, ProfileInput, PROFILE_MESSAGES } from './profile.js';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

const valid = {
  photoId: '2f1b6c8e-3d4a-4b5c-8d9e-0f1a2b3c4d5e',
  displayName: '  Ann Smith ',
  about: words(40),
  serviceType: 'physical',
  primaryCategoryId: 3,
  skillKeywords: [' bikes ', 'repair'],
  portfolioUrl: '',
  linkedinUrl: 'https://www.linkedin.com/in/ann',
  leadTime: '1-week',
  zipCode: '10001',
  serviceRadiusMiles: 10,
  location: '',
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('ProfileInput', () => {
  it('trims text, keeps keywords trimmed and saves empty optional text as null', () => {
    const r = ProfileInput.parse(valid);
    expect(r.displayName).toBe('Ann Smith');
    expect(r.skillKeywords).toEqual(['bikes', 'repair']);
    expect(r.portfolioUrl).toBeNull();
    expect(r.location).toBeNull();
    expect(r.linkedinUrl).toBe('https://www.linkedin.com/in/ann');
  });

  it.each([
    ['displayName', 'A', PROFILE_MESSAGES.displayNameMin],
    ['displayName', 'x'.repeat(81), PROFILE_MESSAGES.displayNameMax],
    ['about', words(39), PROFILE_MESSAGES.aboutWords],
    ['about', words(201), PROFILE_MESSAGES.aboutWords],
    ['about', `${words(40)} ${'x'.repeat(2000)}`, PROFILE_MESSAGES.aboutCharsMax],
    ['serviceType', '', PROFILE_MESSAGES.serviceType],
    ['serviceType', undefined, PROFILE_MESSAGES.serviceType],
    ['primaryCategoryId', undefined, PROFILE_MESSAGES.primaryCategory],
    ['skillKeywords', [], PROFILE_MESSAGES.keywordsMin],
    ['skillKeywords', ['a', 'b', 'c', 'd', 'e', 'f'], PROFILE_MESSAGES.keywordsMax],
    ['skillKeywords', ['Bikes', 'bikes '], PROFILE_MESSAGES.keywordDuplicate],
    ['skillKeywords', ['x'.repeat(41)], PROFILE_MESSAGES.keywordTooLong],
    ['portfolioUrl', 'javascript:alert(1)', PROFILE_MESSAGES.portfolioUrlScheme],
    ['portfolioUrl', 'example.com', PROFILE_MESSAGES.portfolioUrlScheme],
    ['portfolioUrl', 'http://', PROFILE_MESSAGES.portfolioUrl],
    ['portfolioUrl', `https://example.com/${'x'.repeat(500)}`, PROFILE_MESSAGES.portfolioUrl],
    ['linkedinUrl', 'ftp://linkedin.com/in/ann', PROFILE_MESSAGES.linkedinUrlScheme],
    ['linkedinUrl', 'https://exa mple.com', PROFILE_MESSAGES.linkedinUrl],
    ['leadTime', 'tomorrow', PROFILE_MESSAGES.leadTime],
    ['zipCode', '1234', PROFILE_MESSAGES.locationRequired],
    ['zipCode', '', PROFILE_MESSAGES.locationRequired],
    ['serviceRadiusMiles', 7, PROFILE_MESSAGES.serviceRadius],
    ['location', 'x'.repeat(121), PROFILE_MESSAGES.locationMax],
  ])('refuses %s = %j with the spec message', (field, value, message) => {
    const result = ProfileInput.safeParse({ ...valid, [field]: value });
    expect(result.success).toBe(false);
    expect(messagesOf(result)[field]).toBe(message);
  });

  it('requires a service radius for physical or both', () => {
    const result = ProfileInput.safeParse({ ...valid, serviceType: 'both', serviceRadiusMiles: null });
    expect(messagesOf(result).serviceRadiusMiles).toBe(PROFILE_MESSAGES.locationRequired);
  });

  it('needs no ZIP for digital services, but refuses a malformed one', () => {
    expect(ProfileInput.safeParse({ ...valid, serviceType: 'digital', zipCode: '', serviceRadiusMiles: null }).success).toBe(true);
    expect(messagesOf(ProfileInput.safeParse({ ...valid, serviceType: 'digital', zipCode: 'abc' })).zipCode).toBe(
      PROFILE_MESSAGES.zipNotFound,
    );
  });

  it('accepts ZIP+4', () => {
    expect(ProfileInput.safeParse({ ...valid, zipCode: '10001-1234' }).success).toBe(true);
  });

  it('shows the location rule alongside other field errors', () => {
    const result = ProfileInput.safeParse({ ...valid, displayName: '', zipCode: '' });
    expect(Object.keys(messagesOf(result)).sort()).toEqual(['displayName', 'zipCode']);
  });

  it('refuses an id or any other unknown key', () => {
    expect(ProfileInput.safeParse({ ...valid, id: 'someone-else' }).success).toBe(false);
  });
});

describe('CompleteProfileInput', () => {
  it('requires a photo', () => {
    const result = CompleteProfileInput.safeParse({ ...valid, photoId: null });
    expect(messagesOf(result).photoId).toBe(PROFILE_MESSAGES.photoRequired);
  });

  // Spec section 5: this form has one message per address, whatever is wrong with it; the
  // edit screen's 'must start with http:// or https://' messages are its own.
  it.each([
    ['portfolioUrl', 'javascript:alert(1)', PROFILE_MESSAGES.portfolioUrl],
    ['portfolioUrl', 'example.com', PROFILE_MESSAGES.portfolioUrl],
    ['portfolioUrl', 'http://', PROFILE_MESSAGES.portfolioUrl],
    ['linkedinUrl', 'ftp://linkedin.com/in/ann', PROFILE_MESSAGES.linkedinUrl],
    ['linkedinUrl', 'linkedin.com/in/ann', PROFILE_MESSAGES.linkedinUrl],
    ['linkedinUrl', 'https://', PROFILE_MESSAGES.linkedinUrl],
  ])('refuses %s = %j with the first form\'s message', (field, value, message) => {
    const result = CompleteProfileInput.safeParse({ ...valid, [field]: value });
    expect(messagesOf(result)[field]).toBe(message);
  });

  it('saves empty addresses as null', () => {
    const r = CompleteProfileInput.parse({ ...valid, portfolioUrl: ' ', linkedinUrl: '' });
    expect(r.portfolioUrl).toBeNull();
    expect(r.linkedinUrl).toBeNull();
  });
});

describe('leadTimeLabel', () => {
  it("shows each value as its option's label (spec section 3)", () => {
    expect(LEAD_TIMES.map(leadTimeLabel)).toEqual(['Same day', '1 day', '2-3 days', '1 week', '2 weeks', '1 month', 'Flexible']);
  });
});

describe('aboutWordsHint', () => {
  it('asks for more words, fewer words, or nothing', () => {
    expect(aboutWordsHint(words(3))).toBe('Please write at least 40 words');
    expect(aboutWordsHint(words(201))).toBe('Please keep to 200 words or less');
    expect(aboutWordsHint(words(120))).toBeNull();
  });
});
