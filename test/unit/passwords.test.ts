// Password hashes: the cost OWASP lists for scrypt, and hashes made at an older cost still verify.
import { scryptSync, randomBytes } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/domain/passwords.ts';

describe('password hashes', () => {
  test('are scrypt with N=2^15, r=8, p=3 and verify only the right password', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$3\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  });

  test('made at an older cost (p=1) still verify: the cost is read from the hash', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('an older password'.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    expect(await verifyPassword('an older password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
  });
});
