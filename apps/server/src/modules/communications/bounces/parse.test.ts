import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseReport } from './parse.js';
import { verpAddress, verpTokenOf } from './verp.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fixture = (name: string) => readFile(path.join(fixtures, name));
const bounceAddress = 'bounces@chamber.example';

describe('parseReport', () => {
  it('reads a Postfix DSN for an unknown user as a hard bounce with its VERP token', async () => {
    expect(await parseReport(await fixture('postfix-5.1.1.eml'), { bounceAddress })).toEqual({
      kind: 'hard',
      recipient: 'jane.doe@riverton-bakery.example',
      verpToken: 'r123abc',
      status: '5.1.1',
      diagnostic:
        '550 5.1.1 <Jane.Doe@Riverton-Bakery.example>: Recipient address rejected: User unknown in virtual mailbox table',
    });
  });

  it("reads Exim's delay warning (4.2.2, mailbox full) as a soft bounce", async () => {
    expect(await parseReport(await fixture('exim-delayed-4.2.2.eml'), { bounceAddress })).toEqual({
      kind: 'soft',
      recipient: 'owner@west-jordan-hardware.example',
      verpToken: 'r77soft',
      status: '4.2.2',
      diagnostic: '452 4.2.2 Mailbox full',
    });
  });

  it("reads Gmail's blocked-message notice (5.7.1) as a hard bounce", async () => {
    const report = await parseReport(await fixture('gmail-5.7.1.eml'), { bounceAddress });
    expect(report).toMatchObject({
      kind: 'hard',
      recipient: 'bob.smith@gmail.com',
      verpToken: 'r9gmail',
      status: '5.7.1',
    });
    expect(report?.diagnostic).toMatch(
      /^550-5\.7\.1 .* likely unsolicited mail\. .* blocked\. 550/,
    );
  });

  it("reads a mailbox provider's abuse report (ARF) as a complaint", async () => {
    expect(await parseReport(await fixture('arf-abuse.eml'), { bounceAddress })).toEqual({
      kind: 'complaint',
      recipient: 'carol.white@mailbox-provider.example',
      verpToken: 'r5abuse',
      status: null,
      diagnostic: 'abuse',
    });
  });

  it("takes a complaint's address from the original's To when Original-Rcpt-To is missing", async () => {
    expect(await parseReport(await fixture('arf-redacted.eml'), { bounceAddress })).toEqual({
      kind: 'complaint',
      recipient: 'dan.green@webmail.example',
      verpToken: 'r6webm',
      status: null,
      diagnostic: 'abuse',
    });
  });

  it('ignores an out-of-office reply, even one quoting DSN-like lines', async () => {
    expect(await parseReport(await fixture('out-of-office.eml'), { bounceAddress })).toBeNull();
  });

  it('answers null, never throws, for a report too broken to name an address', async () => {
    expect(await parseReport(await fixture('malformed.eml'), { bounceAddress })).toBeNull();
    expect(await parseReport(Buffer.from(''))).toBeNull();
    expect(await parseReport(Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x0a, 0x0d]))).toBeNull();
    expect(
      await parseReport(
        Buffer.from('Content-Type: multipart/report; boundary="a"\r\n\r\n--a\r\nContent-Type'),
      ),
    ).toBeNull();
  });

  it('leaves the token null without a bounce address or a VERP address', async () => {
    const raw = await fixture('postfix-5.1.1.eml');
    expect((await parseReport(raw))?.verpToken).toBeNull();
    expect(
      (await parseReport(raw, { bounceAddress: 'other@chamber.example' }))?.verpToken,
    ).toBeNull();
  });

  it('ignores a DSN of a successful delivery, and a not-spam feedback report', async () => {
    const postfix = (await fixture('postfix-5.1.1.eml')).toString();
    const delivered = postfix
      .replace('Action: failed', 'Action: delivered')
      .replace('5.1.1\n', '2.0.0\n');
    expect(await parseReport(Buffer.from(delivered), { bounceAddress })).toBeNull();
    const arf = (await fixture('arf-abuse.eml')).toString();
    const notSpam = arf.replace('Feedback-Type: abuse', 'Feedback-Type: not-spam');
    expect(await parseReport(Buffer.from(notSpam), { bounceAddress })).toBeNull();
  });

  it('treats a failure with a 4.x.x status as soft, and a delay as soft whatever its status', async () => {
    const postfix = (await fixture('postfix-5.1.1.eml')).toString();
    const given = postfix.replace('Status: 5.1.1', 'Status: 4.4.7');
    expect(await parseReport(Buffer.from(given), { bounceAddress })).toMatchObject({
      kind: 'soft',
      status: '4.4.7',
    });
    const delayed = postfix.replace('Action: failed', 'Action: delayed');
    expect((await parseReport(Buffer.from(delayed), { bounceAddress }))?.kind).toBe('soft');
  });
});

describe('VERP addresses', () => {
  it('puts the token after a "+" in the local part and reads it back', () => {
    expect(verpAddress('bounces@chamber.example', 'r123abc')).toBe(
      'bounces+r123abc@chamber.example',
    );
    expect(verpTokenOf('bounces@chamber.example', 'bounces+r123abc@chamber.example')).toBe(
      'r123abc',
    );
    expect(verpTokenOf('bounces@chamber.example', '<BOUNCES+R123ABC@Chamber.Example>')).toBe(
      'r123abc',
    );
    expect(verpTokenOf('bounces@chamber.example', 'Bounces <bounces+x-1@chamber.example>')).toBe(
      'x-1',
    );
  });

  it('reads no token from other addresses', () => {
    for (const other of [
      'bounces@chamber.example',
      'bounces+@chamber.example',
      'bounces+r1@other.example',
      'news+r1@chamber.example',
      'bounces+r1@chamber.example.evil.example',
      'bounces+r1+r2@chamber.example',
      '',
    ]) {
      expect(verpTokenOf('bounces@chamber.example', other)).toBeNull();
    }
  });

  it('refuses tokens and bounce addresses that would not survive the round trip', () => {
    expect(() => verpAddress('bounces@chamber.example', 'R1')).toThrow(/VERP token/);
    expect(() => verpAddress('bounces@chamber.example', 'a+b')).toThrow(/VERP token/);
    expect(() => verpAddress('bounces@chamber.example', '')).toThrow(/VERP token/);
    expect(() => verpAddress('bounces+x@chamber.example', 'r1')).toThrow(/no "\+"/);
    expect(() => verpAddress('chamber.example', 'r1')).toThrow(/not a bounce address/);
  });
});
