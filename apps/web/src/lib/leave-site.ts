/**
 * Leaving the portal for another site's page (Stripe's Checkout or customer portal): the one
 * place the app sends the browser to another origin, so a unit test can spy on where it goes
 * (jsdom cannot navigate, and a test cannot replace its `window.location`).
 */
export const leaveSite = {
  to(url: string) {
    window.location.assign(url);
  },
};
