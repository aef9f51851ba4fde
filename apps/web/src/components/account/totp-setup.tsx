import type { TwoFactorSetup } from '@chamber/contract';

/** The key in groups of four, as authenticator apps show keys to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** What to scan (or type) into an authenticator app to add the account. */
export function TotpSetupInstructions({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={setup.qrCode}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="size-44 rounded-md border bg-white p-1"
      />
      <div className="grid min-w-0 gap-2 text-sm">
        <p>
          Scan the QR code with an authenticator app (such as Google Authenticator, Microsoft
          Authenticator, 1Password or Aegis).
        </p>
        <p className="text-muted-foreground">Can&apos;t scan it? Enter this key in the app:</p>
        <code
          data-testid="totp-secret"
          className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all"
        >
          {grouped(setup.secret)}
        </code>
      </div>
    </div>
  );
}
