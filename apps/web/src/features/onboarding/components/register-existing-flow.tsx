import type { ContactRef } from '@chamber/contract';
import { useEffect, useRef, useState } from 'react';
import { CompleteRegistrationStep } from './complete-registration-step';
import { ConfirmEmailStep } from './confirm-email-step';
import { NotFoundStep } from './not-found-step';
import { VerifyStep } from './verify-step';

type Step = 'verify' | 'confirm-email' | 'not-found' | 'register';

/**
 * The existing-contact sign-up (docs/product.md#screens Register existing contact, docs/product.md#states): verify the address,
 * confirm it with the emailed code, then choose a password. `lockedEmail` comes from the
 * page's `email` query parameter and cannot be edited.
 */
export function RegisterExistingFlow({ lockedEmail }: { lockedEmail: string | null }) {
  const [step, setStep] = useState<Step>('verify');
  const [locked, setLocked] = useState(lockedEmail !== null);
  const [email, setEmail] = useState(lockedEmail ?? '');
  const [contact, setContact] = useState<ContactRef | null>(null);
  // Proof that this browser entered the code; kept in memory only (never in the address or
  // storage), so it dies with the page, as it should.
  const [claimToken, setClaimToken] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After a step change (not on arrival) focus moves to the new step's heading, so a screen
  // reader starts there; the code and password steps focus their first field themselves.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  switch (step) {
    case 'verify':
      return (
        <VerifyStep
          email={email}
          onEmailChange={setEmail}
          locked={locked}
          headingRef={heading}
          onDone={(outcome, address) => {
            setEmail(address);
            setStep(outcome === 'code-sent' ? 'confirm-email' : 'not-found');
          }}
        />
      );
    case 'confirm-email':
      return (
        <ConfirmEmailStep
          email={email}
          onConfirmed={(confirmed) => {
            setContact(confirmed.contact);
            setClaimToken(confirmed.claimToken);
            setStep('register');
          }}
        />
      );
    case 'not-found':
      return (
        <NotFoundStep
          email={email}
          headingRef={heading}
          onTryAgain={() => {
            // Another address may be the right one, even when the link named this one.
            setLocked(false);
            setStep('verify');
          }}
        />
      );
    case 'register':
      return (
        <CompleteRegistrationStep
          email={email}
          contact={contact}
          claimToken={claimToken}
          onStartOver={() => {
            setContact(null);
            setClaimToken(null);
            setStep('verify');
          }}
        />
      );
  }
}
