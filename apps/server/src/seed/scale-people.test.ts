import { describe, expect, it } from 'vitest';
import { contactsAt } from './scale-contacts.js';
import { peopleAt } from './scale-people.js';
import { randomSource } from './scale-vocabulary.js';

describe('peopleAt', () => {
  it('gives the businesses two more people each on average, the same ones every run', () => {
    const businesses = contactsAt(3_000, randomSource(1));
    const ids = businesses.map((_, i) => `id-${i}`);
    const people = peopleAt(businesses, ids);
    // With each business's primary person: about three a business (150,000 for 50,000).
    expect(people.length / businesses.length).toBeGreaterThan(1.9);
    expect(people.length / businesses.length).toBeLessThan(2.1);
    expect(new Set(people.map((p) => p.role))).toEqual(new Set(['billing', 'editor', 'employee']));
    expect(new Set(people.map((p) => p.email)).size).toBe(people.length);
    expect(people.every((p) => ids.includes(p.contactId))).toBe(true);
    expect(peopleAt(businesses, ids)).toEqual(people);
  });
});
