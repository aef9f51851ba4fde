import { ExternalLinkIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** The event's own website (`pageUrl`), opened in a new tab, as the dialog and the page show it. */
export function EventWebsiteButton({ url }: { url: string }) {
  return (
    <Button asChild variant="outline">
      <a href={url} target="_blank" rel="noopener noreferrer">
        <ExternalLinkIcon aria-hidden="true" />
        Event Website
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
