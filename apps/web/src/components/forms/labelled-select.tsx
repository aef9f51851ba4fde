import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';
import type { SelectOption } from './select-options';

/**
 * A small labelled select for filtering and sorting lists (directory, job board, users,
 * messages): the browser's own `<select>`. Its picker is the platform's (the best one on a
 * phone), and it costs the page nothing after hydration, where a scripted select registered
 * each of its options with a state update of its own, drawn at once (decision 171).
 */
export function LabelledSelect({
  label,
  value,
  onValueChange,
  options,
  className,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: SelectOption[];
  className?: string;
}) {
  const id = useId();
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        className="cursor-pointer sm:text-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
