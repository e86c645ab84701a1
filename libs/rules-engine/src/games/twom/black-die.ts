import { BLACK_D10, rollDie } from '../../dice/die';
import { Random } from '../../rng/random';
import { Transcript } from '../../transcript';

/** One row of a printed Black-die table, e.g. "1-5 – Near Location". */
export interface DieTableRow<T> {
  readonly from: number;
  readonly to: number;
  readonly outcome: T;
  /** The row's text as the player reads it. */
  readonly text: string;
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

/** Rolls the Black die on a printed table: "... : 7 — row 6-8 applies: ...". */
export function rollOnTable<T>(random: Random, transcript: Transcript, table: DieTable<T>, purpose: string): TableRoll<T> {
  const roll = rollDie(random, BLACK_D10).value as number;
  const row = rowFor(table, roll);
  transcript.add(`Rolled the Black die for ${purpose}: ${roll} — row ${rangeLabel(row)} applies: ${row.text}`, {
    die: BLACK_D10.id,
    value: roll,
    detail: { row: rangeLabel(row), outcome: row.outcome as unknown },
  });
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
