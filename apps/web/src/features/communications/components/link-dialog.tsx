import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isAllowedLink } from '../lib/editor-extensions';

/** `example.org` → `https://example.org`, `a@b.org` → `mailto:a@b.org`; others as typed. */
export function normalizeLink(value: string): string {
  const url = value.trim();
  if (!url || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  if (/^[^\s@/]+@[^\s@/]+$/.test(url)) return `mailto:${url}`;
  return `https://${url}`;
}

export const BAD_LINK = 'Enter a web address (https://…) or an email address (mailto:…).';

/**
 * Asks for a link's address (http, https or mailto), and its text when there is no
 * selected text to link (always for a button). Opened from the editor's toolbar.
 */
export function LinkDialog({
  open,
  onOpenChange,
  kind,
  initialHref,
  needsText,
  onSubmit,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: 'link' | 'button';
  initialHref: string;
  needsText: boolean;
  onSubmit: (link: { href: string; text: string }) => void;
  onRemove?: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initialHref);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const url = normalizeLink(href);
    if (!isAllowedLink(url)) return setError(BAD_LINK);
    if (needsText && !text.trim()) {
      return setError(kind === 'button' ? 'Enter the button’s text.' : 'Enter the link’s text.');
    }
    onSubmit({ href: url, text: text.trim() });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{kind === 'button' ? 'Add a button' : 'Link'}</DialogTitle>
            <DialogDescription>
              {kind === 'button'
                ? 'A button in the chamber’s colour that opens an address.'
                : 'A web address, or an email address to write to.'}
            </DialogDescription>
          </DialogHeader>
          {needsText && (
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-text`}>
                {kind === 'button' ? 'Button text' : 'Link text'}
              </Label>
              <Input
                id={`${id}-text`}
                value={text}
                onChange={(e) => setText(e.target.value)}
                maxLength={200}
              />
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-href`}>Address</Label>
            <Input
              id={`${id}-href`}
              value={href}
              onChange={(e) => setHref(e.target.value)}
              placeholder="https://"
              inputMode="url"
              aria-invalid={error === BAD_LINK || undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          </div>
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            {onRemove && (
              <Button type="button" variant="outline" onClick={onRemove}>
                Remove the link
              </Button>
            )}
            <Button type="submit">{kind === 'button' ? 'Add the button' : 'Save the link'}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
