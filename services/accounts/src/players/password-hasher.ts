import { Injectable } from '@nestjs/common';
import bcrypt from 'bcryptjs';

const COST = 10;

/** bcrypt reads no further than this; longer passwords are refused at the edge, not cut. */
export const PASSWORD_MAX_BYTES = 72;

let dummyHash: string | undefined;

/**
 * The form a password is hashed and compared in. The same word can arrive
 * as different code points (an accent precomposed, or a letter followed by
 * a combining accent) depending on the keyboard and the platform, so a
 * password set on one device would not match the same password typed on
 * another. NFC is what most systems produce and the shortest in bytes.
 */
export const normalizedPassword = (password: string): string => password.normalize('NFC');

/** What a password check found; `legacy-match` means the stored hash was made from a form other than NFC and should be replaced. */
export type PasswordCheck = 'match' | 'legacy-match' | 'mismatch';

/**
 * Hashes and checks passwords with bcrypt. bcryptjs compares the computed
 * hash with the stored one in constant time, and an unknown email is
 * checked against a dummy hash, so neither the comparison nor the lack of
 * one tells a caller whether the account exists.
 */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return bcrypt.hash(normalizedPassword(password), COST);
  }

  /**
   * Checks `password` as given against `hash`; `undefined` (no such player)
   * always fails, as slowly. Hashes made before passwords were normalized
   * hold whatever form the player typed then, so when the NFC form does not
   * match, the password as given and its NFD form are tried too (only those
   * that differ, and that fit bcrypt's 72 bytes, as every stored one had
   * to). How many comparisons a failure costs depends on the password alone,
   * never on the account, so a refusal still says nothing about whether the
   * email exists.
   */
  async check(password: string, hash: string | undefined): Promise<PasswordCheck> {
    const target = hash ?? PasswordHasher.dummyHash();
    const [current, ...legacy] = candidateForms(password);
    if (await this.compare(current, target)) return hash === undefined ? 'mismatch' : 'match';
    for (const form of legacy) {
      if (await this.compare(form, target)) return hash === undefined ? 'mismatch' : 'legacy-match';
    }
    return 'mismatch';
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

/** NFC first, then the other forms an older hash may have been made from. */
function candidateForms(password: string): string[] {
  const forms = [normalizedPassword(password), password, password.normalize('NFD')];
  return forms.filter((form, index) => forms.indexOf(form) === index && (index === 0 || Buffer.byteLength(form, 'utf8') <= PASSWORD_MAX_BYTES));
}
