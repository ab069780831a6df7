import { expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './secrets.ts';

it('hashes at the cost asked for, and checks a password against a hash of any cost', async () => {
  const cheap = await hashPassword('correct horse', 10);
  expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '1024', '8', '1']);
  const usual = await hashPassword('correct horse');
  expect(usual.split('$')[1]).toBe('16384');
  for (const stored of [cheap, usual]) {
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('wrong horse', stored)).toBe(false);
  }
});
