import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { accentPalette } from '@/lib/accent';
import { settingsFields } from '../lib/settings-fields';
import type { SettingsControl } from './settings-controls';

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The accent colour: a colour picker and the hex code, kept in step, with a live preview of
 * how the site shows the colour on its light and dark pages.
 */
export function AccentField({ control }: { control: SettingsControl }) {
  const value = useWatch({ control, name: 'accentColor' }).trim();
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-[auto_1fr] sm:items-start sm:gap-6">
      <FormField
        control={control}
        name="accentColor"
        label={settingsFields.accentColor.label}
        render={({ field, controlProps }) => (
          <div className="flex items-center gap-2">
            {/* The picker needs a full #rrggbb; while the code is being typed it keeps the last one. */}
            <input
              type="color"
              aria-label="Pick the accent colour"
              value={HEX.test(value) ? value.toLowerCase() : '#000000'}
              onChange={(event) => field.onChange(event.target.value)}
              className="h-10 w-14 shrink-0 cursor-pointer rounded-md border border-input bg-background p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
            />
            <Input
              {...field}
              {...controlProps}
              placeholder="#1f5f8b"
              spellCheck={false}
              autoComplete="off"
              maxLength={7}
              className="w-28 font-mono"
            />
          </div>
        )}
      />
      <AccentPreview hex={value} />
    </div>
  );
}

/** Sample buttons and links on a light and a dark page, in the shades the site will use. */
function AccentPreview({ hex }: { hex: string }) {
  const titleId = useId();
  const palette = HEX.test(hex) ? accentPalette(hex) : null;
  const picked = hex.toLowerCase();
  const shades =
    palette && (palette.light !== picked || palette.dark !== picked)
      ? ` This colour is shown as ${palette.light} on light pages and ${palette.dark} on dark pages.`
      : '';
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium" id={titleId}>
        Preview
      </p>
      {palette ? (
        <div
          className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2"
          role="group"
          aria-labelledby={titleId}
        >
          <PreviewTile
            title="Light pages"
            className="border-[#e4e4e7] bg-[#ffffff] text-[#5c5c66]"
            accent={palette.light}
            accentText={palette.lightForeground}
          />
          <PreviewTile
            title="Dark pages"
            className="border-[#2e2e34] bg-[#151518] text-[#a9a9b2]"
            accent={palette.dark}
            accentText={palette.darkForeground}
          />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed px-3 py-6 text-center text-sm text-muted-foreground">
          Enter a colour such as #1f5f8b to see it here.
        </p>
      )}
      <p className="text-sm text-muted-foreground">
        Buttons, links and highlights use this colour. So that their text stays easy to read, the
        site uses a darker shade of it on light pages and a lighter one on dark pages where it needs
        to.{shades}
      </p>
    </div>
  );
}

function PreviewTile({
  title,
  className,
  accent,
  accentText,
}: {
  title: string;
  className: string;
  accent: string;
  accentText: string;
}) {
  return (
    <div className={`grid gap-3 rounded-lg border p-3 text-xs ${className}`}>
      <span className="font-medium">{title}</span>
      <span className="flex flex-wrap items-center gap-3">
        <span
          className="rounded-md px-3 py-1.5 text-sm font-medium"
          style={{ backgroundColor: accent, color: accentText }}
        >
          Join the chamber
        </span>
        <span className="text-sm font-medium underline" style={{ color: accent }}>
          View events
        </span>
      </span>
    </div>
  );
}
