import {
  useRef,
  type ClipboardEvent,
  type ChangeEvent,
  type KeyboardEvent,
  type FocusEvent,
} from 'react';

export const CODE_LENGTH = 6;
export const emptyCode = () => Array.from({ length: CODE_LENGTH }, () => '');
export const isCompleteCode = (digits: string[]) => digits.every((d) => /^\d$/.test(d));

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Six single-digit boxes (docs/product.md#screens Check Your Email): digits only, typing moves on, Backspace
 * on an empty box moves back, a pasted or autofilled code fills the boxes. Each box is
 * labelled "Digit N of 6"; the first offers the browser's one-time-code autofill.
 */
export function CodeInput({
  value,
  onChange,
  disabled,
  invalid,
  describedBy,
  inputRef,
}: {
  value: string[];
  onChange: (digits: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** The first box, for callers that move focus to it. */
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `digits` into the boxes from `start` on and moves to the box after them. */
  function fill(start: number, digits: string) {
    const next = [...value];
    const count = Math.min(digits.length, CODE_LENGTH - start);
    for (let k = 0; k < count; k++) next[start + k] = digits[k]!;
    onChange(next);
    focusBox(start + count);
  }

  function handleChange(index: number, event: ChangeEvent<HTMLInputElement>) {
    const typed = onlyDigits(event.target.value);
    if (typed === '') {
      // Cleared (Delete, cut) or a non-digit typed: the box stays as the digits allow.
      if (event.target.value === '') onChange(value.map((d, i) => (i === index ? '' : d)));
      return;
    }
    const previous = value[index]!;
    // A digit typed next to the one already there replaces it.
    if (typed.length === 2 && previous && typed.includes(previous)) {
      fill(index, typed[0] === previous ? typed[1]! : typed[0]!);
      return;
    }
    // One digit moves on; several (autofill of the whole code) fill the boxes from here.
    fill(typed.length >= CODE_LENGTH ? 0 : index, typed);
  }

  function handleKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      onChange(value.map((d, i) => (i === index - 1 ? '' : d)));
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < CODE_LENGTH - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  }

  function handlePaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = onlyDigits(event.clipboardData.getData('text'));
    if (pasted === '') return;
    // A whole code fills every box whichever box it was pasted into.
    fill(pasted.length >= CODE_LENGTH ? 0 : index, pasted);
  }

  const selectAll = (event: FocusEvent<HTMLInputElement>) => event.target.select();

  return (
    <div
      role="group"
      aria-label="Confirmation code"
      aria-describedby={describedBy}
      className="grid max-w-sm grid-cols-6 gap-2"
    >
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            if (index === 0) inputRef?.(element);
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${CODE_LENGTH}`}
          aria-invalid={invalid || undefined}
          value={digit}
          disabled={disabled}
          onChange={(event) => handleChange(index, event)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={selectAll}
          className="h-12 w-full min-w-0 rounded-md border border-input bg-background text-center font-mono text-xl font-semibold text-foreground shadow-xs transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive sm:h-14 sm:text-2xl"
        />
      ))}
    </div>
  );
}
