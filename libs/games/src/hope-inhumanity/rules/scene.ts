import { rollDie } from '@scriptbook/rules-engine';
import { z } from 'zod';
import { defineProcedure } from '@scriptbook/rules-engine';
import { describedEnum, named } from '@scriptbook/rules-engine';
import { count, nameText, refuse, seededRunner, uniqueNames } from '@scriptbook/rules-engine';
import { HOPE_DICE_SPENT_REASONING, HOPE_DIE, HOPE_INHUMANITY_GAME_ID, LAST_HOPE_DICE, MIN_COMMITTED, MIN_PLAYERS, SUCCESS_FACES } from './hope-inhumanity.rules-data';

const sceneOutcome = describedEnum('HopeSceneOutcome', {
  succeed: 'Gains the Succeed benefits of the Scene card.',
  fail: 'Suffers the Fail penalty of the Scene card.',
  refuse: 'Suffers the Refuse penalty of the Scene card.',
  respond: 'Chooses how to respond to a Scene with no hardship rating.',
}).describe('Which Scene text a player suffers or gains.');

export type SceneOutcome = z.output<typeof sceneOutcome>;

const decision = describedEnum('HopeSceneDecision', {
  act: 'The active player Acts on the Scene.',
  avoid: 'The active player Avoids the Scene (not allowed for Unavoidable Scenes).',
}).describe('Act on the Scene or Avoid it.');

const input = z
  .object({
    players: z
      .array(
        z
          .object({
            name: nameText('The player, unique at the table.'),
            humanity: count('Humanity dice the player has left.'),
            conditionPenalty: count(
              'Hardship added by the Harm and Hunger conditions this player suffers. The rulebook says to add "Harm and Hunger condition penalties" but prints no values, so the table gives them from the condition cards.',
            ),
          })
          .describe('A player at the table.'),
      )
      .min(MIN_PLAYERS)
      .superRefine(uniqueNames)
      .describe('Every player at the table, any number (rulebook 003 gives none), each name once.'),
    active: nameText('The player whose turn it is; one of `players`.'),
    scene: named(
      'HopeDrawnScene',
      z
        .object({
          name: nameText('The Scene card as printed.'),
          hardship: count('Its hardship rating; leave it out when the Scene has none (no roll is made).').optional(),
          unavoidable: z.boolean().describe('Whether the card is marked Unavoidable.'),
        })
        .describe('The Scene card drawn.'),
    ),
    decision,
    committed: z.number().int().min(MIN_COMMITTED).optional().describe('Humanity dice the active player commits when Acting on a Scene with hardship; at least 1, at most their Humanity.'),
    supporters: z
      .array(
        z
          .object({
            name: nameText('The supporting player; one of `players`, not the active one.'),
            dice: count('Humanity dice committed in support; no more than the active player committed. 0 with Last Hope.'),
            lastHope: z.boolean().optional().describe('Last Hope: a supporter with no Humanity left uses one Hope die instead.'),
          })
          .describe('A player supporting the active one.'),
      )
      .optional()
      .describe('Players who support the active player; the others refuse.'),
    hopeDice: count('Dice the active player takes from the Hope pool.').optional(),
    hopePool: count('Dice in the Hope pool now.'),
    hardshipModifier: z
      .number()
      .int()
      .optional()
      .describe('Relationship, Personality or Trait effects on the hardship; the cards are not in the rulebook, so the table gives the sum.'),
  })
  .strict()
  .describe("A Scene on the active player's turn and everyone's choices.");

const result = z
  .object({
    decision,
    rolled: z.boolean().describe('Whether dice were rolled (not when Avoiding or when the Scene has no hardship).'),
    dice: z.array(z.number().int().min(1).max(6).describe('A die face.')).optional().describe('The faces rolled, when dice were rolled.'),
    successes: count('Faces of 4, 5 or 6.').optional(),
    totalHardship: z.number().int().optional().describe('Scene hardship + condition penalties + card effects.'),
    success: z.boolean().optional().describe('Whether the successes reached the total hardship.'),
    outcomes: z.record(sceneOutcome).describe('Each player → the Scene text they suffer or gain.'),
    humanity: z.record(count('Humanity dice left.')).describe('Each player → Humanity dice left.'),
    hopePool: count(
      'Dice left in the Hope pool, the Hope dice used taken out: rulebook 003 does not say whether they return, so the steps that take them carry that reading as `inferred`.',
    ),
  })
  .describe('How the Scene went for everyone.');

type SceneInput = z.output<typeof input>;
type ScenePlayer = SceneInput['players'][number];

/** Rules that depend on several fields: who is active, who may support, what the pool holds. */
function checkScene(scene: SceneInput): ScenePlayer {
  const byName = new Map(scene.players.map((p) => [p.name, p]));
  const active = byName.get(scene.active);
  if (!active) refuse('active', 'unknown-player', `active "${scene.active}" is not among players`);
  if (scene.decision === 'avoid' && scene.scene.unavoidable) refuse('decision', 'unavoidable', 'Scene cards tagged as Unavoidable must be Acted upon');
  if (scene.decision === 'avoid' || scene.scene.hardship === undefined) return active;

  const committed = scene.committed;
  if (committed === undefined) refuse('committed', 'required', 'committed is required to Act on a Scene with hardship');
  if (committed > active.humanity) refuse('committed', 'range', `committed must be from ${MIN_COMMITTED} to ${active.humanity}, got ${committed}`);
  const supporters = scene.supporters ?? [];
  if (supporters.length > scene.players.length - 1) refuse('supporters', 'range', `supporters must hold at most ${scene.players.length - 1} players`);
  let hopeUsed = scene.hopeDice ?? 0;
  const seen = new Set<string>();
  supporters.forEach((s, i) => {
    const f = `supporters[${i}]`;
    const p = byName.get(s.name);
    if (!p) refuse(`${f}.name`, 'unknown-player', `${f}.name "${s.name}" is not among players`);
    if (p === active) refuse(`${f}.name`, 'self-support', 'The active player cannot support themselves');
    if (seen.has(p.name)) refuse(`${f}.name`, 'duplicate', `${p.name} supports twice`);
    seen.add(p.name);
    if (s.lastHope) {
      if (p.humanity > 0) refuse(`${f}.lastHope`, 'has-humanity', 'Last Hope is only for players with no Humanity left');
      if (s.dice !== 0) refuse(`${f}.dice`, 'range', 'A Last Hope supporter commits no Humanity dice');
      hopeUsed += LAST_HOPE_DICE;
    } else if (s.dice < 1 || s.dice > Math.min(committed, p.humanity)) {
      // "they cannot exceed the amount you have committed"
      refuse(`${f}.dice`, 'range', `${f}.dice must be from 1 to ${Math.min(committed, p.humanity)}, got ${s.dice}`);
    }
  });
  if (hopeUsed > scene.hopePool) refuse('hopeDice', 'too-small', `${hopeUsed} Hope dice are used but the pool holds ${scene.hopePool}`);
  return active;
}

/** One Scene on the active player's turn: Act (with or without a roll) or Avoid. */
export const hopeSceneProcedure = defineProcedure({
  id: 'hope-inhumanity.scene',
  gameId: HOPE_INHUMANITY_GAME_ID,
  field: 'hopeScene',
  description: 'A Scene: commit Humanity, support, Last Hope, Hope dice, roll against total hardship; Refuse / Succeed / Fail',
  draws: true,
  input,
  result,
  run: (input, { random, transcript }) => {
    const active = checkScene(input);
    const humanity: Record<string, number> = Object.fromEntries(input.players.map((p) => [p.name, p.humanity]));
    const outcomes: Record<string, SceneOutcome> = {};
    const scene = input.scene;
    if (input.decision === 'avoid') {
      input.players.forEach((p) => (outcomes[p.name] = 'refuse'));
      transcript.add(`${active.name} avoids ${scene.name}: everyone, ${active.name} included, suffers the Refuse penalty`);
      return { decision: 'avoid' as const, rolled: false, outcomes, humanity, hopePool: input.hopePool };
    }
    if (scene.hardship === undefined) {
      input.players.forEach((p) => (outcomes[p.name] = 'respond'));
      transcript.add(`${scene.name} has no hardship rating: each player chooses a response in turn, ${active.name} last`);
      return { decision: 'act' as const, rolled: false, outcomes, humanity, hopePool: input.hopePool };
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
        transcript.add(`${s.name} has no Humanity left and invokes Last Hope: ${LAST_HOPE_DICE} Hope die, taken out of the pool (inferred)`, {
          inference: { reasoning: HOPE_DICE_SPENT_REASONING },
        });
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
      transcript.add(`${active.name} adds ${hope} ${hope === 1 ? 'die' : 'dice'} from the Hope pool, taken out of it (inferred)`, {
        inference: { reasoning: HOPE_DICE_SPENT_REASONING },
      });
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
    return { decision: 'act' as const, rolled: true, dice: values, successes, totalHardship: total, success, outcomes, humanity, hopePool };
  },
});

export type SceneResult = z.output<typeof result>;
export type { SceneInput };
export const resolveScene = seededRunner<z.input<typeof input>, SceneResult>(hopeSceneProcedure);
