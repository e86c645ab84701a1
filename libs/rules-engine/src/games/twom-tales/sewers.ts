import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollBlack, rollOnTable } from '../twom/black-die';
import { UNKNOWN_DECK_SIZES } from '../twom/twom.rules-data';
import { requireInt } from '../twom/validate';
import {
  DEFEATED_ALL_SCRIPT,
  SEWERS_EXIT_TABLE,
  SEWERS_STOP_SCRIPT,
  SEWERS_THUG_WEAPON,
  SEWERS_THUGS_TABLE,
  SEWERS_UNKNOWN_DIVISOR,
  SewersExit,
} from './twom-tales.rules-data';

export interface SewersExitInput {
  /** The Unknown-deck number printed on Location cards (10, 12 or 14), to halve; optional. */
  readonly locationCards?: number;
}

export interface SewersExitResult {
  readonly roll: number;
  readonly location: SewersExit;
  readonly unknownDeckSize?: number;
}

/** "Once this Room is reached ... you may exit to 1 of the 3 Locations – roll the Black die". */
export function sewersExit(input: SewersExitInput | undefined, seed: string): Resolution<SewersExitResult> {
  let cards: number | undefined;
  if (input?.locationCards !== undefined) {
    cards = requireInt(input.locationCards, 'locationCards');
    if (!UNKNOWN_DECK_SIZES.includes(cards)) {
      throw new RuleInputError('locationCards', 'one-of', `locationCards must be one of ${UNKNOWN_DECK_SIZES.join(', ')}`);
    }
  }
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, SEWERS_EXIT_TABLE, 'the Sewers exit');
    if (cards === undefined) return { roll, location: row.outcome };
    const unknownDeckSize = Math.floor(cards / SEWERS_UNKNOWN_DIVISOR);
    transcript.add(`The Unknown deck holds half its normal number, rounded down: ${cards} → ${unknownDeckSize}`);
    return { roll, location: row.outcome, unknownDeckSize };
  });
}

export interface ThugsEnterResult {
  readonly roll: number;
  readonly thugs: number;
  readonly threat: number;
}

/** Optional rule: "Whenever you enter the Sewers, roll the Black die and place the corresponding number of Thug miniatures". */
export function sewersThugsEnter(_input: Record<string, never> | undefined, seed: string): Resolution<ThugsEnterResult> {
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, SEWERS_THUGS_TABLE, 'Thugs entering the Sewers');
    transcript.add(`Threat level: ${row.outcome}`);
    return { roll, thugs: row.outcome, threat: row.outcome };
  });
}

export interface ThugsForfeitInput {
  readonly threat: number;
}

export interface ThugsForfeitResult {
  readonly rolls: readonly number[];
  readonly encounter: boolean;
  readonly thugs: number;
  readonly weapon?: string;
  readonly threat: number;
  readonly scripts?: { readonly stop: number; readonly defeated: number };
}

/**
 * Optional rule, forfeiting: "roll the Black die a number of times equal to
 * the current Threat level"; any result at or below the Threat means the
 * Thugs are met. All rolls are made, as the text asks for all of them.
 */
export function sewersThugsForfeit(input: ThugsForfeitInput, seed: string): Resolution<ThugsForfeitResult> {
  const max = Math.max(...SEWERS_THUGS_TABLE.map((r) => r.outcome));
  const threat = requireInt(input?.threat, 'threat', { min: 0, max });
  return resolve(seed, (random, transcript) => {
    const rolls: number[] = [];
    for (let i = 0; i < threat; i++) rolls.push(rollBlack(random, transcript, `the way back (${i + 1} of ${threat}, Threat ${threat})`));
    const encounter = rolls.some((r) => r <= threat);
    if (!encounter) {
      transcript.add(threat === 0 ? 'Threat 0: no rolls, no Thugs' : `No roll is ${threat} or lower: the way back is clear`);
      return { rolls, encounter, thugs: 0, threat };
    }
    transcript.add(
      `A roll of ${threat} or lower: ${threat} Thug${threat > 1 ? 's' : ''} armed with ${SEWERS_THUG_WEAPON} attack — Combat begins (STOP the fight: ${SEWERS_STOP_SCRIPT}; after defeating all Enemies: ${DEFEATED_ALL_SCRIPT}). Afterwards the Threat is 0`,
    );
    return {
      rolls,
      encounter,
      thugs: threat,
      weapon: SEWERS_THUG_WEAPON,
      threat: 0,
      scripts: { stop: SEWERS_STOP_SCRIPT, defeated: DEFEATED_ALL_SCRIPT },
    };
  });
}
