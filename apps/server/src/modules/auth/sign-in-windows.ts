import type { Window } from '../../lib/throttle.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Failed sign-ins are counted three ways for a browser the account never signed in from. The
 * pair (account, address) is tight, so a guesser at one address stops after 5 tries; the
 * address alone bounds one client spraying many accounts; the account alone bounds a guess
 * spread over many addresses (50 in 15 minutes). A browser the account signed in from before
 * (its device cookie, `knownDevice`) is counted on its own instead, 5 in 15 minutes for the
 * pair (device, account): strangers filling the account's or the address's budget never lock
 * the owner's own browser out, and a stolen cookie buys its thief only those 5.
 */
export function signInWindows(email: string, ip: string, knownDevice?: string): Window[] {
  const account = email.trim().toLowerCase();
  if (knownDevice) {
    return [
      { key: `signin:device:${knownDevice}:${account}`, limit: 5, windowMs: FIFTEEN_MINUTES },
    ];
  }
  return [
    { key: `signin:account-ip:${account}:${ip}`, limit: 5, windowMs: FIFTEEN_MINUTES },
    { key: `signin:ip:${ip}`, limit: 30, windowMs: FIFTEEN_MINUTES },
    { key: `signin:account:${account}`, limit: 50, windowMs: FIFTEEN_MINUTES },
  ];
}
