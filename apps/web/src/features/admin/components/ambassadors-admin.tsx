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

/**
 * The chamber's ambassadors, on the Celebrations tab: members' people staff invite to every
 * confirmed celebration (each is mailed a link to sign up to attend). Listed with Remove; a
 * search of the directory adds one.
 */
export function AmbassadorsAdmin() {
  const id = useId();
  const list = useQuery(ambassadorsQueryOptions());
  const change = useSetAmbassador();
  const [search, setSearch] = useState('');
  const term = useDeferredValue(search.trim());
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
  const already = new Set(ambassadors.map((a) => a.contactId));

  const set = (contactId: string, name: string, ambassador: boolean) => {
    setOutcome(null);
    change.mutate(
      { contactId, ambassador },
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
          Ambassadors are mailed each confirmed celebration, with a link to sign up to attend.
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
                key={a.contactId}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="block font-medium">{a.name}</span>
                  <span className="block break-all text-muted-foreground">
                    {a.email ?? 'No email'}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={change.isPending}
                  aria-label={`Remove ${a.name}`}
                  onClick={() => set(a.contactId, a.name, false)}
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
            placeholder="Search members by name"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {term.length >= 2 && found.data ? (
            found.data.members.length === 0 ? (
              <p className="text-sm text-muted-foreground">No member matches.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Members found">
                {found.data.members.map((m) => (
                  <li
                    key={m.id}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm"
                  >
                    <span className="min-w-0">
                      <span className="block font-medium">{m.name}</span>
                      {m.businessName ? (
                        <span className="block text-muted-foreground">{m.businessName}</span>
                      ) : null}
                    </span>
                    {already.has(m.id) ? (
                      <span className="text-muted-foreground">Ambassador</span>
                    ) : (
                      <Button
                        size="sm"
                        disabled={change.isPending}
                        aria-label={`Make ${m.name} an ambassador`}
                        onClick={() => set(m.id, m.name, true)}
                      >
                        Make ambassador
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
