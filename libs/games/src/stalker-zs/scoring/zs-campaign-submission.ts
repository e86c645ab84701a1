import { z } from 'zod';
import { RuleInputError } from '@scriptbook/rules-engine';
import { graphqlId } from '@scriptbook/schema';
import type { CampaignRecord } from '../../game-scoring';
import { zoneSurvivalStateSchema } from '../campaign/zone-survival-state';
import { zoneSurvivalSetupProcedure } from '../rules/zs.setup';
import { declaredCard, requestOutcome, ZsSubmission } from './zs-scoring.schemas';

/**
 * What the table adds to a Zone Survival campaign's record when it submits
 * the game: only what the table decides. The Scenario, Stalker count, Setup
 * cards and Event deck come from the campaign's setup, the Map, Stalkers and
 * Rounds from its actions.
 */
export const zsCampaignTableSchema = z
  .object({
    objectiveMet: z
      .boolean()
      .nullish()
      .describe('Whether the main Objective was met. Required where the Scenario has no value target; in Gather Supplies it defaults to whether the value collected reaches the target.'),
    collectedValue: z
      .number()
      .int()
      .nullish()
      .describe(
        "Gather Supplies: the value of the stuff collected, in K, starting Equipment included. Left out, the campaign's own count (its `adjust-value` actions) is used; given while the campaign counted a value, it must be the same.",
      ),
    requests: z
      .array(requestOutcome)
      .nullish()
      .describe('Every card with the Request tag in the game, each once, with whether its condition was met. A Request the campaign recorded as fulfilled counts as met and may not be given as unmet.'),
    tableCardIds: z
      .array(graphqlId(z.string()))
      .nullish()
      .describe(
        'Cards the record leaves to the table, each once: a Setup slot the setup could not deal (a card the content does not hold) and that `start-scenario` did not record, the Event deck when the setup gave only its size, and every Character card that came into the game. Cards the setup dealt are never listed here.',
      ),
    declaredCards: z.array(declaredCard).nullish().describe('Modifiers for the cards the catalogue cannot score, dealt or added by the table; needed on a victory for each such card.'),
  })
  .describe("What the table adds to a Zone Survival campaign's record: the outcome, the cards it drew itself, and the icons of cards the catalogue cannot score.");
export type ZsCampaignTable = z.infer<typeof zsCampaignTableSchema>;

type ZoneSurvivalState = z.output<typeof zoneSurvivalStateSchema>;

/** The game a submission from a campaign plays: what the record fixes, by the submission's own field names. */
const RECORD_FIELDS = new Set(['scenarioId', 'mapId', 'stalkerCount', 'stalkers', 'roundsPlayed']);

const refuse = (field: string, rule: string, message: string): never => {
  throw new RuleInputError(field, rule, message);
};

function stateOf(json: unknown, which: string): ZoneSurvivalState {
  const parsed = zoneSurvivalStateSchema.safeParse(json);
  if (!parsed.success) return refuse('campaignId', 'game', `the campaign's ${which} state is not a Zone Survival game's`);
  return parsed.data;
}

/**
 * A submission made from a campaign's record and what the table adds. The
 * record must be a game the platform dealt and played to its end; where the
 * record and the table disagree, the refusal names the table's field, and
 * where the record cannot be a finished game (more Rounds than its dealt
 * Event deck holds), it names `campaignId`.
 */
export function zsSubmissionFromCampaign(record: CampaignRecord, table: ZsCampaignTable): ZsSubmission {
  if (record.setupProcedureId !== zoneSurvivalSetupProcedure.id) {
    refuse('campaignId', 'dealt-by-platform', `the campaign was not set up by the rules engine's ${zoneSurvivalSetupProcedure.id}; submit its cards instead`);
  }
  const dealt = stateOf(record.dealtState, 'dealt');
  const now = stateOf(record.state, 'current');
  if (dealt.scenarioId === null || dealt.stalkerCount === undefined) refuse('campaignId', 'dealt-by-platform', 'the campaign holds no dealt Scenario');
  if (!now.finished) refuse('campaignId', 'finished', 'the campaign has not ended: record `finish-scenario` first');
  if (now.mapId === null || now.stalkers.length === 0) refuse('campaignId', 'started', 'the campaign never started its Scenario (`start-scenario` names the Map and the Stalkers)');
  if (now.scenarioId !== dealt.scenarioId) refuse('campaignId', 'dealt-scenario', `the campaign was dealt ${dealt.scenarioId}, not ${now.scenarioId}`);
  const deckSize = dealt.eventDeck?.size ?? null;
  if (now.round < 1) refuse('campaignId', 'rounds-played', 'the campaign recorded no Round (`advance-round`)');
  if (deckSize !== null && now.round > deckSize) {
    refuse('campaignId', 'rounds-beyond-event-deck', `the campaign recorded ${now.round} Rounds, but its dealt Event deck holds ${deckSize} cards, one a Round`);
  }

  // A slot the setup dealt keeps its card; a slot it left to the table may hold the card `start-scenario` recorded.
  const dealtCards: string[] = [];
  const recordedByTable: string[] = [];
  dealt.setupCards.forEach((card, slot) => {
    const recorded = now.setupCards[slot] ?? null;
    if (card !== null && recorded !== card) refuse('campaignId', 'dealt-setup-cards', `Setup slot ${slot + 1} was dealt ${card}, but the campaign records ${recorded}`);
    if (card !== null) dealtCards.push(card);
    else if (recorded !== null) recordedByTable.push(recorded);
  });
  dealtCards.push(...(dealt.eventDeck?.cards ?? []));

  const tableCards = table.tableCardIds ?? [];
  tableCards.forEach((id, i) => {
    if (dealtCards.includes(id) || recordedByTable.includes(id)) refuse(`tableCardIds[${i}]`, 'in-record', `${id} is in the campaign's record already`);
  });

  const recordedValue = now.collectedValue > 0 ? now.collectedValue : null;
  if (table.collectedValue != null && recordedValue !== null && table.collectedValue !== recordedValue) {
    refuse('collectedValue', 'record-mismatch', `the campaign recorded ${recordedValue} K collected`);
  }
  const requests = [...(table.requests ?? [])];
  requests.forEach((request, i) => {
    if (now.requestsFulfilled.includes(request.cardId) && !request.met) refuse(`requests[${i}].met`, 'record-mismatch', `the campaign recorded ${request.cardId} as fulfilled`);
  });
  for (const fulfilled of now.requestsFulfilled) if (!requests.some((r) => r.cardId === fulfilled)) requests.push({ cardId: fulfilled, met: true });

  return {
    scenarioId: dealt.scenarioId!,
    mapId: now.mapId!,
    stalkerCount: dealt.stalkerCount!,
    stalkers: [...now.stalkers],
    roundsPlayed: now.round,
    objectiveMet: table.objectiveMet ?? null,
    collectedValue: table.collectedValue ?? recordedValue,
    requests,
    cardIds: [...dealtCards, ...recordedByTable, ...tableCards],
    declaredCards: table.declaredCards ?? [],
  };
}

/**
 * A refusal of the submission a campaign made, named by what the table sent:
 * a field the record fixes is the record's (`campaignId`), a card of the
 * list is the record's or the table's by where it came from.
 */
export function zsCampaignRefusal(error: RuleInputError, submission: ZsSubmission, table: ZsCampaignTable): RuleInputError {
  const tableCards = table.tableCardIds ?? [];
  const firstTableCard = submission.cardIds.length - tableCards.length;
  const indexed = /^cardIds\[(\d+)\]$/.exec(error.field);
  let field = error.field;
  if (RECORD_FIELDS.has(error.field)) field = 'campaignId';
  else if (error.field === 'cardIds') field = tableCards.length ? 'tableCardIds' : 'campaignId';
  else if (indexed) field = Number(indexed[1]) >= firstTableCard ? `tableCardIds[${Number(indexed[1]) - firstTableCard}]` : 'campaignId';
  return field === error.field ? error : new RuleInputError(field, error.rule, `${field === 'campaignId' ? "the campaign's record: " : ''}${error.message}`);
}
