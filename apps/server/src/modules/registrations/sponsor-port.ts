/**
 * What the registrant's confirmation reads of sponsorships: the sponsors presenting an event
 * now ('Presented by …'). Handed in at wiring (modules/index.ts) from the sponsorships
 * module's placements, as tickets are handed in.
 */
export interface EventSponsors {
  /**
   * The names of the sponsors presenting the event (its id, a series' for its dates) today;
   * none when it has no live sponsor.
   */
  presentersOf(eventId: string): Promise<string[]>;
}

/** 'A', 'A and B', 'A, B and C'. */
export function namesInProse(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
