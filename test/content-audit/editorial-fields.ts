/**
 * The pack fields whose strings are the platform's own wording, not a
 * rulebook's: labels for lists where the rulebook prints no title,
 * classifications, references into books the seeds do not contain, ids, and
 * readings with their reasons. The content audit holds every other string
 * the packs serve to the rulebooks word for word, so a new field is audited
 * unless it is declared here with why it is not printed. `field` matches the
 * dotted path with list indexes as `#`.
 */
export interface EditorialField {
  /** The content kind, or `*` for every kind. */
  readonly kind: string;
  readonly field: RegExp;
  readonly why: string;
}

const LABEL = 'a label for lists and headings where the rulebook prints no title of its own';

export const EDITORIAL_FIELDS: readonly EditorialField[] = [
  { kind: 'zs-script', field: /^name$/, why: 'made from the printed number: "Script 006"' },
  { kind: 'hope-turn-step', field: /^name$/, why: 'made from the printed order: "Turn step 1"' },
  { kind: 'twom-envelope', field: /^name$/, why: 'made from the printed letter: "Envelope A"' },
  { kind: 'twom-component', field: /^name$/, why: LABEL },
  { kind: 'twom-table', field: /^name$/, why: LABEL },
  { kind: 'twom-phase', field: /^name$/, why: LABEL },
  { kind: 'twom-test', field: /^name$/, why: LABEL },
  { kind: 'twom-track', field: /^name$/, why: LABEL },
  { kind: 'twom-map-side', field: /^name$/, why: LABEL },
  { kind: 'twom-setup', field: /^name$/, why: LABEL },
  { kind: 'deck', field: /^name$/, why: LABEL },
  { kind: 'roll-table', field: /^name$/, why: LABEL },
  { kind: 'die', field: /^name$/, why: LABEL },
  { kind: 'module', field: /^name$/, why: LABEL },
  { kind: 'game', field: /^name$/, why: LABEL },
  { kind: 'hope-card-type', field: /^name$/, why: LABEL },
  { kind: 'hope-game-structure', field: /^name$/, why: LABEL },
  { kind: 'twom-scenario', field: /^specialRules\.#\.name$/, why: LABEL },
  { kind: 'game', field: /^summary$/, why: 'a sentence on the game for catalogues; the rulebooks print no blurb' },
  { kind: 'twom-card', field: /^cardType$/, why: 'a classification named after the rulebook\'s words ("Special Visitors card"), not a printed line' },
  { kind: 'zs-card', field: /^cardType$/, why: 'an enum value (`unique-loot`)' },
  { kind: 'zs-card', field: /^aliases\.#$/, why: 'ids: the deck-qualified ids a type-free card answers to' },
  { kind: 'zs-card', field: /^scoreModifier\.reasoning$/, why: 'the reading behind an inferred modifier; its quotations are audited' },
  { kind: 'die', field: /^assumptionNote$/, why: 'the reading behind assumed faces; its quotations are audited' },
  { kind: 'twom-character', field: /^miniature$/, why: 'which miniature stands for the Character, said in our words' },
  { kind: '*', field: /^externalRefs\.#\.ref$/, why: 'a reference into a book the seeds do not contain (the Book of Scripts)' },
  { kind: 'zs-map', field: /^layout\.ref$/, why: 'a reference into the map booklet, which the seeds do not contain' },
];

/**
 * Fields whose strings join printed pieces: the transcription of a list
 * written as one line. Each piece, cut at `separator`, is audited on its own.
 */
export const JOINED_FIELDS: readonly (EditorialField & { readonly separator: RegExp })[] = [
  {
    kind: 'twom-scenario',
    field: /^setup\.startingStock\.text$/,
    separator: /: |, (?=[^)]*(?:\(|$))/,
    why: 'the Setup\'s "Starting stuff" bullets, written as one line',
  },
];

/**
 * Remarks a seed's transcriber added inside a printed passage, which the
 * packs leave out of the text they serve. The audit reads the seeds with and
 * without them.
 */
export const SEED_REMARKS: readonly { readonly remark: RegExp; readonly why: string }[] = [
  { remark: / ?\(Printed as written\.\)/g, why: 'seed 004 marks a misprint it keeps (Script 239) with "(Printed as written.)"' },
];

/** Rules-data constants whose strings are ours (besides `*_REASONING` and `*_READING`, which always are): audited for their quotations only. */
export const EDITORIAL_CONSTANTS: readonly { readonly name: string; readonly why: string }[] = [
  { name: 'HOPE_DIE', why: 'the die seed 003 does not name, assumed six-sided; its name and description are ours' },
  { name: 'ZS_ANOMALY_NOTE', why: 'the note of a gap: the Anomaly deck belongs to a book the seeds do not contain' },
];
