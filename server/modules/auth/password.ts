// argon2id (the library's default algorithm, 2) with OWASP's baseline parameters: 19 MiB, 2 passes, 1 lane.
// The algorithm is spelled as its number because the package only declares it as an ambient const enum.
const argon2id = 2;
const options = { algorithm: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// The native module is loaded on the first sign-in, not at start: most requests never hash.
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(plain: string): Promise<string> {
  return (await argon2()).hash(plain, options);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(passwordHash, plain);
  } catch {
    return false;
  }
}
