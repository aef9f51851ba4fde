import type { MembershipTier } from '@chamber/contract';
import {
  cities,
  cityCentres,
  randomSource,
  firstNames,
  lastNames,
  placeWords,
  streets,
  taglines,
  trades,
  type Random,
} from './scale-vocabulary.js';

export interface ScaleContact {
  firstName: string;
  lastName: string;
  email: string;
  /** Null for the few members who join as individuals. */
  business: string | null;
  tier: MembershipTier;
  phone: string;
  website: string | null;
  tagline: string;
  bio: string | null;
  address1: string;
  city: string;
  postalCode: string;
  memberSince: string | null;
  specialties: string[];
  paid: boolean;
  /** Where the business stands in its town (set directly: the seed never asks a geocoder). */
  pin: { lat: number; lng: number };
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A chamber's spread: most members on the basic tier, a fifth enhanced, a tenth elite. */
function tierOf(random: Random): MembershipTier {
  const roll = random.next();
  return roll < 0.7 ? 'standard' : roll < 0.9 ? 'enhanced' : 'elite';
}

function memberSinceOf(random: Random): string | null {
  if (random.chance(0.08)) return null;
  const year = random.int(1985, 2026);
  const month = String(random.int(1, 12)).padStart(2, '0');
  const day = String(random.int(1, 28)).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

/** `n` directory contacts: people with a business, its trade's specialties and an address. */
export function contactsAt(n: number, random: Random): ScaleContact[] {
  const list: ScaleContact[] = [];
  // A source of its own, so the pins leave the rest of the data as it was before them.
  const spread = randomSource(84_065);
  const pinIn = (city: keyof typeof cityCentres) => {
    const centre = cityCentres[city];
    return {
      lat: Number((centre.lat + (spread.next() - 0.5) * 0.04).toFixed(6)),
      lng: Number((centre.lng + (spread.next() - 0.5) * 0.05).toFixed(6)),
    };
  };
  for (let i = 0; i < n; i += 1) {
    const firstName = random.pick(firstNames);
    const lastName = random.pick(lastNames);
    const [trade, specialties] = random.pick(trades);
    const business = random.chance(0.06)
      ? null
      : `${random.chance(0.5) ? lastName : random.pick(placeWords)} ${trade}`;
    const tier = tierOf(random);
    const [city, postalCode] = random.pick(cities);
    const memberSince = memberSinceOf(random);
    const domain = `${slug(business ?? `${firstName} ${lastName}`)}.example`;
    const tagline = random
      .pick(taglines)
      .replace('{year}', memberSince?.slice(0, 4) ?? '2010')
      .replace('{city}', city);
    list.push({
      firstName,
      lastName,
      // The index keeps addresses unique however often a name repeats.
      email: `${slug(firstName)}.${slug(lastName)}.${i}@${domain}`,
      business,
      tier,
      phone: `(801) 555-${String(random.int(0, 9999)).padStart(4, '0')}`,
      website: tier === 'standard' && random.chance(0.5) ? null : `https://${domain}`,
      tagline,
      bio:
        tier === 'standard'
          ? null
          : `${business ?? `${firstName} ${lastName}`} serves ${city} and the south valley: ${specialties.join(', ').toLowerCase()}.`,
      address1: `${random.int(100, 14_999)} ${random.pick(streets)}`,
      city,
      postalCode,
      memberSince,
      specialties: specialties.slice(0, random.int(1, specialties.length)),
      paid: random.chance(0.93),
      pin: pinIn(city),
    });
  }
  return list;
}
