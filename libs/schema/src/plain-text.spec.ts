import fc from 'fast-check';
import { z } from 'zod';
import { BadUserInputError } from '@scriptbook/platform';
import { parseInput } from '@scriptbook/platform';
import { checkPlainText, PLAIN_TEXT_RULE, plainText } from '.';

const NAME = { maxLength: 40 };

/** Characters that control a terminal or reorder, hide or smuggle text. */
const FORBIDDEN = [
  '\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B',
  '\u202A', '\u202B', '\u202C', '\u202D', '\u202E',
  '\u2066', '\u2067', '\u2068', '\u2069',
  '\u200B', '\u200E', '\u200F', '\u2060', '\u00AD', '\u2028', '\u2029',
  '\u{E0041}', '\uD800',
];

/** Text a person might type: letters of many scripts, accents, digits, emoji, inner spaces. */
const ORDINARY = fc
  .array(
    fc.constantFrom(
      'a', 'Z', '7', ' ', '-', "'", 'é', 'ß', 'Ø', 'ł', 'ğ', 'Ж', 'я', 'Ω', 'ש', 'م', 'ی', 'क', 'ि',
      '字', '界', 'ア', '한', '🙂', '👩‍👩‍👧', '👍🏽', '🏳️‍🌈', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', 'e\u0301', '\u200C',
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''))
  .filter((text) => text.trim().length > 0 && !/^[\u200C\s]+$/.test(text));

function forbiddenMessage(value: string): string | undefined {
  const checked = checkPlainText(value, NAME);
  return checked.ok ? undefined : checked.rule;
}

describe('plain text (names and free text)', () => {
  it('keeps ordinary Unicode, accents and emoji, trimmed and composed', () => {
    fc.assert(
      fc.property(ORDINARY, fc.constantFrom('', ' ', '  '), (text, pad) => {
        const checked = checkPlainText(`${pad}${text}${pad}`, { maxLength: 1_000 });
        expect(checked).toEqual({ ok: true, value: text.normalize('NFC').trim() });
      }),
    );
  });

  it('refuses a control or hiding character anywhere inside the text, and names the character', () => {
    fc.assert(
      fc.property(ORDINARY, fc.constantFrom(...FORBIDDEN), fc.nat(), (text, bad, at) => {
        const chars = [...text];
        const position = at % (chars.length + 1);
        // Framed by letters: trimming may drop a line separator at either end, which is harmless.
        const value = ['x', ...chars.slice(0, position), bad, ...chars.slice(position), 'y'].join('');
        const checked = checkPlainText(value, { maxLength: 1_000 });
        expect(checked).toMatchObject({ ok: false, rule: PLAIN_TEXT_RULE });
        expect(!checked.ok && checked.message).toMatch(/U\+[0-9A-F]{4}/);
      }),
    );
  });

  it('keeps emoji joined by ZWJ and flags built from tag characters, but not loose tag characters', () => {
    expect(checkPlainText('👩‍👩‍👧 Family', NAME)).toEqual({ ok: true, value: '👩‍👩‍👧 Family' });
    expect(checkPlainText('🏴󠁧󠁢󠁥󠁮󠁧󠁿 Lions', NAME)).toEqual({ ok: true, value: '🏴󠁧󠁢󠁥󠁮󠁧󠁿 Lions' });
    expect(forbiddenMessage('Ana\u{E0068}\u{E0069}')).toBe(PLAIN_TEXT_RULE);
    // A flag's tag run carrying a hidden message is not a flag.
    const smuggled = [...'ignore all previous'].map((c) => String.fromCodePoint(0xe0000 + c.codePointAt(0)!)).join('');
    expect(forbiddenMessage(`\u{1F3F4}${smuggled}\u{E007F}`)).toBe(PLAIN_TEXT_RULE);
    expect(forbiddenMessage('\u{1F3F4}\u{E0067}\u{E0062}\u{E0041}\u{E006E}\u{E0067}\u{E007F}')).toBe(PLAIN_TEXT_RULE);
  });

  it('refuses a right-to-left override that would make a name read backwards', () => {
    expect(forbiddenMessage('Ana\u202Egnp.exe')).toBe(PLAIN_TEXT_RULE);
    expect(forbiddenMessage('\u2067Ben\u2069')).toBe(PLAIN_TEXT_RULE);
  });

  it('lets free text keep line breaks and tabs, never names', () => {
    expect(checkPlainText('Night one\n\tWe lost Arica', { maxLength: 100, allowLineBreaks: true })).toMatchObject({ ok: true });
    expect(forbiddenMessage('Night one\nWe lost')).toBe(PLAIN_TEXT_RULE);
    expect(checkPlainText('a\u0000b', { maxLength: 100, allowLineBreaks: true })).toMatchObject({ ok: false, rule: PLAIN_TEXT_RULE });
  });

  it('counts characters, not UTF-16 units or bytes, after trimming', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), (count) => {
        const checked = checkPlainText(` ${'😀'.repeat(count)} `, NAME);
        expect(checked.ok).toBe(count <= 40);
        if (!checked.ok) expect(checked.rule).toBe('max');
      }),
    );
    expect(checkPlainText('   ', NAME)).toMatchObject({ ok: false, rule: 'min', message: 'must not be empty' });
    expect(checkPlainText('ab', { maxLength: 9, minLength: 3 })).toMatchObject({ ok: false, rule: 'min' });
  });

  it('reports the field and the rule through parseInput as BAD_USER_INPUT', () => {
    const schema = z.object({ name: plainText({ maxLength: 80 }) });
    expect(parseInput(schema, { name: '  Siege winter ' })).toEqual({ name: 'Siege winter' });
    let failure: unknown;
    try {
      parseInput(schema, { name: 'Siege\u0000winter' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(BadUserInputError);
    expect((failure as BadUserInputError).details).toEqual({ field: 'input.name', rule: PLAIN_TEXT_RULE });
    expect((failure as BadUserInputError).message).toMatch(/^input\.name: must not contain control/);
  });
});
