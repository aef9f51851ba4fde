import type { Campaign } from '@chamber/contract';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

const people = (n: number) => (n === 1 ? '1 recipient' : `${n} recipients`);

/**
 * A sent (or sending) campaign's clicks per link, when its sender chose to count them, and its
 * opens, when the chamber counted them while it was sent; otherwise it says what was not
 * counted.
 */
export function CampaignEngagement({ campaign }: { campaign: Campaign }) {
  const id = useId();
  const sent = campaign.counts.sent;
  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg leading-tight font-semibold">
          Clicks and opens
        </h2>
        <CardDescription>
          {campaign.opens === null
            ? 'Opens are not counted: the chamber’s tracking image was off when this message was sent.'
            : `Opened by ${people(campaign.opens)} of ${sent} sent to (counted only where the mail program showed images).`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {!campaign.trackClicks ? (
          <p>Clicks are not counted: link tracking was not chosen for this message.</p>
        ) : campaign.links.length === 0 ? (
          <p>The message has no web links to count.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left">
              <caption className="sr-only">Clicks per link</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Link
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium whitespace-nowrap">
                    Clicks
                  </th>
                  <th scope="col" className="py-2 text-right font-medium whitespace-nowrap">
                    People
                  </th>
                </tr>
              </thead>
              <tbody>
                {campaign.links.map((link, i) => (
                  <tr key={`${i}-${link.url}`} className="border-b last:border-0">
                    <th scope="row" className="py-2 pr-3 font-normal break-all">
                      <a
                        href={link.url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="underline"
                      >
                        {link.url}
                      </a>
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{link.clicks}</td>
                    <td className="py-2 text-right tabular-nums">{link.uniqueClicks}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-muted-foreground">
              Clicks counts every visit through the link; People counts each recipient once.
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
