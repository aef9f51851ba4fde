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
import { CopyField } from './copy-field';

/**
 * Spec §2 Share: the device's share sheet where there is one, else a dialog with the link to
 * copy. A cancelled or failed share is ignored.
 */
export function ShareButton({
  title,
  url,
  className,
}: {
  title: string;
  url: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
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
