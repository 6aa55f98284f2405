import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2 defaults to argon2id (the hash starts with `$argon2id$`; a test checks it). */
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of one verification when the e-mail is unknown, so timing does not reveal it. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('musa-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
