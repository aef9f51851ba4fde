import { Share2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
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
      <Button type="button" variant="outline" className={className} onClick={() => void share()}>
        <Share2Icon aria-hidden="true" />
        Share
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
