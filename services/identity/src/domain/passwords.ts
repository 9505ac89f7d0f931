import { Algorithm, hash, verify } from '@node-rs/argon2';

/** argon2id with at least the OWASP minimum: m=19456 KiB, t=2, p=1. */
const PARAMS = { algorithm: Algorithm.Argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, PARAMS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** A hash to verify against when the user does not exist, so unknown users cost the same time as wrong passwords. */
export const dummyHash = () => (dummy ??= hashPassword('not-a-real-password-' + Math.random()));
