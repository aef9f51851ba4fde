import { MailCheckIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/components/account/done-note';
import { SuccessNote } from '@/components/newsletter/success-note';
import { NewsletterSignup } from '@/components/newsletter/newsletter-signup';
import { useConfirmNewsletter } from '../api/mail-preferences';
import { RecipientCard } from './recipient-card';

export const NEWSLETTER_CONFIRMED =
  'Your subscription is confirmed. The next newsletter will reach you.';
export const NEWSLETTER_LINK_INVALID =
  'This confirmation link is not valid: it may have been used already. Sign up again below.';

/** /newsletter/confirm?token=…: opening the link from the sign-up's mail confirms it. */
export function NewsletterConfirmView({ token }: { token: string | null }) {
  const confirm = useConfirmNewsletter();
  const sent = useRef(false);
  // The server refuses a token of the wrong length 400; that is a link that is not valid too.
  const usable = token !== null && token.length >= 10 && token.length <= 200;

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!usable || sent.current) return;
    sent.current = true;
    confirm.mutate({ token });
  }, [usable, token, confirm]);

  const invalid = !usable || confirm.data?.confirmed === false;

  return (
    <RecipientCard
      title="Newsletter sign-up"
      description="Confirming your subscription to the chamber’s newsletter."
      icon={<MailCheckIcon aria-hidden="true" />}
    >
      {invalid ? (
        <>
          <p role="alert" className="text-sm">
            {NEWSLETTER_LINK_INVALID}
          </p>
          <NewsletterSignup label="Sign up again" />
        </>
      ) : confirm.data?.confirmed ? (
        <SuccessNote>{NEWSLETTER_CONFIRMED}</SuccessNote>
      ) : confirm.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(confirm.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Confirming...
        </p>
      )}
    </RecipientCard>
  );
}
