import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** Tokens are stored only as SHA-256 hashes: a copy of the database does not hand out sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A 6-digit pairing PIN, uniform from the OS's cryptographic source. */
export function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Compares two hex SHA-256 hashes in constant time. */
export function equalHashes(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Compares two secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(a: string, b: string): boolean {
  return equalHashes(hashToken(a), hashToken(b));
}
