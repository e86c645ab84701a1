import { Injectable } from '@nestjs/common';
import { CampaignModel, CampaignSetup, heldIn, InitialState, withOpened } from '@scriptbook/campaign-model';
import { BoundProcedures } from '@scriptbook/game-host';
import { BadUserInputError } from '@scriptbook/platform';
import { RuleInputError } from '@scriptbook/rules-engine';

/**
 * Runs a campaign's setup procedure through the game host's procedures: on
 * creation, and again where a campaign file's setup is checked, so both go
 * through the same lines as a `replay` of the rules subgraph.
 */
@Injectable()
export class CampaignSetupRun {
  constructor(private readonly procedures: BoundProcedures) {}

  /** The state the setup resolves to; the engine's input errors name `field` (`input.<setup field>.<field>`). */
  run(model: CampaignModel, setup: CampaignSetup, input: unknown, seed: string, field: string): InitialState {
    try {
      return model.initial(seed, { setup, resolution: this.procedures.run(setup.procedure.id, input, { seed }) });
    } catch (error) {
      // The engine names a wrong-typed whole input `input`: here that is the setup field itself.
      if (error instanceof RuleInputError) throw new BadUserInputError(error.field === 'input' ? field : `${field}.${error.field}`, error.rule, error.message);
      throw error;
    }
  }
}

/**
 * The version-0 state of a campaign whose setup resolved to `setupState`:
 * a new campaign also starts with what its group had opened for good, which
 * `openedFrom` (a state of the same campaign at version 0) holds.
 */
export function withGroupOpenings(model: CampaignModel, setupState: unknown, openedFrom: unknown): unknown {
  return model.legacy ? withOpened(model.legacy, setupState, heldIn(model.legacy, openedFrom)) : setupState;
}
