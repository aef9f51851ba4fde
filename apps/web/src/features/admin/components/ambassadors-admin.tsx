import { endpoints } from '@chamber/contract/endpoints';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { api, ApiError } from '@/lib/api/client';
import { ambassadorsQueryOptions, useSetAmbassador } from '@/lib/api/celebrations';
import { type Outcome, OutcomeMessage } from '@/components/ui/outcome-message';

type SetAmbassador = (personId: string, name: string, ambassador: boolean) => void;

/**
 * The chamber's ambassadors, on the Celebrations tab: people of members' businesses staff
 * invite to every confirmed celebration (each is mailed a link to sign up to attend). Listed
 * with their business and Remove; a search of the directory finds a business, whose people
 * can then be made ambassadors one by one.
 */
export function AmbassadorsAdmin() {
  const id = useId();
  const list = useQuery(ambassadorsQueryOptions());
  const change = useSetAmbassador();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
  const [opened, setOpened] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const found = useQuery({
    queryKey: ['celebrations', 'ambassador-search', term],
    queryFn: ({ signal }) =>
      api.call(endpoints.members.directory, {
        query: { source: 'Ambassadors', limit: 8, search: term },
        signal,
        errorMessage: 'Failed to search the members',
      }),
    enabled: term.length >= 2,
  });
  const ambassadors = list.data?.ambassadors ?? [];
  const already = new Set(ambassadors.map((a) => a.personId));

  const set: SetAmbassador = (personId, name, ambassador) => {
    setOutcome(null);
    change.mutate(
      { personId, ambassador },
      {
        onSuccess: () =>
          setOutcome({
            ok: true,
            text: ambassador ? `${name} is an ambassador.` : `${name} is no longer an ambassador.`,
          }),
        onError: (error) =>
          setOutcome({
            ok: false,
            text: error instanceof ApiError ? error.message : 'Something went wrong. Try again.',
          }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Ambassadors</CardTitle>
        <CardDescription>
          Ambassadors are people of member businesses, mailed each confirmed celebration with a link
          to sign up to attend.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OutcomeMessage outcome={outcome} />
        {list.error ? (
          <p role="alert">{list.error.message}</p>
        ) : !list.data ? (
          <p role="status">Loading the ambassadors…</p>
        ) : ambassadors.length === 0 ? (
          <p className="text-sm text-muted-foreground">No ambassadors yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Ambassadors">
            {ambassadors.map((a) => (
              <li
                key={a.personId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{a.name}</span>
                  {a.businessName ? (
                    <span className="block text-muted-foreground">{a.businessName}</span>
                  ) : null}
                  <span className="block break-all text-muted-foreground">
                    {a.email ?? 'No email'}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  aria-label={`Remove ${a.name}`}
                  onClick={() => set(a.personId, a.name, false)}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-search`}>Add an ambassador</Label>
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search member businesses by name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {term.length >= 2 && found.data ? (
            found.data.members.length === 0 ? (
              <p className="text-sm text-muted-foreground">No member matches.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Members found">
                {found.data.members.map((m) => {
                  const label = m.businessName || m.name;
                  const open = opened === m.id;
                  return (
                    <li key={m.id} className="grid gap-2 rounded-lg border p-3 text-sm">
                      <div className="flex flex-wrap items-center justify-between gap-2">
                        <span className="min-w-0 font-medium">{label}</span>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-expanded={open}
                          aria-controls={`${id}-people-${m.id}`}
                          onClick={() => setOpened(open ? null : m.id)}
                        >
                          {open ? 'Hide people' : 'Show people'}
                          <span className="sr-only"> of {label}</span>
                        </Button>
                      </div>
                      {open ? (
                        <BusinessPeople
                          id={`${id}-people-${m.id}`}
                          contactId={m.id}
                          businessName={label}
                          already={already}
                          busy={change.isPending}
                          onSet={set}
                        />
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** A found business's people, each with Make ambassador (or marked as one already). */
function BusinessPeople({
  id,
  contactId,
  businessName,
  already,
  busy,
  onSet,
}: {
  id: string;
  contactId: string;
  businessName: string;
  already: Set<string>;
  busy: boolean;
  onSet: SetAmbassador;
}) {
  const people = useQuery({
    queryKey: ['celebrations', 'ambassador-people', contactId],
    queryFn: ({ signal }) =>
      api.call(endpoints.members.people, {
        params: { id: contactId },
        signal,
        errorMessage: 'Failed to load the people of the business',
      }),
  });
  if (people.error) return <p role="alert">{people.error.message}</p>;
  if (!people.data) return <p role="status">Loading the people…</p>;
  if (people.data.people.length === 0) {
    return <p className="text-muted-foreground">{businessName} has no people yet.</p>;
  }
  return (
    <ul id={id} className="grid gap-2" aria-label={`People of ${businessName}`}>
      {people.data.people.map((p) => (
        <li
          key={p.id}
          className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/50 px-3 py-2"
        >
          <span className="min-w-0">
            <span className="block font-medium">{p.name}</span>
            <span className="block break-all text-muted-foreground">
              {[p.title, p.email].filter(Boolean).join(' · ') || 'No email'}
            </span>
          </span>
          {already.has(p.id) ? (
            <span className="text-muted-foreground">Ambassador</span>
          ) : (
            <Button size="sm" disabled={busy} onClick={() => onSet(p.id, p.name, true)}>
              {/* The visible words first in the name (axe: label-content-name-mismatch). */}
              Make ambassador<span className="sr-only"> for {p.name}</span>
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
