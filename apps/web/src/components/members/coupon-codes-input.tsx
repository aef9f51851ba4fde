import { XIcon } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { addCouponCodes, COUPON_CODE_MAX_LENGTH, removeCouponCode } from './coupon-codes';

interface CouponCodesInputProps {
  value: readonly string[];
  onChange: (codes: string[]) => void;
  onBlur?: () => void;
  id?: string;
  name?: string;
  ref?: Ref<HTMLInputElement>;
  disabled?: boolean;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/**
 * A tag input for coupon codes (docs/product.md#validation): Enter, a comma or leaving the field adds what was
 * typed; Backspace in the empty field removes the last code; each code's X removes it.
 */
export function CouponCodesInput({
  value,
  onChange,
  onBlur,
  disabled,
  placeholder = 'Type a code, then Enter',
  'aria-describedby': describedBy,
  ...inputProps
}: CouponCodesInputProps) {
  const [draft, setDraft] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const boxRef = useRef<HTMLDivElement>(null);
  const hintId = useId();

  function commit(raw: string) {
    const next = addCouponCodes(value, raw);
    if (next !== value) {
      onChange([...next]);
      setAnnouncement(`Added ${next.slice(value.length).join(', ')}`);
    }
    setDraft('');
  }

  function remove(code: string) {
    onChange(removeCouponCode(value, code));
    setAnnouncement(`Removed ${code}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the form; a comma separates codes and is never part of one.
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      remove(value[value.length - 1]!);
    }
  }

  return (
    <div className="grid gap-2">
      <div
        ref={boxRef}
        className={cn(
          'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 shadow-xs focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
          inputProps['aria-invalid'] && 'border-destructive',
          disabled && 'opacity-60',
        )}
      >
        {value.length > 0 ? (
          <ul aria-label="Coupon codes" className="contents">
            {value.map((code) => (
              <li
                key={code}
                className="inline-flex items-center gap-1 rounded-full bg-secondary py-0.5 pr-0.5 pl-2.5 font-mono text-xs font-semibold text-secondary-foreground"
              >
                {code}
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => {
                    remove(code);
                    boxRef.current?.querySelector('input')?.focus();
                  }}
                  aria-label={`Remove coupon code ${code}`}
                  className="inline-flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
                >
                  <XIcon className="size-3.5" aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <Input
          {...inputProps}
          value={draft}
          disabled={disabled}
          placeholder={value.length === 0 ? placeholder : undefined}
          maxLength={COUPON_CODE_MAX_LENGTH * 4}
          aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
          autoComplete="off"
          className="h-7 w-auto min-w-32 flex-1 border-0 px-1 py-0 shadow-none focus-visible:outline-none"
          onChange={(event) => {
            const text = event.target.value;
            // A pasted "A, B, C" adds A and B and keeps C in the field.
            if (text.includes(',')) {
              const last = text.lastIndexOf(',');
              commit(text.slice(0, last));
              setDraft(text.slice(last + 1));
            } else {
              setDraft(text);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            commit(draft);
            onBlur?.();
          }}
        />
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        Press Enter or type a comma to add a code.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
