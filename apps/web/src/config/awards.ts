/**
 * The chamber's award winners, shown on the nominations page. Content staff update each year;
 * the names are member businesses of the demo chamber.
 */
export interface AwardWinner {
  award: string;
  year: number;
  winner: string;
  business?: string;
  citation: string;
}

export const awardWinners: AwardWinner[] = [
  {
    award: 'Business of the Year',
    year: 2024,
    winner: 'Redwood Hardware & Supply',
    citation:
      'For forty years of friendly advice on Redwood Road, free screen repair for seniors, and the paint and tools donated to the Fall Festival and three school projects this year.',
  },
  {
    award: 'Customer Service Superstar',
    year: 2024,
    winner: 'Maria Delgado',
    business: 'Sweetwater Bakery',
    citation:
      'Nominated by more customers than anyone this year: for remembering every regular’s order, and for baking through the night when a wedding cake order went astray.',
  },
];
