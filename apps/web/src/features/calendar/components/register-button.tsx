import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/**
 * Register Now (or Join the Waiting List). The event page comes server-rendered, so it is a
 * small form: pressed before the page's scripts have run (a slow phone, or none at all), it
 * loads the page as `?register=true`, which the server draws with the registration form that
 * posts without scripts (at its `#registration`), and which opens the registration dialog once
 * the page has hydrated; after hydration it opens the registration at once.
 */
export function RegisterButton({
  eventId,
  onRegister,
  ...button
}: { eventId: string; onRegister: () => void } & Omit<
  ComponentProps<typeof Button>,
  'type' | 'onClick'
>) {
  return (
    <form
      action={`${paths.event.href(eventId)}#registration`}
      method="get"
      className="contents"
      onSubmit={(event) => {
        event.preventDefault();
        onRegister();
      }}
    >
      <input type="hidden" name="register" value="true" />
      <Button type="submit" {...button} />
    </form>
  );
}
