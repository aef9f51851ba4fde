import { cn } from '@/lib/utils';

/**
 * A text field's count against its limit ('120 / 2,000'), under the field; past the limit it
 * turns to the error colour, and the field's own error says the rule on saving.
 */
export function CharacterCount({ value, max }: { value: string | null | undefined; max: number }) {
  const count = (value ?? '').length;
  const over = count > max;
  return (
    <p
      data-character-count
      className={cn(
        'justify-self-end text-xs tabular-nums',
        over ? 'font-medium text-destructive' : 'text-muted-foreground',
      )}
    >
      {count.toLocaleString('en-US')} / {max.toLocaleString('en-US')}
      <span className="sr-only"> characters</span>
    </p>
  );
}
