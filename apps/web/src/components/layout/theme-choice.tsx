import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { useId } from 'react';
import { themes, type Theme } from '@/lib/theme';
import { useTheme } from '@/lib/use-theme';
import { cn } from '@/lib/utils';

const labels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const icons = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

/** Light / Dark / System as a radio group (the mobile menu's theme control). */
export function ThemeChoice({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();
  const name = useId();
  return (
    <fieldset className={cn('grid gap-2', className)}>
      <legend className="mb-2 text-sm font-medium">Theme</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {themes.map((option) => {
          const Icon = icons[option];
          return (
            <label
              key={option}
              className="flex cursor-pointer items-center whitespace-nowrap justify-center gap-1 rounded-md px-1.5 py-2 text-sm font-medium text-muted-foreground has-checked:bg-background has-checked:text-foreground has-checked:shadow-sm has-focus-visible:outline-2 has-focus-visible:outline-ring"
            >
              <input
                type="radio"
                name={name}
                value={option}
                checked={theme === option}
                onChange={() => setTheme(option)}
                className="sr-only"
              />
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {labels[option]}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
