import { z } from 'zod';

/** The rule name a client sees in `extensions.rule` when text hides or controls something. */
export const PLAIN_TEXT_RULE = 'plain-text';

export interface PlainTextOptions {
  /** Most characters (Unicode code points, after trimming and NFC) allowed. */
  readonly maxLength: number;
  /** Fewest characters allowed after trimming; 1 unless said otherwise. */
  readonly minLength?: number;
  /** Free text may keep line breaks (`\n`) and tabs; names never do. */
  readonly allowLineBreaks?: boolean;
}

export type PlainTextCheck =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly rule: 'min' | 'max' | typeof PLAIN_TEXT_RULE; readonly message: string };

// An emoji flag tag sequence (England, Scotland, Wales: a black flag, a
// short subdivision code in tag letters and digits, a cancel tag) is the one
// legitimate use of tag characters; anything longer or wider smuggles
// invisible text.
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{2,7}\u{E007F}/gu;
// Zero-width joiner and non-joiner shape emoji sequences and Persian or Indic
// words, so they stay; every other format character can reorder or hide text.
const JOINERS = /[\u200C\u200D]/g;
const HIDDEN_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;
const LINE_BREAKS_AND_TABS = /[\n\t]/g;

function describe(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Why `value` is not plain text (the first control or hiding character it holds), or undefined when it is. */
function hiddenCharacterMessage(value: string, allowLineBreaks: boolean): string | undefined {
  let visible = value.replace(EMOJI_TAG_SEQUENCE, '').replace(JOINERS, '');
  if (allowLineBreaks) visible = visible.replace(LINE_BREAKS_AND_TABS, '');
  const hidden = HIDDEN_OR_CONTROL.exec(visible);
  return hidden ? `must not contain control or invisible formatting characters (found ${describe(hidden[0])})` : undefined;
}

/**
 * Checks a name or free text a person typed: trims it, composes accents
 * (NFC), and refuses control characters (NUL, BEL, C1), bidirectional
 * overrides and isolates, and other invisible format characters. Ordinary
 * Unicode, accents and emoji (including joined and tagged sequences) pass.
 */
export function checkPlainText(input: string, options: PlainTextOptions): PlainTextCheck {
  const value = input.normalize('NFC').trim();
  const hidden = hiddenCharacterMessage(value, options.allowLineBreaks ?? false);
  if (hidden) return { ok: false, rule: PLAIN_TEXT_RULE, message: hidden };
  const length = [...value].length;
  const minLength = options.minLength ?? 1;
  if (length < minLength) {
    return { ok: false, rule: 'min', message: minLength === 1 ? 'must not be empty' : `must be at least ${minLength} characters` };
  }
  if (length > options.maxLength) return { ok: false, rule: 'max', message: `must be at most ${options.maxLength} characters` };
  return { ok: true, value };
}

/**
 * The zod form of `checkPlainText`, for input schemas: the parsed value is the
 * trimmed, composed text, and a failure names its rule for `parseInput`.
 */
export function plainText(options: PlainTextOptions) {
  return z.string().transform((input, context) => {
    const checked = checkPlainText(input, options);
    if (checked.ok) return checked.value;
    context.addIssue({ code: z.ZodIssueCode.custom, message: checked.message, params: { rule: checked.rule } });
    return z.NEVER;
  });
}

/**
 * The same character rule as `plainText`, as a refinement that leaves the
 * text as it is: for schemas whose value must not change (a seed, whose every
 * character feeds the generator) or whose own checks already trim and count.
 * `schema.superRefine(refuseHiddenCharacters)`.
 */
export function refuseHiddenCharacters(value: string, context: z.RefinementCtx): void {
  const hidden = hiddenCharacterMessage(value, false);
  if (hidden) context.addIssue({ code: z.ZodIssueCode.custom, message: hidden, params: { rule: PLAIN_TEXT_RULE } });
}

/** Why a string is not plain text, or undefined; for code that checks a value outside a zod schema. */
export function plainTextViolation(value: string): string | undefined {
  return hiddenCharacterMessage(value, false);
}
