import argon2 from 'argon2';

export interface PasswordHasher {
  hash(plain: string): Promise<string>;
  verify(hash: string, plain: string): Promise<boolean>;
}

/** argon2id; the cost comes from config so tests can run it cheaply. */
export function createPasswordHasher(options: {
  memoryCost: number;
  timeCost: number;
}): PasswordHasher {
  return {
    hash: (plain) =>
      argon2.hash(plain, {
        type: argon2.argon2id,
        memoryCost: options.memoryCost,
        timeCost: options.timeCost,
      }),
    async verify(hash, plain) {
      try {
        return await argon2.verify(hash, plain);
      } catch {
        return false;
      }
    },
  };
}
