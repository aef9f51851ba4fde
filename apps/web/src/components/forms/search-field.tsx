import { SearchIcon } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** A labelled search box with its magnifier, for list toolbars (directory, users). */
export function SearchField({
  id,
  label,
  value,
  placeholder,
  onValueChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder: string;
  onValueChange: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  // On a server-rendered page a visitor can type before the scripts have run. Hydration keeps
  // what they typed in the box but not in state, so the list would ignore it: take it up once.
  useLayoutEffect(() => {
    const typed = input.current?.value ?? '';
    if (typed !== value) onValueChange(typed);
    // Only the first render can differ from the box; later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          placeholder={placeholder}
          className="pl-9"
          autoComplete="off"
        />
      </div>
    </div>
  );
}
