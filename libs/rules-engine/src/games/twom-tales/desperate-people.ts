import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollBlack, rollOnTable } from '../twom/black-die';
import { requireString } from '../twom/validate';
import { requireTalesCharacters, TalesCharacter } from './characters';
import { DESPERATE_PEOPLE_SCRIPTS, DESPERATE_PEOPLE_TABLE, DESPERATE_PEOPLE_WEAPONS } from './twom-tales.rules-data';

export interface DesperatePeopleInput {
  readonly characters: readonly TalesCharacter[];
  /** The Character present chosen for the Empathy roll. */
  readonly chosen: string;
}

export interface DesperatePeopleResult {
  readonly countRoll: number;
  readonly count: number;
  readonly weapons: readonly string[];
  readonly empathyRoll: number;
  readonly combat: boolean;
  readonly script: number;
}

/** Farmers module, Desperate People (Residents card). */
export function desperatePeople(input: DesperatePeopleInput, seed: string): Resolution<DesperatePeopleResult> {
  const characters = requireTalesCharacters(input?.characters, 'characters');
  const name = requireString(input.chosen, 'chosen');
  const chosen = characters.find((c) => c.name === name);
  if (!chosen) throw new RuleInputError('chosen', 'unknown-character', `chosen "${name}" is not among characters`);
  return resolve(seed, (random, transcript) => {
    const { roll: countRoll, row } = rollOnTable(random, transcript, DESPERATE_PEOPLE_TABLE, 'how many Desperate People');
    const weapons = DESPERATE_PEOPLE_WEAPONS.slice(0, row.outcome);
    transcript.add(`Draw ${row.outcome} Enemy token${row.outcome > 1 ? 's' : ''}, armed with: ${weapons.join(', ')}`);
    const empathyRoll = rollBlack(random, transcript, `${chosen.name} (Empathy ${chosen.empathy})`);
    const combat = empathyRoll > chosen.empathy;
    transcript.add(
      combat
        ? `${empathyRoll} > Empathy ${chosen.empathy}: Combat begins automatically (you may try to STOP the fight – see ${DESPERATE_PEOPLE_SCRIPTS.stop})`
        : `${empathyRoll} ≤ Empathy ${chosen.empathy}: no Combat (you may return 1 Exploration card to TRADE – see ${DESPERATE_PEOPLE_SCRIPTS.trade})`,
    );
    return {
      countRoll,
      count: row.outcome,
      weapons,
      empathyRoll,
      combat,
      script: combat ? DESPERATE_PEOPLE_SCRIPTS.stop : DESPERATE_PEOPLE_SCRIPTS.trade,
    };
  });
}
