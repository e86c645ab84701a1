import { resolve, RuleInputError } from '../../procedure';
import { Resolution, Transcript } from '../../transcript';
import { rollBlack, rollOnTable } from '../twom/black-die';
import { requireArray, requireBoolean, requireInt, requireObject, requireOneOf, requireString, requireUniqueNames } from '../twom/validate';
import {
  COVER_ROLL_CARDS,
  LUKA_DAWN_TABLE,
  LUKA_LEVELS,
  LukaLevel,
  NEEDS_DAWN_RAISE,
  REFUGEES_DAWN,
} from './twom-tales.rules-data';

export interface LukaDawnInput {
  readonly condition: LukaLevel;
  /** Whether Wounded Luka was given Bandages. */
  readonly bandaged: boolean;
}

export interface LukaDawnResult {
  readonly roll?: number;
  /** True when the roll sends the players to Blood In The Snow script 2. */
  readonly script2: boolean;
  readonly condition: LukaLevel;
  readonly bandagesDiscarded: boolean;
  /** The card ends with "Make a roll on the Suspicions chart"; the chart is on the Scenario sheet, not in the seed. */
  readonly suspicionsRollDue: true;
}

/**
 * Moves along the Wounded Luka card. The card prints three levels, Heavily
 * Wounded at the top; nothing above it is printed, so "up" stops there.
 */
function moveLuka(level: LukaLevel, up: boolean): LukaLevel {
  const i = LUKA_LEVELS.indexOf(level) + (up ? -1 : 1);
  return LUKA_LEVELS[Math.max(0, Math.min(LUKA_LEVELS.length - 1, i))];
}

/** Blood in the Snow Dawn Phase card. */
export function lukaDawn(input: LukaDawnInput, seed: string): Resolution<LukaDawnResult> {
  const condition = requireOneOf(input?.condition, 'condition', LUKA_LEVELS);
  const bandaged = requireBoolean(input.bandaged, 'bandaged');
  if (condition === 'Dead') throw new RuleInputError('condition', 'dead', 'Luka is Dead; the Dawn Phase card no longer applies to him');
  return resolve(seed, (random, transcript) => {
    let roll: number | undefined;
    let script2 = false;
    if (condition === 'Heavily Wounded') {
      const res = rollOnTable(random, transcript, LUKA_DAWN_TABLE, 'Luka (Heavily Wounded)');
      roll = res.roll;
      script2 = res.row.outcome;
    } else {
      transcript.add(`Luka is at ${condition}, not Heavily Wounded: no roll`);
    }
    const after = moveLuka(condition, bandaged);
    transcript.add(
      bandaged
        ? `Luka was given Bandages: Condition moves up by 1 (${condition} → ${after}); discard the Bandages`
        : `Luka was not given Bandages: Condition moves down by 1 (${condition} → ${after})`,
    );
    transcript.add('Make a roll on the Suspicions chart (Scenario sheet)');
    return { ...(roll !== undefined ? { roll } : {}), script2, condition: after, bandagesDiscarded: bandaged, suspicionsRollDue: true };
  });
}

/**
 * Ends of a track the seed does not print (the Cover and Condition tracks are
 * on the back of the Scenario sheet). Given, values are kept inside them.
 */
export interface TrackBounds {
  readonly min: number;
  readonly max: number;
}

function requireBounds(value: unknown, field: string): TrackBounds | undefined {
  if (value === undefined) return undefined;
  const o = requireObject(value, field);
  const min = requireInt(o.min, `${field}.min`);
  const max = requireInt(o.max, `${field}.max`, { min });
  return { min, max };
}

function clamp(n: number, bounds?: TrackBounds): number {
  return bounds ? Math.max(bounds.min, Math.min(bounds.max, n)) : n;
}

function coverRoll(random: Parameters<typeof rollBlack>[0], transcript: Transcript, cover: number, loss: number, bounds?: TrackBounds) {
  const roll = rollBlack(random, transcript, `the Cover roll (Cover ${cover})`);
  if (roll > cover) {
    const after = clamp(cover - loss, bounds);
    transcript.add(`${roll} is higher than the Cover ${cover}: lower the Cover by ${loss} (${cover} → ${after})`);
    return { roll, cover: after };
  }
  transcript.add(`${roll} is not higher than the Cover ${cover}: the Refugees stay hidden`);
  return { roll, cover };
}

export interface RefugeesDawnInput {
  readonly cover: number;
  readonly condition: number;
  readonly coldTokens: number;
  readonly boardUps: number;
  readonly coverTrack?: TrackBounds;
  readonly conditionTrack?: TrackBounds;
}

export interface RefugeesDawnResult {
  readonly coldRoll: number;
  readonly coverRoll: number;
  readonly cover: number;
  readonly condition: number;
}

/**
 * Refugees Dawn Phase card, step by step in printed order, including its
 * closing "Lower the Condition by 2." as the seed prints it.
 */
export function refugeesDawn(input: RefugeesDawnInput, seed: string): Resolution<RefugeesDawnResult> {
  const coverTrack = requireBounds(input?.coverTrack, 'coverTrack');
  const conditionTrack = requireBounds(input.conditionTrack, 'conditionTrack');
  const cover0 = requireInt(input.cover, 'cover', coverTrack ?? {});
  const condition0 = requireInt(input.condition, 'condition', conditionTrack ?? {});
  const cold = requireInt(input.coldTokens, 'coldTokens', { min: 0 });
  const boardUps = requireInt(input.boardUps, 'boardUps', { min: 0 });
  return resolve(seed, (random, transcript) => {
    let condition = condition0;
    const threshold = cold - boardUps;
    const coldRoll = rollBlack(random, transcript, `the cold (Cold ${cold} − Board-Ups ${boardUps} = ${threshold})`);
    if (coldRoll <= threshold) {
      const after = clamp(condition - REFUGEES_DAWN.coldConditionLoss, conditionTrack);
      transcript.add(`${coldRoll} ≤ ${threshold}: lower the Condition by ${REFUGEES_DAWN.coldConditionLoss} (${condition} → ${after})`);
      condition = after;
    } else {
      transcript.add(`${coldRoll} > ${threshold}: the cold does not hurt the Refugees`);
    }
    const cr = coverRoll(random, transcript, cover0, REFUGEES_DAWN.coverRollLoss, coverTrack);
    let cover = cr.cover;
    for (const band of [REFUGEES_DAWN.lowCondition, REFUGEES_DAWN.highCondition]) {
      if (condition >= band.from && condition <= band.to) {
        const after = clamp(cover + band.coverChange, coverTrack);
        transcript.add(`Condition ${condition} (${band.from} or ${band.to}): ${band.coverChange < 0 ? 'lower' : 'raise'} the Cover by ${Math.abs(band.coverChange)} (${cover} → ${after})`);
        cover = after;
      }
    }
    const finalCondition = clamp(condition + REFUGEES_DAWN.finalConditionChange, conditionTrack);
    transcript.add(`Lower the Condition by ${-REFUGEES_DAWN.finalConditionChange} (${condition} → ${finalCondition})`);
    return { coldRoll, coverRoll: cr.roll, cover, condition: finalCondition };
  });
}

export interface CoverRollInput {
  /** The Refugees card that calls for the roll. */
  readonly card: string;
  readonly cover: number;
  readonly coverTrack?: TrackBounds;
}

export interface CoverRollResult {
  readonly roll: number;
  readonly cover: number;
}

/** "Make the Cover roll using the Black die" from a Refugees Visitors / Night Raids card. */
export function refugeesCoverRoll(input: CoverRollInput, seed: string): Resolution<CoverRollResult> {
  const card = requireOneOf(input?.card, 'card', Object.keys(COVER_ROLL_CARDS));
  const coverTrack = requireBounds(input.coverTrack, 'coverTrack');
  const cover = requireInt(input.cover, 'cover', coverTrack ?? {});
  return resolve(seed, (random, transcript) => {
    transcript.add(`${card}: make the Cover roll; if higher than the Cover, lower it by ${COVER_ROLL_CARDS[card]}`);
    return coverRoll(random, transcript, cover, COVER_ROLL_CARDS[card], coverTrack);
  });
}

export interface Neighbour {
  readonly name: string;
  readonly needs: number;
}

export interface SideBySideDawnInput {
  readonly neighbours: readonly Neighbour[];
  /** Whether Vladimir's card lies with its red side face-up. */
  readonly vladimirRedSide: boolean;
}

export interface SideBySideDawnResult {
  readonly neighbours: readonly Neighbour[];
  readonly vladimirToken: 'visit-the-neighbours' | 'vladimir-card';
}

/** Side By Side Dawn Phase card. The Needs tracks' ends are on the Scenario sheet, not in the seed. */
export function sideBySideDawn(input: SideBySideDawnInput, seed: string): Resolution<SideBySideDawnResult> {
  const neighbours = requireArray<Neighbour>(input?.neighbours, 'neighbours', { min: 1 });
  neighbours.forEach((n, i) => {
    requireString(n?.name, `neighbours[${i}].name`);
    requireInt(n.needs, `neighbours[${i}].needs`, { min: 0 });
  });
  requireUniqueNames(neighbours.map((n) => n.name), 'neighbours');
  const red = requireBoolean(input.vladimirRedSide, 'vladimirRedSide');
  return resolve(seed, (_random, transcript) => {
    const after = neighbours.map((n) => ({ name: n.name, needs: n.needs + NEEDS_DAWN_RAISE }));
    transcript.add(`Raised the Needs of all Neighbours by ${NEEDS_DAWN_RAISE}: ${after.map((n) => `${n.name} ${n.needs}`).join(', ')}`);
    transcript.add(
      red
        ? "Vladimir's card is red side up: move the Vladimir token to the Visit the Neighbors action space"
        : "Vladimir's card is not red side up: the Vladimir token stays on his card",
    );
    return { neighbours: after, vladimirToken: red ? 'visit-the-neighbours' : 'vladimir-card' };
  });
}
