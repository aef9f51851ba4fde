import type { Membership } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { DownloadButton } from '@/components/files/download-button';
import { LabelledSelect } from '@/components/forms/labelled-select';
import { SearchField } from '@/components/forms/search-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatMemberSince } from '@/lib/members/labels';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { cn } from '@/lib/utils';
import {
  duesSettingsQueryOptions,
  useMembershipDetail,
  useMembershipList,
  type MembershipListName,
} from '../api/memberships';
import { memberName, membershipLists, statusLabels, statusTone } from '../lib/dues';
import { noPaymentDetails } from '../lib/dues-settings-form';
import { isForbidden } from '../lib/errors';
import { clampPage } from '../lib/pagination';
import { DuesReportView } from './dues-report';
import { DuesSettingsForm } from './dues-settings';
import { CardField, CardFields, ListTable } from './list-table';
import { MembershipDetailDialog } from './membership-detail';
import { Pager } from './pager';
import { TabEmpty, TabError, TabLoading } from './tab-states';

const SEARCH_DEBOUNCE_MS = 400;

/**
 * Admin → Memberships: the lists staff work from (due this month, in grace, lapsed, paid this
 * year, pending), each membership's invoices and actions, the dues report and the settings.
 */
export function Memberships() {
  const [section, setSection] = useState('members');
  const [params, setParams] = useSearchParams();
  const linked = params.get('membership');
  return (
    <div className="grid min-w-0 gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Memberships</h2>
        <p className="text-sm text-muted-foreground">
          Who is due, in grace or lapsed; record payments, correct invoices and give refunds.
        </p>
      </div>
      <PaymentDetailsPrompt
        onOpenSettings={section === 'settings' ? null : () => setSection('settings')}
      />
      <Tabs value={section} onValueChange={setSection} className="grid min-w-0 gap-4">
        <TabsList aria-label="Memberships sections" className="h-auto w-full flex-wrap sm:w-fit">
          <TabsTrigger value="members" className="flex-auto">
            Members
          </TabsTrigger>
          <TabsTrigger value="report" className="flex-auto">
            Dues report
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex-auto">
            Dues settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="members" className="min-w-0">
          <MembershipLists />
        </TabsContent>
        <TabsContent value="report" className="min-w-0">
          <DuesReportView />
        </TabsContent>
        <TabsContent value="settings" className="min-w-0">
          <DuesSettingsForm />
        </TabsContent>
      </Tabs>
      {linked ? (
        <LinkedMembership
          key={linked}
          id={linked}
          onClose={() =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('membership');
                return next;
              },
              { replace: true },
            )
          }
        />
      ) : null}
    </div>
  );
}

/**
 * Asks staff for the payment details while the dues settings have none: without them an
 * invoice's 'How to pay' can only say to contact the chamber.
 */
function PaymentDetailsPrompt({ onOpenSettings }: { onOpenSettings: (() => void) | null }) {
  const settings = useQuery(duesSettingsQueryOptions());
  if (!settings.data || !noPaymentDetails(settings.data)) return null;
  return (
    <section
      aria-labelledby="payment-details-prompt"
      className="grid gap-2 rounded-xl border border-amber-500/60 bg-amber-500/10 p-4 sm:flex sm:items-center sm:justify-between sm:gap-4"
    >
      <div className="grid gap-1">
        <h3 id="payment-details-prompt" className="font-semibold">
          Add how members pay before the first invoice
        </h3>
        <p className="text-sm">
          Invoices, their mails and My membership print your payment details: whom checks are
          payable to, where to mail them, your bank details. None are set, so they only say to
          contact the chamber.
        </p>
      </div>
      {onOpenSettings ? (
        <Button type="button" className="justify-self-start" onClick={onOpenSettings}>
          Add payment details
        </Button>
      ) : null}
    </section>
  );
}

/**
 * The membership a link names (`?membership=<id>`, from the Edit User dialog), opened as
 * 'Manage' opens it; closing it takes the id out of the address.
 */
function LinkedMembership({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useMembershipDetail(id);
  useEffect(() => {
    if (detail.error && !isForbidden(detail.error)) toast.error('Failed to load the membership');
  }, [detail.error]);
  return (
    <MembershipDetailDialog
      membership={detail.data?.membership ?? null}
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    />
  );
}

const isListName = (value: string | null): value is MembershipListName =>
  membershipLists.some((l) => l.value === value);

function MembershipLists() {
  // The cockpit's figures link here with the list they count (?list=due30, grace ...).
  const [params] = useSearchParams();
  const linkedList = params.get('list');
  const [list, setList] = useState<MembershipListName>(isListName(linkedList) ? linkedList : 'due');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  const filterKey = JSON.stringify([list, search]);
  const [paging, setPaging] = useState({ key: filterKey, page: 0 });
  const page = paging.key === filterKey ? paging.page : 0;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });
  const query = useMembershipList({ list, search, page });
  const data = query.data;
  if (data && !query.isPlaceholderData && data.memberships.length === 0 && page > 0) {
    setPage(clampPage(page, data.pagination.total));
  }
  useEffect(() => {
    if (query.error && !isForbidden(query.error)) toast.error('Failed to load memberships');
  }, [query.error]);

  const searchId = useId();
  const [selected, setSelected] = useState<{ membership: Membership; from: string } | null>(null);
  const [open, setOpen] = useState(false);
  const listLabel = membershipLists.find((l) => l.value === list)!.label;

  return (
    <div className="grid min-w-0 gap-4">
      <div className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-[1fr_auto] sm:items-end">
        <SearchField
          id={searchId}
          label="Search memberships"
          value={searchText}
          placeholder="Business, contact name or email..."
          onValueChange={setSearchText}
        />
        <LabelledSelect
          label="List"
          value={list}
          options={membershipLists.map((l) => ({ value: l.value, label: l.label }))}
          onValueChange={(value) => setList(value as MembershipListName)}
          className="sm:w-60"
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <DownloadButton
          path="/admin/exports/memberships.csv"
          filename="memberships.csv"
          failureMessage="Failed to export memberships"
        >
          Export memberships (CSV)
        </DownloadButton>
        <DownloadButton
          path="/admin/exports/payments.csv"
          filename="payments.csv"
          failureMessage="Failed to export payments"
        >
          Export payments (CSV)
        </DownloadButton>
      </div>

      {query.isError && !data ? (
        <TabError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <TabLoading label="Loading memberships" count={4} className="h-20" />
      ) : data.memberships.length === 0 ? (
        <TabEmpty
          icon={SearchXIcon}
          title={`No memberships in “${listLabel}”${search ? ' matching the search' : ''}.`}
        />
      ) : (
        <>
          <MembershipsTable
            label={listLabel}
            memberships={data.memberships}
            stale={query.isPlaceholderData}
            onOpen={(membership, from) => {
              setSelected({ membership, from });
              setOpen(true);
            }}
          />
          <Pager
            page={data.page}
            count={data.memberships.length}
            total={data.pagination.total}
            hasMore={data.pagination.hasMore}
            noun={['membership', 'memberships']}
            label="Membership pages"
            onPage={setPage}
          />
        </>
      )}
      <MembershipDetailDialog
        membership={selected?.membership ?? null}
        open={open}
        onOpenChange={setOpen}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const button = selected && document.getElementById(selected.from);
          (button ?? document.getElementById(searchId))?.focus();
        }}
      />
    </div>
  );
}

/** A table from 768 px; one card a membership below, where five columns do not fit. */
function MembershipsTable({
  label,
  memberships,
  stale,
  onOpen,
}: {
  label: string;
  memberships: Membership[];
  stale: boolean;
  onOpen: (membership: Membership, buttonId: string) => void;
}) {
  const manage = (m: Membership, layout: string) => {
    const id = `manage-${layout}-${m.id}`;
    return (
      <Button
        id={id}
        type="button"
        size="sm"
        variant="outline"
        aria-label={`Manage ${memberName(m)}`}
        onClick={() => onOpen(m, id)}
      >
        Manage
      </Button>
    );
  };
  return (
    <ListTable
      label={`Memberships: ${label}`}
      rows={memberships}
      rowKey={(m) => m.id}
      stale={stale}
      className="min-w-0"
      columns={[
        {
          header: 'Member',
          cellClassName: 'w-2/5 max-w-0',
          cell: (m) => <Identity membership={m} />,
        },
        { header: 'Plan', cell: (m) => m.plan.name },
        { header: 'Status', cell: (m) => <Status membership={m} /> },
        { header: 'Paid through', cellClassName: 'whitespace-nowrap', cell: paidThrough },
        { header: 'Actions', end: true, cell: (m) => manage(m, 'table') },
      ]}
      cardClassName="gap-3"
      card={(m) => (
        <>
          <Identity membership={m} wrap />
          <CardFields>
            <CardField label="Plan">{m.plan.name}</CardField>
            <CardField label="Paid through">{paidThrough(m)}</CardField>
            <CardField label="Status" className="col-span-2">
              <Status membership={m} />
            </CardField>
          </CardFields>
          <div>{manage(m, 'card')}</div>
        </>
      )}
    />
  );
}

const paidThrough = (m: Membership) =>
  m.paidThrough ? formatMemberSince(m.paidThrough) : 'Not paid yet';

function Identity({ membership: m, wrap = false }: { membership: Membership; wrap?: boolean }) {
  const line = wrap ? '[overflow-wrap:anywhere]' : 'truncate';
  return (
    <div className="grid min-w-0 gap-0.5">
      <p className={cn(line, 'font-medium')} title={memberName(m)}>
        {memberName(m)}
      </p>
      {m.businessName ? <p className={cn(line, 'text-muted-foreground')}>{m.contactName}</p> : null}
      {m.email ? (
        <p className={cn(line, 'text-muted-foreground')} title={m.email}>
          {m.email}
        </p>
      ) : null}
    </div>
  );
}

function Status({ membership: m }: { membership: Membership }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant={statusTone[m.status]}>{statusLabels[m.status]}</Badge>
      {m.awaitingApproval ? <Badge variant="secondary">Awaiting approval</Badge> : null}
      {m.autoRenew ? <Badge variant="outline">Renews automatically</Badge> : null}
    </div>
  );
}
