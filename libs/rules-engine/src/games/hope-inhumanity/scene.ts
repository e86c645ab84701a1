import { rollDie } from '../../dice/die';
import { resolve, RuleInputError } from '../../procedure';
import { Resolution } from '../../transcript';
import { requireArray, requireBoolean, requireInt, requireObject, requireOneOf, requireString } from '../twom/validate';
import { HOPE_DIE, LAST_HOPE_DICE, MIN_COMMITTED, SUCCESS_FACES } from './hope-inhumanity.rules-data';
import { requirePlayerList } from './validate';

export interface ScenePlayer {
  readonly name: string;
  readonly humanity: number;
  /**
   * Hardship added by the Harm and Hunger conditions this player suffers. The
   * seed says to add "Harm and Hunger condition penalties" but prints no
   * values, so the caller gives them from the condition cards.
   */
  readonly conditionPenalty: number;
}

export interface SceneSupport {
  readonly name: string;
  /** Humanity dice committed in support. */
  readonly dice: number;
  /** Last Hope: a supporter with no Humanity left uses one Hope die instead. */
  readonly lastHope?: boolean;
}

export interface SceneInput {
  readonly players: readonly ScenePlayer[];
  readonly active: string;
  readonly scene: {
    readonly name: string;
    /** Absent when the Scene has no hardship rating: no roll is made. */
    readonly hardship?: number;
    readonly unavoidable: boolean;
  };
  readonly decision: 'act' | 'avoid';
  /** Humanity dice the active player commits. */
  readonly committed?: number;
  readonly supporters?: readonly SceneSupport[];
  /** Dice the active player takes from the Hope pool. */
  readonly hopeDice?: number;
  readonly hopePool: number;
  /** Relationship, Personality or Trait effects on the hardship; the cards are not in the seed. */
  readonly hardshipModifier?: number;
}

export type SceneOutcome = 'succeed' | 'fail' | 'refuse' | 'respond';

export interface SceneResult {
  readonly decision: 'act' | 'avoid';
  readonly rolled: boolean;
  readonly dice?: readonly number[];
  readonly successes?: number;
  readonly totalHardship?: number;
  readonly success?: boolean;
  /** Which Scene text each player suffers or gains. */
  readonly outcomes: Readonly<Record<string, SceneOutcome>>;
  readonly humanity: Readonly<Record<string, number>>;
  readonly hopePool: number;
}

function validate(input: SceneInput) {
  const players = requirePlayerList<ScenePlayer>(input?.players, 'players');
  players.forEach((p, i) => {
    requireInt(p.humanity, `players[${i}].humanity`, { min: 0 });
    requireInt(p.conditionPenalty, `players[${i}].conditionPenalty`, { min: 0 });
  });
  const byName = new Map(players.map((p) => [p.name, p]));
  const active = byName.get(requireString(input.active, 'active'));
  if (!active) throw new RuleInputError('active', 'unknown-player', `active "${input.active}" is not among players`);
  const scene = requireObject(input.scene, 'scene');
  requireString(scene.name, 'scene.name');
  if (scene.hardship !== undefined) requireInt(scene.hardship, 'scene.hardship', { min: 0 });
  const unavoidable = requireBoolean(scene.unavoidable, 'scene.unavoidable');
  const decision = requireOneOf(input.decision, 'decision', ['act', 'avoid'] as const);
  if (decision === 'avoid' && unavoidable) {
    throw new RuleInputError('decision', 'unavoidable', 'Scene cards tagged as Unavoidable must be Acted upon');
  }
  const hopePool = requireInt(input.hopePool, 'hopePool', { min: 0 });
  if (decision === 'avoid' || scene.hardship === undefined) return { active, byName };

  const committed = requireInt(input.committed, 'committed', { min: MIN_COMMITTED, max: active.humanity });
  const supporters = requireArray<SceneSupport>(input.supporters ?? [], 'supporters', { max: players.length - 1 });
  let hopeUsed = requireInt(input.hopeDice ?? 0, 'hopeDice', { min: 0 });
  const seen = new Set<string>();
  supporters.forEach((s, i) => {
    const f = `supporters[${i}]`;
    const p = byName.get(requireString(s?.name, `${f}.name`));
    if (!p) throw new RuleInputError(`${f}.name`, 'unknown-player', `${f}.name "${s.name}" is not among players`);
    if (p === active) throw new RuleInputError(`${f}.name`, 'self-support', 'The active player cannot support themselves');
    if (seen.has(p.name)) throw new RuleInputError(`${f}.name`, 'duplicate', `${p.name} supports twice`);
    seen.add(p.name);
    if (s.lastHope) {
      if (p.humanity > 0) throw new RuleInputError(`${f}.lastHope`, 'has-humanity', 'Last Hope is only for players with no Humanity left');
      if (s.dice !== 0) throw new RuleInputError(`${f}.dice`, 'range', 'A Last Hope supporter commits no Humanity dice');
      hopeUsed += LAST_HOPE_DICE;
    } else {
      // "they cannot exceed the amount you have committed"
      requireInt(s.dice, `${f}.dice`, { min: 1, max: Math.min(committed, p.humanity) });
    }
  });
  if (hopeUsed > hopePool) {
    throw new RuleInputError('hopeDice', 'too-small', `${hopeUsed} Hope dice are used but the pool holds ${hopePool}`);
  }
  if (input.hardshipModifier !== undefined) requireInt(input.hardshipModifier, 'hardshipModifier');
  return { active, byName };
}

/** One Scene on the active player's turn: Act (with or without a roll) or Avoid. */
export function resolveScene(input: SceneInput, seed: string): Resolution<SceneResult> {
  const { active } = validate(input);
  return resolve(seed, (random, transcript) => {
    const humanity: Record<string, number> = Object.fromEntries(input.players.map((p) => [p.name, p.humanity]));
    const outcomes: Record<string, SceneOutcome> = {};
    const scene = input.scene;
    if (input.decision === 'avoid') {
      input.players.forEach((p) => (outcomes[p.name] = 'refuse'));
      transcript.add(`${active.name} avoids ${scene.name}: everyone, ${active.name} included, suffers the Refuse penalty`);
      return { decision: 'avoid', rolled: false, outcomes, humanity, hopePool: input.hopePool };
    }
    if (scene.hardship === undefined) {
      input.players.forEach((p) => (outcomes[p.name] = 'respond'));
      transcript.add(`${scene.name} has no hardship rating: each player chooses a response in turn, ${active.name} last`);
      return { decision: 'act', rolled: false, outcomes, humanity, hopePool: input.hopePool };
    }
    const committed = input.committed!;
    const supporters = input.supporters ?? [];
    let hopePool = input.hopePool;
    let dice = committed;
    humanity[active.name] -= committed;
    transcript.add(`${active.name} acts on ${scene.name} and commits ${committed} Humanity ${committed === 1 ? 'die' : 'dice'}`);
    for (const s of supporters) {
      if (s.lastHope) {
        hopePool -= LAST_HOPE_DICE;
        dice += LAST_HOPE_DICE;
        transcript.add(`${s.name} has no Humanity left and invokes Last Hope: ${LAST_HOPE_DICE} Hope die`);
      } else {
        humanity[s.name] -= s.dice;
        dice += s.dice;
        transcript.add(`${s.name} supports with ${s.dice} Humanity dice (no more than the ${committed} committed)`);
      }
    }
    const hope = input.hopeDice ?? 0;
    if (hope > 0) {
      hopePool -= hope;
      dice += hope;
      transcript.add(`${active.name} adds ${hope} ${hope === 1 ? 'die' : 'dice'} from the Hope pool`);
    }
    const modifier = input.hardshipModifier ?? 0;
    const total = scene.hardship + active.conditionPenalty + modifier;
    transcript.add(
      `Total hardship = Scene ${scene.hardship} + condition penalties ${active.conditionPenalty}${modifier ? ` + card effects ${modifier}` : ''} = ${total}`,
    );
    const values = Array.from({ length: dice }, () => rollDie(random, HOPE_DIE).value as number);
    const successes = values.filter((v) => SUCCESS_FACES.includes(v)).length;
    const success = successes >= total;
    transcript.add(`Rolled ${dice} dice: ${values.join(', ')} — ${successes} success${successes === 1 ? '' : 'es'} (4, 5, 6) against hardship ${total}: ${success ? 'success' : 'failure'}`, {
      die: HOPE_DIE.id,
      detail: { values },
    });
    const helpers = new Set([active.name, ...supporters.map((s) => s.name)]);
    input.players.forEach((p) => (outcomes[p.name] = helpers.has(p.name) ? (success ? 'succeed' : 'fail') : 'refuse'));
    const refusers = input.players.filter((p) => !helpers.has(p.name)).map((p) => p.name);
    if (refusers.length) transcript.add(`${refusers.join(', ')} ${refusers.length > 1 ? 'refused to support and suffer' : 'refused to support and suffers'} the Refuse penalty`);
    transcript.add(`${[...helpers].join(', ')} ${success ? 'gain the Succeed benefits' : 'suffer the Fail penalty'}; committed Humanity dice are lost`);
    return { decision: 'act', rolled: true, dice: values, successes, totalHardship: total, success, outcomes, humanity, hopePool };
  });
}
