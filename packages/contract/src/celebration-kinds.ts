// Celebrations' kinds and statuses with the words for them, in a module of their own (no
// schemas), so a page that shows a celebration does not bundle the schema library.

export const celebrationKinds = [
  'ribbon_cutting',
  'grand_opening',
  'anniversary',
  'groundbreaking',
] as const;
/** The name each kind goes by, on the calendar and in mail. */
export const celebrationKindLabels: Record<(typeof celebrationKinds)[number], string> = {
  ribbon_cutting: 'Ribbon cutting',
  grand_opening: 'Grand opening',
  anniversary: 'Anniversary',
  groundbreaking: 'Groundbreaking',
};

/**
 * pending: waiting for staff; proposed: staff offered another time, waiting for the member;
 * confirmed: on the calendar; declined: staff said no; cancelled: the member withdrew.
 */
export const celebrationStatuses = [
  'pending',
  'proposed',
  'confirmed',
  'declined',
  'cancelled',
] as const;
/** The statuses that hold their slot: no other booking may take it. */
export const slotHoldingStatuses = ['pending', 'proposed', 'confirmed'] as const;
