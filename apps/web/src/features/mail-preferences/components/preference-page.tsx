import {
  type MailTopic,
  mailTopics,
  preferenceLinkRequestSchema,
  type UnsubscribeState,
} from '@chamber/contract';
import { MailIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '@/components/account/done-note';
import { SuccessNote } from '@/components/newsletter/success-note';
import { EmailField } from '@/components/forms/email-field';
import { useMessageForm } from '@/components/forms/use-message-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import {
  useMailPreferences,
  useRequestPreferenceLink,
  useSavePreferences,
  useUnsubscribe,
} from '../api/mail-preferences';
import { RecipientCard } from './recipient-card';

export const topicLabels: Record<MailTopic, string> = {
  newsletter: 'Newsletter',
  announcements: 'Announcements',
  'event-news': 'Event news',
};

const topicHints: Record<MailTopic, string> = {
  newsletter: 'The chamber’s regular e-newsletter.',
  announcements: 'News from the chamber to its members.',
  'event-news': 'Upcoming events and what happened at them.',
};

export const TRANSACTIONAL_NOTE =
  'Receipts, invoices, event registration mail and password resets still arrive: these choices do not stop them.';

export const LINK_REQUESTED =
  'If we have sent mail to that address, a fresh link to its preferences is on its way.';

type ValidState = Extract<UnsubscribeState, { valid: true }>;

/**
 * /unsubscribe/{token}: the preference page a bulk mail's footer links to, without signing
 * in. A valid link shows its address and topics, leaves its own topic in one click and
 * changes the others; a forged or expired one asks for the address and mails a fresh link.
 */
export function PreferencePage({ token }: { token: string }) {
  const state = useMailPreferences(token);
  return (
    <RecipientCard
      title="Your mail preferences"
      description="Choose which of the chamber’s mail reaches you."
      icon={<MailIcon aria-hidden="true" />}
    >
      {state.data?.valid ? (
        <Preferences token={token} state={state.data} />
      ) : state.data ? (
        <AskForAddress />
      ) : state.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(state.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-muted-foreground">
          Loading your preferences...
        </p>
      )}
    </RecipientCard>
  );
}

function Preferences({ token, state }: { token: string; state: ValidState }) {
  const unsubscribe = useUnsubscribe(token);
  const save = useSavePreferences(token);
  const receives = (s: ValidState) =>
    Object.fromEntries(mailTopics.map((t) => [t, !s.optedOut[t]])) as Record<MailTopic, boolean>;
  const [chosen, setChosen] = useState(() => receives(state));
  const [saved, setSaved] = useState(false);
  const topic = topicLabels[state.topic];
  const left = state.optedOut[state.topic];

  return (
    <>
      <p className="text-center text-sm">
        For <strong className="break-all">{state.email}</strong>
      </p>
      {left ? (
        <SuccessNote>
          You are unsubscribed from {topic.toLowerCase()}. No more {topic.toLowerCase()} mail will
          reach this address.
        </SuccessNote>
      ) : (
        <Button
          size="lg"
          className="w-full"
          disabled={unsubscribe.isPending}
          onClick={() =>
            unsubscribe.mutate(undefined, {
              onSuccess: (next) => {
                setSaved(false);
                if (next.valid) setChosen(receives(next));
              },
            })
          }
        >
          {unsubscribe.isPending ? 'Unsubscribing...' : `Unsubscribe from ${topic.toLowerCase()}`}
        </Button>
      )}
      <FormError>{unsubscribe.isError ? errorMessage(unsubscribe.error) : null}</FormError>
      <form
        className="grid gap-4"
        aria-label="Topics"
        onSubmit={(event) => {
          event.preventDefault();
          setSaved(false);
          save.mutate(chosen, { onSuccess: () => setSaved(true) });
        }}
      >
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">Mail you receive</legend>
          {mailTopics.map((t) => (
            <div key={t} className="flex items-start gap-3">
              <Checkbox
                id={`topic-${t}`}
                checked={chosen[t]}
                aria-describedby={`topic-${t}-hint`}
                onCheckedChange={(value) => {
                  setSaved(false);
                  setChosen((c) => ({ ...c, [t]: value === true }));
                }}
              />
              <div className="grid gap-0.5">
                <Label htmlFor={`topic-${t}`}>{topicLabels[t]}</Label>
                <p id={`topic-${t}-hint`} className="text-sm text-muted-foreground">
                  {topicHints[t]}
                </p>
              </div>
            </div>
          ))}
        </fieldset>
        <FormError>{save.isError ? errorMessage(save.error) : null}</FormError>
        {saved ? <SuccessNote>Your preferences are saved.</SuccessNote> : null}
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save preferences'}
        </Button>
      </form>
      <p className="text-sm text-muted-foreground">{TRANSACTIONAL_NOTE}</p>
    </>
  );
}

/** A forged or expired link: no one's preferences, only a way to get a fresh link. */
function AskForAddress() {
  const request = useRequestPreferenceLink();
  const { form, done, problem, submit } = useMessageForm(
    preferenceLinkRequestSchema,
    { email: '' },
    async (values) => {
      await request.mutateAsync(values);
      return { message: LINK_REQUESTED };
    },
  );
  return (
    <>
      <p className="text-sm">
        This link is not valid. Enter your email address and we will mail you a fresh link to your
        preferences.
      </p>
      {done ? (
        <SuccessNote>{done}</SuccessNote>
      ) : (
        <Form form={form} onSubmit={submit} className="grid gap-4" aria-label="Ask for a link">
          <FormError>{problem}</FormError>
          <EmailField control={form.control} />
          <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send me a link'}
          </Button>
        </Form>
      )}
      <p className="text-sm text-muted-foreground">{TRANSACTIONAL_NOTE}</p>
    </>
  );
}
