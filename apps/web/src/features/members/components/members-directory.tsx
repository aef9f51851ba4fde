import { MEMBERS_PAGE_SIZE, type Member } from '@chamber/contract';
import { LocateFixedIcon, MapIcon, SearchXIcon } from 'lucide-react';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageBody, PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCategories } from '@/lib/api/categories';
import { useAuth } from '@/lib/auth/use-auth';
import { useChamberZone } from '@/components/members/opening-status';
import { useChamber } from '@/lib/chamber/use-chamber';
import { useHydrated } from '@/lib/use-hydrated';
import { usePlanName } from '@/lib/membership/use-membership-tiers';
import { useNow } from '@/lib/render-time';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import { directoryFilters, directoryOffset, useMemberCount, useMembers } from '../api/get-members';
import { CategoryNav } from './category-nav';
import { directoryHeading, specialtiesOf } from './directory-heading';
import { ALL, DirectoryToolbar, type DirectoryControls } from './directory-toolbar';
import { LoadMoreSentinel } from './load-more-sentinel';
import { MemberCard, MemberCardSkeleton } from './member-card';
import { useViewMode } from './use-view-mode';

export const SEARCH_DEBOUNCE_MS = 500;

// Leaflet and its styles load only when a visitor opens the map.
const DirectoryMap = lazy(() => import('./directory-map'));

/** The member directory (docs/product.md#screens): search, filters, sort, grid or list, infinite scroll. */
export function MembersDirectory({
  openNow = false,
  category = null,
}: {
  openNow?: boolean;
  /** A category's slug: its page, /members/category/{slug}. */
  category?: string | null;
}) {
  const { isAuthenticated, role: viewerRole } = useAuth();
  const isAdmin = viewerRole === 'admin';
  const [view, setView] = useViewMode();
  const [controls, setControls] = useState<Omit<DirectoryControls, 'view'>>({
    search: '',
    role: ALL,
    specialty: ALL,
    sort: 'name',
  });
  const search = useDebouncedValue(controls.search.trim(), SEARCH_DEBOUNCE_MS);
  const role = isAdmin && controls.role !== ALL ? controls.role : null;

  // Set while the refresh button's refetch runs, so its requests carry refresh=true.
  const refreshing = useRef(false);
  const [isRefreshing, setIsRefreshing] = useState(false);
  const navigate = useNavigate();
  // The map (an enhancement once scripts run): its view filters the list; 'Near me' sorts it.
  const hydrated = useHydrated();
  const { config } = useChamber();
  // Read once for every card.
  const planName = usePlanName();
  const now = useNow();
  const zone = useChamberZone();
  const [mapOpen, setMapOpen] = useState(false);
  const [bounds, setBounds] = useState<string | null>(null);
  const [near, setNear] = useState<string | null>(null);
  const [nearMessage, setNearMessage] = useState('');
  const inView = mapOpen && bounds ? { bounds } : {};
  // `?page=N`: the directory from its Nth page of 20 (the paging links, which the server draws
  // and which work without scripts); with scripts, the next pages load as the list scrolls.
  const [searchParams] = useSearchParams();
  const from = directoryOffset(searchParams.get('page'));
  const query = useMembers(
    {
      ...directoryFilters({ search, role, sort: controls.sort }, openNow, category),
      ...inView,
      ...(near ? { near } : {}),
    },
    () => refreshing.current,
    from,
  );
  // The list shown while it is fetched again (new filters, a refresh) is dimmed and busy.
  const refetching = query.isFetching && !query.isFetchingNextPage;

  function toggleNear() {
    if (near) {
      setNear(null);
      setNearMessage('');
      return;
    }
    if (!('geolocation' in navigator)) {
      setNearMessage('This browser cannot share your location.');
      return;
    }
    setNearMessage('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setNear(`${coords.latitude.toFixed(5)},${coords.longitude.toFixed(5)}`);
        setNearMessage('Nearest businesses first.');
      },
      () => setNearMessage('Your location is not available; the list keeps its order.'),
      { maximumAge: 300_000, timeout: 10_000 },
    );
  }

  const mapControls =
    hydrated && config ? (
      <>
        <Button
          type="button"
          variant={mapOpen ? 'default' : 'outline'}
          aria-pressed={mapOpen}
          onClick={() => {
            setMapOpen((open) => !open);
            setBounds(null);
          }}
        >
          <MapIcon aria-hidden="true" />
          Map
        </Button>
        <Button
          type="button"
          variant={near ? 'default' : 'outline'}
          aria-pressed={Boolean(near)}
          onClick={toggleNear}
        >
          <LocateFixedIcon aria-hidden="true" />
          Near me
        </Button>
      </>
    ) : null;

  const loaded = useMemo(() => {
    // Pages are offset-based; a member may shift into the next page between requests.
    const seen = new Set<string>();
    const members: Member[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const member of page.members) {
        if (!seen.has(member.id)) {
          seen.add(member.id);
          members.push(member);
        }
      }
    }
    return members;
  }, [query.data]);
  const specialties = useMemo(() => specialtiesOf(loaded), [loaded]);
  const shown =
    controls.specialty === ALL
      ? loaded
      : loaded.filter((m) => m.specialties.includes(controls.specialty));

  const tree = useCategories().data;
  const shownCategory = tree?.categories
    .flatMap((c) => [c, ...c.children])
    .find((c) => c.slug === category);
  const serverFiltered =
    search !== '' || role !== null || openNow || category !== null || 'bounds' in inView;
  const filtered = serverFiltered || controls.specialty !== ALL;
  const countQuery = useMemberCount(filtered);
  const matchingTotal = query.data?.pages[0]?.total;
  const heading = directoryHeading({
    total: serverFiltered ? countQuery.data : (countQuery.data ?? matchingTotal),
    matching: controls.specialty === ALL ? (matchingTotal ?? 0) : shown.length,
    filtered,
  });

  const clearFilters = () => {
    setControls((c) => ({ ...c, search: '', role: ALL, specialty: ALL }));
    if (openNow || category) void navigate(paths.members.href());
  };

  async function refresh() {
    refreshing.current = true;
    setIsRefreshing(true);
    try {
      await query.refetch();
      await countQuery.refetch();
    } finally {
      refreshing.current = false;
      setIsRefreshing(false);
    }
  }

  const firstLoad = query.isPending;
  const loadFailed = query.isError && !query.isFetchNextPageError;

  return (
    <>
      <PageHeader
        title={shownCategory ? shownCategory.name : 'Member Directory'}
        description={
          <span role="status" aria-live="polite">
            {loadFailed ? '' : heading}
          </span>
        }
      />
      <PageBody className="grid gap-6">
        <DirectoryToolbar
          {...controls}
          view={view}
          onChange={({ view: nextView, ...change }) => {
            if (nextView) setView(nextView);
            if (Object.keys(change).length) setControls((c) => ({ ...c, ...change }));
          }}
          openNow={openNow}
          showRoleFilter={isAdmin}
          listedRoles={query.data?.pages[0]?.roles ?? []}
          specialties={specialties}
          filtered={filtered || controls.search !== ''}
          onClear={clearFilters}
          onRefresh={() => void refresh()}
          refreshing={isRefreshing}
          mapControls={mapControls}
        />
        {tree ? <CategoryNav tree={tree} slug={category} /> : null}
        {nearMessage ? (
          <p role="status" className="text-sm text-muted-foreground">
            {nearMessage}
          </p>
        ) : null}
        {mapOpen && config ? (
          <Suspense
            fallback={
              <div
                role="status"
                className="grid h-[360px] place-items-center rounded-xl border bg-muted text-muted-foreground sm:h-[420px]"
              >
                Loading map…
              </div>
            }
          >
            <DirectoryMap settings={config.map} members={loaded} onBoundsChange={setBounds} />
          </Suspense>
        ) : null}

        {loadFailed ? (
          <div
            role="alert"
            className="grid justify-items-center gap-4 rounded-xl border border-destructive/40 bg-destructive/5 px-6 py-12 text-center"
          >
            <p className="text-lg font-semibold">
              {query.error.message || 'Failed to load members'}
            </p>
            <Button type="button" onClick={() => window.location.reload()}>
              Try Again
            </Button>
          </div>
        ) : firstLoad ? (
          <ul aria-label="Loading members" className={listClass(view)}>
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <MemberCardSkeleton view={view} />
              </li>
            ))}
          </ul>
        ) : shown.length === 0 && !query.hasNextPage ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
            <SearchXIcon className="size-10 text-muted-foreground" aria-hidden="true" />
            <p className="text-lg font-semibold">No members found</p>
            <p className="text-muted-foreground">
              {openNow && !search && controls.specialty === ALL
                ? 'No member business is open at this hour.'
                : category && !search && controls.specialty === ALL
                  ? 'No member business is listed in this category yet.'
                  : filtered
                    ? 'Try a different search, or clear the filters.'
                    : 'Check back soon.'}
            </p>
            {filtered ? (
              <Button type="button" variant="outline" onClick={clearFilters}>
                Clear Filters
              </Button>
            ) : null}
          </div>
        ) : (
          <ul
            aria-label="Members"
            aria-busy={refetching}
            className={cn(listClass(view), refetching && 'opacity-70')}
          >
            {shown.map((member) => (
              <li key={member.id}>
                <MemberCard
                  member={member}
                  view={view}
                  showEmail={isAuthenticated}
                  planName={planName(member.membershipTier)}
                  now={now}
                  zone={zone}
                />
              </li>
            ))}
          </ul>
        )}

        {query.isFetchingNextPage ? (
          <p role="status" className="flex items-center justify-center gap-2 text-muted-foreground">
            <Spinner />
            Loading more members...
          </p>
        ) : null}
        {query.isFetchNextPageError ? (
          <div role="alert" className="grid justify-items-center gap-3 text-center">
            <p>{query.error?.message || 'Failed to load members'}</p>
            <Button type="button" variant="outline" onClick={() => void query.fetchNextPage()}>
              Try Again
            </Button>
          </div>
        ) : null}
        <LoadMoreSentinel
          active={Boolean(query.hasNextPage) && !query.isFetching && !query.isFetchNextPageError}
          onVisible={() => void query.fetchNextPage()}
        />
        <DirectoryPages
          page={from / MEMBERS_PAGE_SIZE + 1}
          // Past the first page of what is loaded: scrolling loads it once scripts run.
          hasNext={!hydrated && (query.data?.pages[0]?.hasMore ?? false)}
        />
      </PageBody>
    </>
  );
}

const listClass = (view: 'grid' | 'list') =>
  view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'grid gap-3';

/**
 * Links to the directory's previous and next pages (`?page=N`), drawn by the server: a
 * visitor without scripts reaches every member. Once scripts run, the list loads its next
 * pages as it scrolls, so only the way back to earlier pages stays.
 */
function DirectoryPages({ page, hasNext }: { page: number; hasNext: boolean }) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label="Directory pages" className="flex flex-wrap items-center justify-center gap-3">
      {page > 1 ? (
        <Button asChild variant="outline">
          <Link to={{ search: page > 2 ? `?page=${page - 1}` : '' }}>Previous page</Link>
        </Button>
      ) : null}
      {hasNext ? (
        <Button asChild variant="outline">
          <Link to={{ search: `?page=${page + 1}` }}>Next page</Link>
        </Button>
      ) : null}
    </nav>
  );
}
