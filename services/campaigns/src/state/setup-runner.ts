import { ContentLibrary } from '@scriptbook/content';
import { AnyProcedureDescriptor, runProcedure } from '@scriptbook/rules-engine';
import { CampaignSetup } from './campaign-setup';
import { SetupRun } from './game-systems';

/**
 * Runs a campaign's setup procedure the one way the engine runs any
 * procedure (its own schema checks the input), on content bound once per
 * procedure and kept: content is read-only per release, so no campaign
 * creation pays for preparing it again.
 */
export class SetupRunner {
  private readonly bound = new Map<string, unknown>();

  constructor(private readonly content: ContentLibrary) {}

  /** Throws the engine's `RuleInputError` for input its schema or rules refuse. */
  run(setup: CampaignSetup, input: unknown, seed: string): SetupRun {
    return { setup, resolution: runProcedure(setup.procedure, input, { seed }, this.contentFor(setup.procedure)) };
  }

  private contentFor(procedure: AnyProcedureDescriptor): unknown {
    if (!procedure.bind) return undefined;
    if (!this.bound.has(procedure.id)) this.bound.set(procedure.id, procedure.bind(this.content.itemsOfGame(procedure.gameId)));
    return this.bound.get(procedure.id);
  }
}
