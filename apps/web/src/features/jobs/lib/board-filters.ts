import {
  type EmploymentType,
  employmentTypes,
  type JobWorkplace,
  jobWorkplaces,
  type ListJobPostsQuery,
} from '@chamber/contract';

/** The board's search and filters, as the page's URL carries them (shareable, back works). */
export interface BoardFilters {
  q: string;
  type: EmploymentType | null;
  workplace: JobWorkplace | null;
  business: string | null;
  page: number;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : null;

/** Reads the filters from `?q=…&type=…&workplace=…&business=…&page=…`; anything odd is dropped. */
export function boardFilters(params: URLSearchParams): BoardFilters {
  const page = Number(params.get('page'));
  const business = params.get('business');
  return {
    q: (params.get('q') ?? '').trim().slice(0, 100),
    type: oneOf(employmentTypes, params.get('type')),
    workplace: oneOf(jobWorkplaces, params.get('workplace')),
    business: business && /^[0-9a-f-]{36}$/i.test(business) ? business : null,
    page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1,
  };
}

/** The filters as the API's query, without the defaults (left out, not sent). */
export function boardQuery(filters: BoardFilters): ListJobPostsQuery {
  return {
    ...(filters.q ? { q: filters.q } : {}),
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.workplace ? { workplace: filters.workplace } : {}),
    ...(filters.business ? { business: filters.business } : {}),
    ...(filters.page > 1 ? { page: filters.page } : {}),
  };
}

/** The filters as the page's query string, without the defaults. */
export function boardSearch(filters: BoardFilters): URLSearchParams {
  return new URLSearchParams(
    Object.entries(boardQuery(filters)).map(([key, value]) => [key, String(value)]),
  );
}

export const hasFilters = (filters: BoardFilters) =>
  Boolean(filters.q || filters.type || filters.workplace || filters.business);
