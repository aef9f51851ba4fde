import { SelectContent, SelectItem } from '@/components/ui/select';

export interface SelectOption {
  value: string;
  label: string;
}

/** A select's list of choices, each shown by its label. */
export function SelectOptions({ options }: { options: SelectOption[] }) {
  return (
    <SelectContent>
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  );
}
