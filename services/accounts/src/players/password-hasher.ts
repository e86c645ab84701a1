import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';

const COST = 10;

/** bcrypt reads no further than this; longer passwords are refused at the edge, not cut. */
export const PASSWORD_MAX_BYTES = 72;

let dummyHash: string | undefined;

/**
 * Hashes and checks passwords with bcrypt. bcryptjs compares the computed
 * hash with the stored one in constant time, and an unknown email is
 * checked against a dummy hash, so neither the comparison nor the lack of
 * one tells a caller whether the account exists.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return bcrypt.hash(password, COST);
  }

  /** True only for a real hash that the password matches; `undefined` (no such player) always fails, as slowly. */
  async verify(password: string, hash: string | undefined): Promise<boolean> {
    const matches = await this.compare(password, hash ?? PasswordHasher.dummyHash());
    return matches && hash !== undefined;
  }

  /** The one place a password meets a hash. */
  compare(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  /** Same cost as real hashes, so a comparison against it takes as long. */
  static dummyHash(): string {
    dummyHash ??= bcrypt.hashSync('scriptbook-no-such-player', COST);
    return dummyHash;
  }
}
