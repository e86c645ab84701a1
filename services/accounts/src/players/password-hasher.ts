import bcrypt from 'bcryptjs';

const COST = 10;
/** Compared against when the email is unknown, so both failures take as long. */
const DUMMY_HASH = bcrypt.hashSync('scriptbook-no-such-player', COST);

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(password: string, hash: string | undefined): Promise<boolean> {
  const matches = await bcrypt.compare(password, hash ?? DUMMY_HASH);
  return matches && hash !== undefined;
}
