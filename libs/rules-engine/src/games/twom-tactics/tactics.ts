import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { rollBlack, rollOnTable } from '../twom/black-die';
import { requireArray, requireBoolean, requireInt, requireOneOf, requireString } from '../twom/validate';
import { requireGroup, rollWithProwess, TacticsCharacter } from './prowess';
import {
  ALARM_TABLE,
  FLEE_MOVE,
  HIDE_MARK_DISTANCE,
  LOCATION_SIZES,
  LocationSize,
  MAP_SIDE,
  SOLDIER_MINIS,
  TACTICS_TOKENS,
  TOKENS_PER_DOUBLE_ICON,
  TOKENS_PER_SINGLE_ICON,
  UNMARK_TABLE,
} from './twom-tactics.rules-data';

export interface MapSetupInput {
  readonly locationSize: LocationSize;
  /** Spaces with a single / double Tactics-token icon on the chosen side; the seed does not count them. */
  readonly singleIconSpaces: number;
  readonly doubleIconSpaces: number;
}

export interface MapSetupResult {
  readonly side: 'A' | 'B';
  readonly tokensPlaced: number;
  readonly tokensLeft: number;
}

/** Setup: the map side from the Location's size, then the Tactics tokens. */
export function setupTacticsMap(input: MapSetupInput, seed: string): Resolution<MapSetupResult> {
  const size = requireOneOf(input?.locationSize, 'locationSize', LOCATION_SIZES);
  const single = requireInt(input.singleIconSpaces, 'singleIconSpaces', { min: 0 });
  const double = requireInt(input.doubleIconSpaces, 'doubleIconSpaces', { min: 0 });
  const placed = single * TOKENS_PER_SINGLE_ICON + double * TOKENS_PER_DOUBLE_ICON;
  if (placed > TACTICS_TOKENS) {
    throw new RuleInputError('doubleIconSpaces', 'max', `Those spaces need ${placed} Tactics tokens but the game has ${TACTICS_TOKENS}`);
  }
  return resolve(seed, (_random, transcript) => {
    const side = MAP_SIDE[size];
    transcript.add(`A ${size} Location: use side ${side} of the Tactics Map`);
    transcript.add(`Placed ${placed} Tactics tokens (${single} single-icon spaces × ${TOKENS_PER_SINGLE_ICON}, ${double} double-icon spaces × ${TOKENS_PER_DOUBLE_ICON})`);
    return { side, tokensPlaced: placed, tokensLeft: TACTICS_TOKENS - placed };
  });
}

export interface StartingSpacesInput {
  readonly characters: readonly string[];
}

export interface StartingSpacesResult {
  readonly spaces: Readonly<Record<string, number>>;
  /** Characters sharing a space form a group. */
  readonly groups: readonly { readonly space: number; readonly characters: readonly string[] }[];
}

/** "Roll the Black die for each Character in the group and place the Characters on the spaces ... that correspond to the results". */
export function rollStartingSpaces(input: StartingSpacesInput, seed: string): Resolution<StartingSpacesResult> {
  const names = requireArray<string>(input?.characters, 'characters', { min: 1 }).map((n, i) => requireString(n, `characters[${i}]`));
  if (new Set(names).size !== names.length) throw new RuleInputError('characters', 'duplicate', 'characters must have different names');
  return resolve(seed, (random, transcript) => {
    const spaces: Record<string, number> = {};
    for (const name of names) spaces[name] = rollBlack(random, transcript, `${name}'s starting space`);
    const bySpace = new Map<number, string[]>();
    names.forEach((n) => bySpace.set(spaces[n], [...(bySpace.get(spaces[n]) ?? []), n]));
    const groups = [...bySpace.entries()].sort(([a], [b]) => a - b).map(([space, characters]) => ({ space, characters }));
    groups
      .filter((g) => g.characters.length > 1)
      .forEach((g) => transcript.add(`${g.characters.join(' and ')} share space ${g.space} and form a group`));
    return { spaces, groups };
  });
}

export interface TestInput {
  /** The Character or the group that finished its move. */
  readonly group: readonly TacticsCharacter[];
  /** The Hide / Noise modifier of the performed Action. */
  readonly actionModifier: number;
  /** The blue (Hide) or red (Noise) number on the space. */
  readonly spaceValue: number;
  readonly useProwess: boolean;
}

export interface HideResult {
  readonly hide: number;
  readonly rolls: readonly number[];
  readonly spotted: boolean;
  /** Where to mark the Enemy when not spotted. */
  readonly markEnemySpacesAway?: number;
}

function requireTest(input: TestInput) {
  const group = requireGroup(input?.group, 'group');
  const modifier = requireInt(input.actionModifier, 'actionModifier');
  const space = requireInt(input.spaceValue, 'spaceValue');
  const useProwess = requireBoolean(input.useProwess, 'useProwess');
  return { group, target: modifier + space, useProwess };
}

/** Hide test: "If the result is lower than or equal to the Hide statistic, an Enemy did not spot you." */
export function hideTest(input: TestInput, seed: string): Resolution<HideResult> {
  const { group, target, useProwess } = requireTest(input);
  return resolve(seed, (random, transcript) => {
    transcript.add(`Hide = Action modifier ${input.actionModifier} + blue number ${input.spaceValue} = ${target}`);
    const { rolls, final } = rollWithProwess(random, transcript, `the Hide test (Hide ${target})`, group, useProwess, (r) => r <= target);
    if (final <= target) {
      transcript.add(`${final} ≤ Hide ${target}: the Enemy did not spot you. Mark the Enemy ${HIDE_MARK_DISTANCE} spaces away`);
      return { hide: target, rolls, spotted: false, markEnemySpacesAway: HIDE_MARK_DISTANCE };
    }
    transcript.add(`${final} > Hide ${target}: an Enemy has spotted you and Combat begins`);
    return { hide: target, rolls, spotted: true };
  });
}

export interface NoiseResult {
  readonly noise: number;
  readonly rolls: readonly number[];
  readonly heard: boolean;
}

/** Noise test: "If the result is lower than or equal to the Noise, an Enemy has heard you – resolve a Noise card." */
export function noiseTest(input: TestInput, seed: string): Resolution<NoiseResult> {
  const { group, target, useProwess } = requireTest(input);
  return resolve(seed, (random, transcript) => {
    transcript.add(`Noise = Action modifier ${input.actionModifier} + red number ${input.spaceValue} = ${target}`);
    const { rolls, final } = rollWithProwess(random, transcript, `the Noise test (Noise ${target})`, group, useProwess, (r) => r > target);
    const heard = final <= target;
    transcript.add(heard ? `${final} ≤ Noise ${target}: an Enemy has heard you – resolve a Noise card` : `${final} > Noise ${target}: no Enemies heard you`);
    return { noise: target, rolls, heard };
  });
}

export interface UnmarkInput {
  /** Spaces (or labels) of the marked Enemies. */
  readonly marked: readonly string[];
}

export interface UnmarkResult {
  readonly rolls: Readonly<Record<string, number>>;
  readonly unmarked: readonly string[];
  readonly stillMarked: readonly string[];
}

/** "At the beginning of each turn roll the Black die for each marked Enemy." */
export function unmarkEnemies(input: UnmarkInput, seed: string): Resolution<UnmarkResult> {
  const marked = requireArray<string>(input?.marked, 'marked', { max: SOLDIER_MINIS }).map((m, i) => requireString(m, `marked[${i}]`));
  if (new Set(marked).size !== marked.length) throw new RuleInputError('marked', 'duplicate', 'marked Enemies must have different labels');
  return resolve(seed, (random, transcript) => {
    const rolls: Record<string, number> = {};
    const unmarked: string[] = [];
    const still: string[] = [];
    for (const m of marked) {
      const { roll, row } = rollOnTable(random, transcript, UNMARK_TABLE, `the Enemy marked at ${m}`);
      rolls[m] = roll;
      (row.outcome ? unmarked : still).push(m);
    }
    if (marked.length === 0) transcript.add('No Enemy is marked: nothing to roll');
    return { rolls, unmarked, stillMarked: still };
  });
}

export interface AlarmInput {
  /** Who fired (a Character or an Enemy). */
  readonly shooter: string;
}

export interface AlarmResult {
  readonly roll: number;
  readonly alarm: boolean;
}

/** "Whenever a Character or an Enemy uses a Firearm ... roll the Black die. Result = 1-5 – activate the Alarm card." */
export function alarmRoll(input: AlarmInput, seed: string): Resolution<AlarmResult> {
  const shooter = requireString(input?.shooter, 'shooter');
  return resolve(seed, (random, transcript) => {
    const { roll, row } = rollOnTable(random, transcript, ALARM_TABLE, `${shooter}'s shot`);
    return { roll, alarm: row.outcome };
  });
}

export interface FleeInput {
  readonly fleeing: readonly string[];
}

export interface FleeResult {
  readonly steps: readonly string[];
  readonly move: number;
  readonly alarm: true;
  readonly turnEnds: true;
}

/** Fleeing from Combat in Tactics mode; no die is rolled by this rule itself. */
export function fleeCombat(input: FleeInput, seed: string): Resolution<FleeResult> {
  const fleeing = requireArray<string>(input?.fleeing, 'fleeing', { min: 1 }).map((n, i) => requireString(n, `fleeing[${i}]`));
  return resolve(seed, (_random, transcript) => {
    const who = fleeing.join(' and ');
    const steps = [
      `An Enemy performs a Backstab on ${who}`,
      `After the Backstab, ${who} move${fleeing.length > 1 ? '' : 's'} ${FLEE_MOVE} spaces from the Combat Location`,
      'Activate the Alarm card',
      'Finish the turn',
    ];
    steps.forEach((s) => transcript.add(s));
    return { steps, move: FLEE_MOVE, alarm: true, turnEnds: true };
  });
}
