import { hash } from '@node-rs/argon2';

/**
 * The format of `users.password_hash`: argon2id with OWASP's minimum parameters (19 MiB,
 * 2 iterations, 1 lane). It sits on the lowest floor because the factories and the demo seed
 * create accounts too; sign-in verifies through `platform/auth/password.ts`.
 */
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}
