import { NewsletterSignup } from './newsletter-signup';

/** The footer's 'Get our newsletter' row: a line about it and the sign-up. */
export function FooterNewsletter() {
  return (
    <div className="mx-auto grid max-w-7xl gap-4 px-4 py-8 sm:px-6 md:grid-cols-[1.5fr_2fr] md:items-start">
      <div>
        <h2 className="text-sm font-semibold">Get our newsletter</h2>
        <p className="mt-2 max-w-sm text-sm text-muted-foreground">
          News, events and new members, by email. You confirm first and can leave any time.
        </p>
      </div>
      <NewsletterSignup label="Get our newsletter" className="w-full max-w-lg" />
    </div>
  );
}
