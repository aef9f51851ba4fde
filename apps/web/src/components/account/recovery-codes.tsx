import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Recovery codes, shown once: each signs in once when the phone is not at hand. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div className="grid gap-3">
      <p className="text-sm">
        Save these recovery codes somewhere safe, such as a password manager. Each one signs you in
        once if you lose your phone. They will not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md bg-muted px-4 py-3 font-mono text-sm min-[400px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy codes
        </Button>
        <span role="status" className="text-sm text-muted-foreground">
          {copied ? 'Copied' : ''}
        </span>
      </div>
    </div>
  );
}
