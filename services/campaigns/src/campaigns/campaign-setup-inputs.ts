import { Type } from '@nestjs/common';
import { BadUserInputError } from '@scriptbook/platform';
import { compileInput, ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import { objectShape, unwrap } from '@scriptbook/platform/graphql/zod/zod-kinds';
import type { GameCatalog } from '@scriptbook/games';
import { z } from 'zod';

/**
 * One typed field of `CreateCampaignInput`: a setup procedure of a hosted
 * game, under the name of the rules query that serves it (`zoneSurvivalSetup`),
 * taking the same input in the same GraphQL spellings.
 */
export interface SetupField {
  readonly name: string;
  readonly gameId: string;
  readonly procedureId: string;
  readonly inputType: Type<unknown>;
  readonly description: string;
  /** GraphQL arguments → the value the procedure's schema parses. */
  readonly fromInput: (value: unknown) => unknown;
}

/** The setup a `createCampaign` asked for. */
export type RequestedSetup =
  | { readonly kind: 'none' }
  | { readonly kind: 'typed'; readonly field: SetupField; readonly input: unknown }
  /** The deprecated path: JSON in the engine's own spelling, with the procedure's catalog id (the game's first when null). */
  | { readonly kind: 'json'; readonly setup: unknown; readonly setupProcedure: string | null };

const FIELDS_OF_THE_INPUT = new Set(['gameId', 'name', 'groupId', 'setup', 'setupProcedure', 'seed']);

const typePrefix = (field: string) => `Campaign${field.charAt(0).toUpperCase()}${field.slice(1)}`;

/**
 * A typed field per setup procedure of the catalog's games, in catalog
 * order. The input types are the procedure's own, under names of this
 * subgraph (`CampaignZoneSurvivalSetupInput`), since the rules subgraph's
 * carry `seed` and `rngState` and a campaign's setup continues the
 * campaign's seed; nested types the procedure names itself keep their names
 * and are the same types the rules subgraph serves.
 */
export function setupFieldsOf(catalog: GameCatalog, types: ZodGraphQLTypes): readonly SetupField[] {
  const fields: SetupField[] = [];
  for (const game of catalog.campaignGames()) {
    for (const { procedure } of game.campaign!.setups) {
      const name = procedure.field;
      if (FIELDS_OF_THE_INPUT.has(name) || fields.some((field) => field.name === name)) {
        throw new Error(`CreateCampaignInput.${name}: the setup ${procedure.id} needs a field name no other setup or input field has`);
      }
      // A copy of the input's fields alone: the type gets this subgraph's name even when the procedure's schema names itself.
      const variant = z.object(objectShape(unwrap(procedure.input).core)).describe(
        `The input of \`${procedure.id}\` for a new campaign, as the rules query \`${name}\` takes it but without \`seed\` and \`rngState\`: the setup continues the campaign's seed.`,
      );
      const prefix = typePrefix(name);
      fields.push({
        name,
        gameId: game.id,
        procedureId: procedure.id,
        inputType: types.inputType(variant, `${prefix}Input`, prefix),
        description:
          `Starts a \`${game.id}\` campaign from \`${procedure.id}\` (${procedure.description.replace(/\.$/, '')}). It takes the same input as the rules query \`${name}\`, ` +
          'without its seed: the setup continues the campaign’s `seed`, and its transcript is kept. Bad input gives BAD_USER_INPUT on ' +
          `\`input.${name}.<field>\` with the procedure’s rule, and nothing is stored. At most one setup may be given (rule "one-of"); ` +
          'a setup of another game gives rule "setup-game".',
        fromInput: compileInput(procedure.input),
      });
    }
  }
  return fields;
}

/**
 * Which setup an input asks for: one typed field, the deprecated `setup`
 * (with or without `setupProcedure`), or none. More than one is refused with
 * BAD_USER_INPUT, rule `one-of`, on the second one given.
 */
export function requestedSetup(input: Record<string, unknown>, fields: readonly SetupField[]): RequestedSetup {
  const present = (name: string) => input[name] !== undefined && input[name] !== null;
  const typed = fields.filter((field) => present(field.name));
  const json = present('setup') || present('setupProcedure');
  const given = [...typed.map((field) => field.name), ...(json ? [present('setup') ? 'setup' : 'setupProcedure'] : [])];
  if (given.length > 1) {
    throw new BadUserInputError(`input.${given[1]}`, 'one-of', `Give at most one setup: ${given.map((name) => `\`${name}\``).join(' and ')} were given`);
  }
  if (typed.length === 1) return { kind: 'typed', field: typed[0], input: typed[0].fromInput(input[typed[0].name]) };
  if (json) return { kind: 'json', setup: input.setup ?? null, setupProcedure: (input.setupProcedure as string | null | undefined) ?? null };
  return { kind: 'none' };
}
