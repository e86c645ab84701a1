import {
  generateInvitationCode,
  hashInvitationCode,
  INVITATION_ALPHABET,
  INVITATION_CODE_LENGTH,
  normalizeInvitationCode,
} from './invitation-code';

describe('invitation codes', () => {
  it('are two groups of five symbols from the unambiguous alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateInvitationCode();
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(normalizeInvitationCode(code)).toBe(code.replace('-', ''));
    }
    expect(INVITATION_ALPHABET).toHaveLength(32);
    expect(INVITATION_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('use every symbol, with no symbol far more likely than another', () => {
    const counts = new Map<string, number>();
    const draws = 4_000;
    for (let i = 0; i < draws; i += 1) {
      for (const char of generateInvitationCode().replace('-', '')) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    const expected = (draws * INVITATION_CODE_LENGTH) / 32;
    expect(counts.size).toBe(32);
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.15);
  });

  it('read what a person typed: any case, spaces and dashes, O I L for 0 1 1', () => {
    expect(normalizeInvitationCode(' 7k2qx - m9d4r ')).toBe('7K2QXM9D4R');
    expect(normalizeInvitationCode('O1IL0-ABCDE')).toBe('01110ABCDE');
  });

  it('refuse what cannot be a code', () => {
    for (const typed of ['', '7K2QX', '7K2QX-M9D4RR', '7K2QX-M9D4U', '7K2QX_M9D4R', 'x'.repeat(100)]) {
      expect(normalizeInvitationCode(typed)).toBeNull();
    }
  });

  it('are stored as a hash that does not contain the code', () => {
    const hash = hashInvitationCode('7K2QXM9D4R');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(hashInvitationCode('7K2QXM9D4R'));
    expect(hash).not.toBe(hashInvitationCode('7K2QXM9D4S'));
  });
});
