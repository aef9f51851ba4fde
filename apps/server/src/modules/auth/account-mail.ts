import { EMAIL_CHANGE_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '@chamber/contract';
import { type ChamberIdentity, renderMail } from '../../lib/mail/templates.js';

const office = (chamber: ChamberIdentity) =>
  `contact the chamber office${chamber.phone ? ` at ${chamber.phone}` : ''}${chamber.email ? ` or ${chamber.email}` : ''}`;

/** The link of a forgotten password (or one staff sent). */
export function passwordResetMail(chamber: ChamberIdentity, firstName: string, url: string) {
  return renderMail(chamber, {
    subject: `Reset your ${chamber.name} password`,
    preview: `Choose a new password. The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes.`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `Someone, hopefully you, asked to reset the password of your ${chamber.name} account. Choose a new one with this link:`,
    ],
    action: { label: 'Choose a new password', url },
    link: { label: 'Or open this address', url },
    note: `The link works once, for ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this message: your password stays as it is.`,
  });
}

/** To the new address: the link that makes it the account's sign-in address. */
export function confirmEmailMail(chamber: ChamberIdentity, firstName: string, url: string) {
  return renderMail(chamber, {
    subject: `Confirm your new ${chamber.name} sign-in address`,
    preview: `Confirm this address to sign in with it. The link works for ${EMAIL_CHANGE_TTL_HOURS} hours.`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      `You asked to sign in to your ${chamber.name} account with this address. Confirm it with this link; until then, nothing changes.`,
    ],
    action: { label: 'Confirm this address', url },
    link: { label: 'Or open this address', url },
    note: `The link works once, for ${EMAIL_CHANGE_TTL_HOURS} hours. If you did not ask for this, ignore this message.`,
  });
}

/** To the old address, when a change is asked for and when it is confirmed. */
export function emailChangeNoticeMail(
  chamber: ChamberIdentity,
  firstName: string,
  newEmail: string,
  done: boolean,
) {
  return renderMail(chamber, {
    subject: done
      ? `Your ${chamber.name} sign-in address was changed`
      : `A change of your ${chamber.name} sign-in address was requested`,
    preview: done
      ? `You now sign in with ${newEmail}.`
      : `Waiting for ${newEmail} to be confirmed.`,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs: [
      done
        ? `Your ${chamber.name} account now signs in with ${newEmail} instead of this address.`
        : `Someone signed in to your ${chamber.name} account asked to sign in with ${newEmail} instead of this address. Nothing changes until the link we sent to ${newEmail} is opened.`,
      `If that was not you, ${office(chamber)} right away.`,
    ],
  });
}

/** What happened to an account's two-factor sign-in, told to its owner. */
export type TwoFactorEvent =
  | { kind: 'on' }
  | { kind: 'off'; byStaff: boolean }
  | { kind: 'recovery-code'; left: number }
  | { kind: 'stopped'; wrongCodes: number };

/** To the account's address whenever its second factor changes or is used in a special way. */
export function twoFactorMail(chamber: ChamberIdentity, firstName: string, event: TwoFactorEvent) {
  const notYou = `If that was not you, change your password at once and ${office(chamber)}.`;
  const [subject, ...paragraphs] = ((): string[] => {
    switch (event.kind) {
      case 'on':
        return [
          `Two-factor sign-in is on for your ${chamber.name} account`,
          `Two-factor sign-in was turned on for your ${chamber.name} account: signing in now takes a code from your authenticator app as well as your password.`,
          notYou,
        ];
      case 'off':
        return [
          `Two-factor sign-in is off for your ${chamber.name} account`,
          event.byStaff
            ? `Chamber staff turned two-factor sign-in off for your ${chamber.name} account (for example, after a lost phone). Your password alone signs in now; you can turn it on again from your profile.`
            : `Two-factor sign-in was turned off for your ${chamber.name} account: your password alone signs in now.`,
          notYou,
        ];
      case 'recovery-code':
        return [
          `A recovery code was used to sign in to your ${chamber.name} account`,
          `Someone signed in to your ${chamber.name} account with your password and one of your recovery codes. Each code works once; ${event.left} ${event.left === 1 ? 'is' : 'are'} left. You can make new ones from your profile.`,
          notYou,
        ];
      case 'stopped':
        return [
          `Sign-in to your ${chamber.name} account was stopped`,
          `Your password was entered correctly, then ${event.wrongCodes} wrong two-factor codes in a row. Someone may know your password, so signing in to your ${chamber.name} account is stopped.`,
          `To sign in again, reset your password with 'Forgot password?' on the sign-in page, or ${office(chamber)} to reset your two-factor sign-in.`,
        ];
    }
  })();
  return renderMail(chamber, {
    subject: subject!,
    preview: paragraphs[0]!,
    greeting: `Hi ${firstName || 'there'},`,
    paragraphs,
  });
}

/** The outbox's kinds of account mail. */
export const PASSWORD_RESET_MAIL = 'password-reset';
export const PASSWORD_CHANGED_MAIL = 'password-changed';
export const TWO_FACTOR_MAIL = 'two-factor';
export const EMAIL_CHANGE_LINK_MAIL = 'email-change-link';
export const EMAIL_CHANGE_NOTICE_MAIL = 'email-change-notice';

/** A reset link asked for by address (anyone may ask) or by staff for an account. */
export type PasswordResetParams = { email: string } | { userId: string };
export interface TwoFactorParams {
  userId: string;
  event: TwoFactorEvent;
}
export interface EmailChangeLinkParams {
  userId: string;
  newEmail: string;
}
export interface EmailChangeNoticeParams {
  userId: string;
  /** The address told: the old one, which after the change is no longer the account's. */
  to: string;
  newEmail: string;
  done: boolean;
}
