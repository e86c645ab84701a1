import fc from 'fast-check';
import { RELEASE_CATALOG } from '@scriptbook/games';
import { applyAction } from '../campaign-action';
import { actionOf, CampaignModel } from '../campaign-model';
import { canonicalJson, stateHash } from './canonical-json';
import { CampaignFileRefusal } from './campaign-file-refusal';
import { CampaignFile, CampaignFileAction } from './campaign-file.schema';
import { CampaignFileWriter } from './campaign-file-writer';
import { replayCampaignFile } from './replay-campaign-file';
import { SimulatedCampaign, simulateCampaign, SimulatedStep } from './testing/simulated-campaign';
import { readCampaignFile } from './upcasters';

const step: fc.Arbitrary<SimulatedStep> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('action' as const), action: fc.nat(), variant: fc.nat({ max: 5 }), device: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('undo' as const), back: fc.nat({ max: 6 }), device: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('open' as const, 'record' as const), device: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revert' as const), back: fc.nat({ max: 30 }), device: fc.nat({ max: 2 }) }) },
);
// Long enough to cross a checkpoint (every 100 versions) in many runs.
const steps = fc.array(step, { minLength: 0, maxLength: 260 });

function fileOf(gameId: string, campaign: SimulatedCampaign): CampaignFile {
  const writer = new CampaignFileWriter({
    format: 'scriptbook-campaign',
    exportedAt: '2026-12-01T20:00:00.000Z',
    campaign: { gameId, name: 'Property', version: campaign.entries.length, modules: [] },
    content: { hash: 'content-hash', packs: [] },
    setup: { procedureId: null, input: null, seed: 'property', transcript: null, initialState: campaign.initialState },
  });
  const text = writer.opening() + campaign.entries.map((entry) => writer.entry(entry)).join('') + writer.closing(() => false);
  return readCampaignFile(JSON.parse(text)).file;
}

function refusalOf(model: CampaignModel, file: unknown): CampaignFileRefusal {
  try {
    replayCampaignFile(model, readCampaignFile(file).file);
  } catch (error) {
    if (error instanceof CampaignFileRefusal) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

/** The first number of `args` moved by one, else the first string lengthened, else a key added. */
function tamperedArgs(args: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  for (const [key, value] of Object.entries(copy)) if (typeof value === 'number') return { ...copy, [key]: value + 1 };
  for (const [key, value] of Object.entries(copy)) if (typeof value === 'string') return { ...copy, [key]: `${value}x` };
  return { ...copy, tampered: true };
}

/** Whether the game, at the state before `entry`, does with `args` exactly what the file records: then only the log hash can tell. */
function sameEffect(model: CampaignModel, before: unknown, entry: CampaignFileAction, args: unknown): boolean {
  const action = actionOf(model, entry.name)!;
  try {
    return canonicalJson(applyAction(model.stateSchema, action, before, args).delta) === canonicalJson(entry.delta);
  } catch {
    return false;
  }
}

describe.each(RELEASE_CATALOG.campaignGames().map((game) => [game.id, game.campaign!] as const))('campaign files of %s', (gameId, model) => {
  it('export then import gives the same state and the same history', () => {
    fc.assert(
      fc.property(steps, (taken) => {
        const campaign = simulateCampaign(model, `seed-${gameId}`, taken);
        const replayed = replayCampaignFile(model, fileOf(gameId, campaign));
        expect(stateHash(replayed.state)).toBe(stateHash(campaign.states[campaign.states.length - 1]));
        expect(replayed.changes.map(({ undoneByVersion, ...entry }) => ({ entry, undoneByVersion }))).toEqual(
          campaign.entries.map((entry) => ({ entry, undoneByVersion: campaign.undoneBy.get(entry.version) ?? null })),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a file with one action changed at the first version that disagrees', () => {
    fc.assert(
      fc.property(steps, fc.nat(), fc.constantFrom('args' as const, 'delta' as const), (taken, pick, part) => {
        const campaign = simulateCampaign(model, `seed-${gameId}`, taken);
        fc.pre(campaign.entries.length > 0);
        const file = fileOf(gameId, campaign);
        const index = pick % file.actions.length;
        const entry = file.actions[index];
        const version = index + 1;
        const tampered = structuredClone(file);
        if (part === 'delta') tampered.actions[index].delta = [...entry.delta, { op: 'set', path: ['tampered'], to: true }];
        else tampered.actions[index].args = tamperedArgs(entry.args);
        const refusal = refusalOf(model, tampered);
        if (refusal.field.startsWith(`file.actions[${index}].`)) {
          expect(refusal.version).toBe(version);
          return;
        }
        const checkpoint = file.checkpoints.findIndex((c) => c.version >= version);
        expect({ version: refusal.version, rule: refusal.rule }).toEqual({ version: file.checkpoints[checkpoint].version, rule: 'checkpoint-mismatch' });
        if (entry.name === 'revert') {
          // A revert's changes are checked by the state they lead to, at the next checkpoint.
          expect(refusal.field).toMatch(new RegExp(`^file\\.checkpoints\\[${checkpoint}\\]\\.(stateHash|logHash)$`));
          return;
        }
        // Args that change nothing the entry does (a key the action's schema strips, a server record's note) leave the state as it was: the log hash of the next checkpoint tells.
        expect(part).toBe('args');
        if (actionOf(model, entry.name)) expect(sameEffect(model, campaign.states[index], entry, tampered.actions[index].args)).toBe(true);
        expect(refusal.field).toBe(`file.checkpoints[${checkpoint}].logHash`);
      }),
      { numRuns: 40 },
    );
  });

  it('refuses a file with one checkpoint hash changed at that checkpoint', () => {
    fc.assert(
      fc.property(steps, fc.nat(), fc.constantFrom('stateHash' as const, 'logHash' as const), (taken, pick, which) => {
        const file = fileOf(gameId, simulateCampaign(model, `seed-${gameId}`, taken));
        const index = pick % file.checkpoints.length;
        const tampered = structuredClone(file);
        const hash = tampered.checkpoints[index][which];
        tampered.checkpoints[index][which] = `${hash[0] === '0' ? '1' : '0'}${hash.slice(1)}`;
        const refusal = refusalOf(model, tampered);
        expect({ version: refusal.version, field: refusal.field, rule: refusal.rule }).toEqual({
          version: file.checkpoints[index].version,
          field: `file.checkpoints[${index}].${which}`,
          rule: 'checkpoint-mismatch',
        });
      }),
      { numRuns: 40 },
    );
  });
});
