import { numberedDie, RollableDie, rollDie } from '@scriptbook/rules-engine';
import { Random } from '@scriptbook/rules-engine';
import { Transcript } from '@scriptbook/rules-engine';

/** The Black die every roll of 001 uses; its tables run 1 to 10 ("Result 4-10"), so it is numbered 1 to 10. The dice roller offers it too. */
export const BLACK_D10: RollableDie = { ...numberedDie('black-d10', 'Black die', 10), description: "This War of Mine's Black die, numbered 1 to 10." };

/**
 * One row of a Black-die table: a printed row ("1-5 – Near Location"), or,
 * with `inference`, the results a card leaves unprinted ("Result = 1-3 – …"
 * says nothing of 4-10), read as the card's effect not happening.
 */
export interface DieTableRow<T> {
  readonly from: number;
  readonly to: number;
  readonly outcome: T;
  /** A printed row's words; for an inferred row, our reading of what happens. */
  readonly text: string;
  /** Set on a row the rulebook does not print: why it reads as it does. Its transcript step carries it. */
  readonly inference?: string;
}

export type DieTable<T> = readonly DieTableRow<T>[];

export function rangeLabel(row: { from: number; to: number }): string {
  return row.from === row.to ? `${row.from}` : `${row.from}-${row.to}`;
}

export function rowFor<T>(table: DieTable<T>, value: number): DieTableRow<T> {
  const row = table.find((r) => value >= r.from && value <= r.to);
  if (!row) throw new RangeError(`No table row covers ${value}`);
  return row;
}

/** Rolls the Black die (1-10) and writes "Rolled the Black die for ...: n". */
export function rollBlack(random: Random, transcript: Transcript, purpose: string, detail?: Record<string, unknown>): number {
  const value = rollDie(random, BLACK_D10).value as number;
  transcript.add(`Rolled the Black die for ${purpose}: ${value}`, { die: BLACK_D10.id, value, detail });
  return value;
}

export interface TableRoll<T> {
  readonly roll: number;
  readonly row: DieTableRow<T>;
}

/**
 * The results a card's printed rows leave out, read as its effect not
 * happening: `reasoning` quotes the rows the card prints.
 */
export function unprintedRow<T>(from: number, to: number, outcome: T, text: string, reasoning: string): DieTableRow<T> {
  return { from, to, outcome, text, inference: reasoning };
}

/**
 * Rolls the Black die on a table: "... : 7 — row 6-8 applies: ..." for a
 * printed row; "... : 7 — no printed row covers 4-10 (inferred: ...)" for
 * the results a card leaves out, the step carrying the reasoning.
 */
export function rollOnTable<T>(random: Random, transcript: Transcript, table: DieTable<T>, purpose: string): TableRoll<T> {
  const roll = rollDie(random, BLACK_D10).value as number;
  const row = rowFor(table, roll);
  const facts = { die: BLACK_D10.id, value: roll, detail: { row: rangeLabel(row), outcome: row.outcome as unknown } };
  if (row.inference === undefined) {
    transcript.add(`Rolled the Black die for ${purpose}: ${roll} — row ${rangeLabel(row)} applies: ${row.text}`, facts);
  } else {
    transcript.add(`Rolled the Black die for ${purpose}: ${roll} — no printed row covers ${rangeLabel(row)} (inferred: ${row.text})`, {
      ...facts,
      inference: { reasoning: row.inference },
    });
  }
  return { roll, row };
}

export interface ComparisonRoll {
  readonly roll: number;
  /** True when the roll is equal to or lower than the target. */
  readonly atOrBelow: boolean;
}

/** Compares one Black-die roll with a stat, the way most Tales cards do. */
export function compareRoll(roll: number, target: number): ComparisonRoll {
  return { roll, atOrBelow: roll <= target };
}
