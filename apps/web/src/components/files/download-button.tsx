import { DownloadIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api, ApiError } from '@/lib/api/client';

/** Hands a fetched file to the browser's downloads under `filename`. */
export function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, or some browsers get an empty file.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * A button that downloads a file the API sends to signed-in staff or members (a CSV export,
 * an invoice PDF). The token travels in a header, so a plain link cannot fetch it.
 */
export function DownloadButton({
  path,
  filename,
  children,
  failureMessage = 'Failed to download the file',
  variant = 'outline',
}: {
  path: string;
  /** Used when the server names no file. */
  filename: string;
  children: ReactNode;
  failureMessage?: string;
  variant?: 'outline' | 'default' | 'secondary' | 'ghost';
}) {
  const [busy, setBusy] = useState(false);

  async function onClick() {
    setBusy(true);
    try {
      const file = await api.download(path);
      saveFile(file.blob, file.filename ?? filename);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : failureMessage);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      disabled={busy}
      aria-busy={busy}
      onClick={() => void onClick()}
    >
      <DownloadIcon aria-hidden="true" />
      {children}
    </Button>
  );
}
