import { formatMoney } from '@chamber/contract';
import { useQuery } from '@tanstack/react-query';
import { DownloadButton } from '@/components/files/download-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { formatMemberSince } from '@/lib/members/labels';
import { myInvoicesQueryOptions } from '../api/join';

const statusLabel = { open: 'Open', paid: 'Paid', void: 'Void' } as const;

/** The member's invoices and receipts as PDFs (GET /billing/invoices). */
export function MyInvoices() {
  const { data, error } = useQuery(myInvoicesQueryOptions());
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Invoices and receipts</h2>
      </CardHeader>
      <CardContent>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error.message}
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading your invoices...</p>
        ) : data.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet.</p>
        ) : (
          <ul className="grid gap-4">
            {data.invoices.map((invoice) => {
              const what = invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice';
              return (
                <li
                  key={invoice.id}
                  className="grid gap-2 border-b pb-4 last:border-b-0 last:pb-0"
                  aria-label={`${what} ${invoice.number}`}
                >
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="font-medium">
                      {what} {invoice.number}
                    </p>
                    <Badge variant={invoice.status === 'paid' ? 'default' : 'outline'}>
                      {statusLabel[invoice.status]}
                    </Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {formatMoney(invoice.totalCents, invoice.currency)}, issued{' '}
                    {formatMemberSince(invoice.issuedOn)}
                  </p>
                  <div className="flex flex-wrap gap-2">
                    <DownloadButton
                      path={`/billing/invoices/${invoice.id}/pdf`}
                      filename={`invoice-${invoice.number}.pdf`}
                    >
                      {what} PDF
                    </DownloadButton>
                    {invoice.kind === 'invoice' && invoice.status === 'paid' ? (
                      <DownloadButton
                        path={`/billing/invoices/${invoice.id}/receipt.pdf`}
                        filename={`receipt-${invoice.number}.pdf`}
                      >
                        Receipt PDF
                      </DownloadButton>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
