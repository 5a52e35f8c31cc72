import { describe, expect, it } from 'vitest';
import {
  availabilityText,
  buildDescription,
  defaultAvailableUntil,
  parseDescription,
  shortPostTitle,
  stripOfferingPrefix,
} from './post-text.js';

describe('buildDescription / parseDescription', () => {
  it('writes the spec structure with blank lines between the parts', () => {
    expect(buildDescription({ offering: ' Guitar lessons ', lookingFor: 'Help with my garden', additionalContext: 'Weekends' })).toBe(
      "What I'm offering: Guitar lessons\n\nWhat I'm looking for: Help with my garden\n\nAdditional context: Weekends",
    );
  });

  it('leaves out an empty additional context', () => {
    expect(buildDescription({ offering: 'A', lookingFor: 'B', additionalContext: '  ' })).toBe(
      "What I'm offering: A\n\nWhat I'm looking for: B",
    );
  });

  it('reads back what it wrote', () => {
    const parts = { offering: 'Sourdough baking classes', lookingFor: 'Bike repair', additionalContext: 'Evenings\n\nor Sundays' };
    expect(parseDescription(buildDescription(parts))).toEqual(parts);
  });

  it('accepts Windows line breaks and missing parts', () => {
    expect(parseDescription("What I'm offering: Yoga\r\n\r\nWhat I'm looking for: Tax help")).toEqual({
      offering: 'Yoga',
      lookingFor: 'Tax help',
      additionalContext: '',
    });
  });

  it('shows an unstructured description whole as the offering', () => {
    expect(parseDescription('  Just some text\n\nabout me  ')).toEqual({
      offering: 'Just some text\n\nabout me',
      lookingFor: '',
      additionalContext: '',
    });
  });
});

describe('titles', () => {
  it("splits a leading 'Offering: '", () => {
    expect(stripOfferingPrefix('Offering: Piano lessons')).toBe('Piano lessons');
    expect(stripOfferingPrefix('Piano lessons, Offering: more')).toBe('Piano lessons, Offering: more');
  });

  it('shortens My Posts titles to 80 characters plus ...', () => {
    expect(shortPostTitle(`Offering: ${'a'.repeat(90)}`)).toBe(`${'a'.repeat(80)}...`);
    expect(shortPostTitle('Offering: Short one')).toBe('Short one');
  });
});

describe('availabilityText', () => {
  it('formats the range, then days and times, comma-separated', () => {
    expect(
      availabilityText({ availableFrom: '2026-03-05', availableUntil: '2026-03-19', preferredDays: 'Weekends', preferredTimes: 'Mornings' }),
    ).toBe('Available Mar 05 - Mar 19, 2026, Weekends, Mornings');
  });

  it('handles a single date or none', () => {
    expect(availabilityText({ availableFrom: '2026-12-31' })).toBe('Available from Dec 31, 2026');
    expect(availabilityText({ availableUntil: '2027-01-02', preferredTimes: ' Evenings ' })).toBe('Available until Jan 02, 2027, Evenings');
    expect(availabilityText({ preferredDays: '', preferredTimes: null })).toBe('');
  });

  it('defaults the end date to the start plus 14 days', () => {
    expect(defaultAvailableUntil('2026-12-25')).toBe('2027-01-08');
    expect(() => defaultAvailableUntil('nope')).toThrow(RangeError);
  });
});
