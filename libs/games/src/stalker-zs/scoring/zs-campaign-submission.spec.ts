import { RuleInputError } from '@scriptbook/rules-engine';
import type { CampaignRecord } from '../../game-scoring';
import { emptyZoneSurvivalState, ZoneSurvivalState } from '../campaign/zone-survival-state';
import { BLIZZARD, CAMP, CAVE, FLOODED, THICKET } from '../testing/zs-submissions';
import { zsCampaignRefusal, zsSubmissionFromCampaign } from './zs-campaign-submission';

const RECON = 'stalker-zs:scenario:recon-in-force';

/** A Recon in Force deal for two: one Setup card dealt, three left to the table, an Event deck of 9 by size only. */
const dealt: ZoneSurvivalState = {
  ...emptyZoneSurvivalState(),
  scenarioId: RECON,
  stalkerCount: 2,
  setupCards: [null, null, null, CAMP],
  eventDeck: { size: 9, cards: null },
};
const played = (changes: Partial<ZoneSurvivalState> = {}): ZoneSurvivalState => ({
  ...dealt,
  mapId: 'stalker-zs:map:1',
  stalkers: ['Ana', 'Ben'],
  setupCards: [THICKET, FLOODED, null, CAMP],
  round: 9,
  finished: true,
  ...changes,
});
const record = (state: ZoneSurvivalState, changes: Partial<CampaignRecord> = {}): CampaignRecord => ({
  id: 'campaign-1',
  gameId: 'stalker-zs',
  groupId: 'personal-player-ana',
  setupProcedureId: 'stalker-zs.setup',
  dealtState: dealt,
  state,
  ...changes,
});
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleInputError) return { field: error.field, rule: error.rule };
    throw error;
  }
  return null;
};

describe('a Zone Survival submission made from a campaign’s record', () => {
  it('takes the game from the record and only the outcome and the table’s own cards from the table', () => {
    const submission = zsSubmissionFromCampaign(record(played({ requestsFulfilled: [THICKET], collectedValue: 1200 })), { objectiveMet: true, tableCardIds: [CAVE, BLIZZARD] });
    expect(submission).toEqual({
      scenarioId: RECON,
      mapId: 'stalker-zs:map:1',
      stalkerCount: 2,
      stalkers: ['Ana', 'Ben'],
      roundsPlayed: 9,
      objectiveMet: true,
      collectedValue: 1200,
      requests: [{ cardId: THICKET, met: true }],
      // The dealt card first, then those start-scenario recorded for open slots, then the table's.
      cardIds: [CAMP, THICKET, FLOODED, CAVE, BLIZZARD],
      declaredCards: [],
    });
  });

  it.each([
    ['made without the engine’s setup', record(played(), { setupProcedureId: null }), {}, 'campaignId', 'dealt-by-platform'],
    ['not finished', record(played({ finished: false })), {}, 'campaignId', 'finished'],
    ['never started', record(played({ mapId: null, stalkers: [] })), {}, 'campaignId', 'started'],
    ['with a dealt Setup card replaced', record(played({ setupCards: [THICKET, FLOODED, null, CAVE] })), {}, 'campaignId', 'dealt-setup-cards'],
    ['with no Round', record(played({ round: 0 })), {}, 'campaignId', 'rounds-played'],
    ['with more Rounds than its dealt Event deck', record(played({ round: 10 })), {}, 'campaignId', 'rounds-beyond-event-deck'],
    ['listing a card of the record as the table’s', record(played()), { tableCardIds: [CAMP] }, 'tableCardIds[0]', 'in-record'],
    ['with another value than the record counted', record(played({ collectedValue: 1200 })), { collectedValue: 3000 }, 'collectedValue', 'record-mismatch'],
    ['calling a fulfilled Request unmet', record(played({ requestsFulfilled: [THICKET] })), { requests: [{ cardId: THICKET, met: false }] }, 'requests[0].met', 'record-mismatch'],
  ])('refuses a campaign %s', (_, campaign, table, field, rule) => {
    expect(refusal(() => zsSubmissionFromCampaign(campaign, table))).toEqual({ field, rule });
  });

  it('names a refusal of the made submission by where its field came from: the record or the table', () => {
    const table = { tableCardIds: [CAVE, BLIZZARD] };
    const submission = zsSubmissionFromCampaign(record(played()), table);
    const named = (field: string) => zsCampaignRefusal(new RuleInputError(field, 'rule', 'why'), submission, table).field;
    expect([named('stalkers'), named('cardIds[1]'), named('cardIds[4]'), named('cardIds'), named('declaredCards[0].plus')]).toEqual([
      'campaignId',
      'campaignId',
      'tableCardIds[1]',
      'tableCardIds',
      'declaredCards[0].plus',
    ]);
  });
});
