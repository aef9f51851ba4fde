import { CheckIcon, CopyIcon } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A read-only address with a Copy button; where the clipboard is refused, the text is selected. */
export function CopyField({
  label,
  value,
  buttonLabel = 'Copy Link',
}: {
  label: string;
  value: string;
  buttonLabel?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      input.current?.select();
      setState('manual');
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          value={value}
          readOnly
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-xs"
        />
        <Button type="button" variant="outline" onClick={() => void copy()} className="shrink-0">
          {state === 'copied' ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
          {buttonLabel}
        </Button>
      </div>
      <p role="status" className="text-sm text-muted-foreground">
        {state === 'copied'
          ? 'Copied to the clipboard.'
          : state === 'manual'
            ? 'Selected: press Ctrl+C (or ⌘C) to copy.'
            : ''}
      </p>
    </div>
  );
}
