import { useChamber } from '@/lib/chamber/use-chamber';

/** Who the legal texts speak for, from the chamber's record: never written into the text. */
export function useLegalIdentity() {
  const { name, shortName, location, config } = useChamber();
  const place = location
    ? [location.city, [location.state, location.postalCode].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ')
    : '';
  return {
    name,
    shortName,
    address: [location?.address1 ?? '', place].filter(Boolean),
    email: location?.email ?? '',
    phone: location?.phone ?? '',
    portalUrl: config?.publicUrl ?? window.location.origin,
  };
}
