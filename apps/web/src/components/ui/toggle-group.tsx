import { createContext, use, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from '@/lib/utils';

interface ToggleGroupState {
  value: string;
  onValueChange: (value: string) => void;
}

const ToggleGroupContext = createContext<ToggleGroupState | null>(null);

const STEPS: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * A set of buttons of which one is on (grid or list view, a preview's width): a radio group
 * in the ARIA pattern. The one on is the group's tab stop; the arrow keys move to the next or
 * previous and turn it on. Written here rather than taken from Radix: its roving focus
 * registered each button with a state update of its own, which React drew synchronously as
 * the directory hydrated (decision 171).
 */
export function ToggleGroup({
  type: _type,
  value,
  onValueChange,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'onChange' | 'defaultValue'> & {
  /** One button on at a time, as Radix's `type="single"`: the only kind the app uses. */
  type: 'single';
  value: string;
  onValueChange: (value: string) => void;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = STEPS[event.key];
    if (!step) return;
    const items = [
      ...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="radio"]:not(:disabled)'),
    ];
    const at = items.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = items[(at + step + items.length) % items.length]!;
    next.focus();
    next.click();
  }
  return (
    <div
      role="radiogroup"
      className={cn(
        'inline-flex h-10 items-center rounded-md border border-input p-0.5',
        className,
      )}
      onKeyDown={onKeyDown}
      {...props}
    >
      <ToggleGroupContext value={{ value, onValueChange }}>{children}</ToggleGroupContext>
    </div>
  );
}

export function ToggleGroupItem({
  value,
  className,
  onClick,
  ...props
}: ComponentProps<'button'> & { value: string }) {
  const group = use(ToggleGroupContext);
  const on = group?.value === value;
  return (
    <button
      type="button"
      role="radio"
      aria-checked={on}
      data-state={on ? 'on' : 'off'}
      tabIndex={on ? 0 : -1}
      className={cn(
        'inline-flex h-full cursor-pointer items-center justify-center gap-2 rounded-sm px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring data-[state=on]:bg-primary data-[state=on]:text-primary-foreground [&_svg]:size-4 [&_svg]:shrink-0',
        className,
      )}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !on) group?.onValueChange(value);
      }}
      {...props}
    />
  );
}
