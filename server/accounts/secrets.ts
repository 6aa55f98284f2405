import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: bearer tokens and one-time e-mail tokens. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their sha256, so a leaked table grants nothing. */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
