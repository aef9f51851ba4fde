import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id recommendation: 19 MiB memory, 2 iterations, 1 lane. */
const options = {
  // Algorithm.Argon2id; the enum is a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** argon2's two calls, through one object, so a test can watch which hash a check used. */
export const argon2 = { hash, verify };

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against `passwordHash`, or against a throwaway hash when there is no
 * account, so an unknown email costs the same time as a wrong password.
 */
export async function verifyPassword(
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  const target = passwordHash ?? (await dummyHash);
  const ok = await argon2.verify(target, password).catch(() => false);
  return ok && passwordHash !== undefined;
}
