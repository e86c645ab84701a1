import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { stateHash } from './canonical-json';
import { CURRENT_FORMAT_VERSION } from './campaign-file.schema';
import { CampaignFileRefusal } from './campaign-file-refusal';
import { replayCampaignFile } from './replay-campaign-file';
import { READABLE_FORMAT_VERSIONS, readCampaignFile } from './upcasters';

/** The checked-in files, one per format version this code reads, as that version's code wrote them. They never change. */
const golden = (version: number): unknown => JSON.parse(readFileSync(join(__dirname, 'golden', `campaign-file-v${version}.json`), 'utf8'));

describe('campaign files of every readable format version', () => {
  it.each(READABLE_FORMAT_VERSIONS.map((version) => [version]))('imports the golden file of format version %i', (version) => {
    const { file, fromVersion } = readCampaignFile(golden(version));
    expect(fromVersion).toBe(version);
    expect(file.formatVersion).toBe(CURRENT_FORMAT_VERSION);
    const model = RELEASE_CATALOG.campaignModelOf(file.campaign.gameId)!;
    const replayed = replayCampaignFile(model, file);
    expect(replayed.changes).toHaveLength(file.campaign.version);
    expect(stateHash(replayed.state)).toBe(file.checkpoints[file.checkpoints.length - 1].stateHash);
  });

  it('upcasts version 1 to what version 2 writes of the same campaign: `playerId` is `player`, and nothing else moves', () => {
    const fromV1 = readCampaignFile(golden(1)).file;
    const v2 = readCampaignFile(golden(2)).file;
    expect(fromV1).toEqual(v2);
    expect(fromV1.actions.some((action) => action.undoesVersion !== null)).toBe(true);
    expect(fromV1.players.some((player) => player.pseudonym)).toBe(true);
  });

  it('refuses a version it does not know, and a version 1 file that uses version 2’s names', () => {
    const refusalOf = (raw: unknown) => {
      try {
        readCampaignFile(raw);
      } catch (error) {
        if (error instanceof CampaignFileRefusal) return { field: error.field, rule: error.rule };
        throw error;
      }
      throw new Error('accepted');
    };
    expect(refusalOf({ ...(golden(2) as object), formatVersion: CURRENT_FORMAT_VERSION + 1 })).toEqual({ field: 'file.formatVersion', rule: 'format-version' });
    expect(refusalOf({ ...(golden(2) as object), formatVersion: 1 })).toEqual({ field: 'file.players[0].playerId', rule: 'required' });
    expect(refusalOf({ format: 'gloomhaven-secretariat' })).toEqual({ field: 'file.format', rule: expect.any(String) });
  });
});
