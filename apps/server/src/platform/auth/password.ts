import { verify } from '@node-rs/argon2';

export { hashPassword } from '../../db/password-hash.ts';

export async function verifyPassword(hashed: string | null | undefined, plain: string): Promise<boolean> {
  if (!hashed) return false;
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}
