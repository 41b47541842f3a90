import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm, 2) with OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
// The algorithm is spelled as its number because the package only declares it as an ambient const enum.
const argon2id = 2;
const options = { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, options);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    return false;
  }
}
