import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useChamber } from '@/lib/chamber/use-chamber';
import { pageLink } from '../lib/event-links';
import { CopyField } from './copy-field';

/**
 * docs/product.md#screens Share: the device's share sheet where there is one, else a dialog with the link to
 * copy. A cancelled or failed share is ignored. Without `url`, the page's own address, read
 * when it is shared (never while drawing: the server draws the page too).
 */
export function ShareButton({
  title,
  url: given,
  className,
}: {
  title: string;
  url?: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const publicUrl = useChamber().config?.publicUrl ?? '';
  const [url, setUrl] = useState(given ?? '');

  async function share() {
    const link = given ?? pageLink();
    setUrl(link);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url: link });
      } catch {
        // Cancelled, or refused by the browser: nothing to do.
      }
      return;
    }
    setOpen(true);
  }

  return (
    <>
      {/* Without scripts, a mailto: link with the page's address (what a visitor expects of
          Share on a page that cannot open the share sheet); with them, the share sheet or the
          dialog with the link to copy. */}
      <Button asChild variant="outline" className={className}>
        <a
          href={mailtoLink(title, given ?? `${publicUrl}${pathname}`)}
          onClick={(event) => {
            event.preventDefault();
            void share();
          }}
        >
          <Share2Icon aria-hidden="true" />
          Share
        </a>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Share this event</DialogTitle>
            <DialogDescription>Send the link to colleagues and friends: {title}</DialogDescription>
          </DialogHeader>
          <CopyField label="Event link" value={url} />
        </DialogContent>
      </Dialog>
    </>
  );
}

/** A mail to write, with the page's title as its subject and its address as its text. */
export const mailtoLink = (title: string, url: string) =>
  `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`;
