/**
 * The directory's count line (docs/product.md#screens Member directory): 'Connect with N active members', or
 * 'Showing X of N members' while a search or filter narrows the list.
 */
export function directoryHeading({
  total,
  matching,
  filtered,
}: {
  /** Active members in all; undefined until known. */
  total: number | undefined;
  /** Members matching the search and filters. */
  matching: number;
  filtered: boolean;
}): string {
  if (total === undefined) return 'Loading members...';
  const noun = total === 1 ? 'member' : 'members';
  if (!filtered) return `Connect with ${total} active ${noun}`;
  return `Showing ${Math.min(matching, total)} of ${total} ${noun}`;
}

// One collator for every sort (String#localeCompare builds its comparison anew each call).
const collator = new Intl.Collator();

/** Specialty filter options: every specialty of the loaded members, once, A to Z. */
export function specialtiesOf(members: readonly { specialties: readonly string[] }[]): string[] {
  const all = new Set<string>();
  for (const member of members) for (const s of member.specialties) if (s.trim()) all.add(s);
  return [...all].sort(collator.compare);
}
