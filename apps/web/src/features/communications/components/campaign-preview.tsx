import type { CampaignPreview as Preview } from '@chamber/contract';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

/** The widths a message is previewed at: a phone's and a desktop mail program's. */
export const PREVIEW_WIDTHS = { phone: 375, desktop: 700 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

/**
 * The rendered mail in a sandboxed frame (no scripts, no same-origin access) at a phone's
 * or a desktop's width, and its plain-text part in the other tab.
 */
export function CampaignPreview({ preview }: { preview: Preview }) {
  const [width, setWidth] = useState<Width>('phone');
  return (
    <Tabs defaultValue="mail" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList aria-label="Preview as">
          <TabsTrigger value="mail">Mail</TabsTrigger>
          <TabsTrigger value="text">Plain text</TabsTrigger>
        </TabsList>
        <ToggleGroup
          type="single"
          value={width}
          onValueChange={(value) => value && setWidth(value as Width)}
          aria-label="Preview width"
        >
          <ToggleGroupItem value="phone">Phone ({PREVIEW_WIDTHS.phone} px)</ToggleGroupItem>
          <ToggleGroupItem value="desktop">Desktop ({PREVIEW_WIDTHS.desktop} px)</ToggleGroupItem>
        </ToggleGroup>
      </div>
      <p className="text-sm text-muted-foreground">
        Subject: <span className="font-medium text-foreground">{preview.subject}</span>
      </p>
      <TabsContent value="mail" className="overflow-x-auto rounded-md border bg-muted/40 p-2">
        <iframe
          title={`Preview of the message at ${width} width`}
          sandbox=""
          srcDoc={preview.html}
          width={PREVIEW_WIDTHS[width]}
          height={640}
          data-width={width}
          className="mx-auto block border-0 bg-white"
          style={{ width: PREVIEW_WIDTHS[width], maxWidth: 'none' }}
        />
      </TabsContent>
      <TabsContent value="text">
        <pre
          tabIndex={0}
          aria-label="Plain-text part"
          className="max-h-[640px] overflow-auto rounded-md border bg-background p-3 text-sm whitespace-pre-wrap"
        >
          {preview.text}
        </pre>
      </TabsContent>
    </Tabs>
  );
}
