import type { AddressInfo } from 'node:net';
import { createTestApp, type TestContext } from './app.js';
import { startSmtpServer } from './smtp.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

export interface StripeApp {
  ctx: TestContext;
  standIn: StripeStandIn;
  smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  close(): Promise<void>;
}

/**
 * The app listening on a port of its own, its Stripe calls going to the stand-in and the
 * stand-in's signed events to its webhook, its mail to a real SMTP peer; the clock at noon in
 * Denver on 2026-03-10.
 */
export async function startStripeApp(webhookSecret: string): Promise<StripeApp> {
  const standIn = await startStripeStandIn({ webhookSecret });
  const smtp = await startSmtpServer();
  const ctx = await createTestApp({
    ...standIn.env(),
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://portal.example.org',
  });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  standIn.webhookUrl = `http://127.0.0.1:${port}/api/stripe/webhook`;
  ctx.clock.advance(Date.parse('2026-03-10T19:00:00Z') - ctx.clock.now().getTime());
  return {
    ctx,
    standIn,
    smtp,
    close: async () => {
      await ctx.close();
      await smtp.close();
      await standIn.close();
    },
  };
}
