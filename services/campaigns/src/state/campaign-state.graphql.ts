import { Type } from '@nestjs/common';
import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { compileOutput, ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import type { GameCatalog } from '@scriptbook/games';

interface StateField {
  readonly gameId: string;
  readonly field: string;
  readonly description: string;
  readonly type: Type<unknown>;
  /** Stored state → what its GraphQL type serves (records become key/value lists). */
  readonly serve: (state: unknown) => unknown;
}

/** What a type that carries a game's state gives its typed state fields: whose game it is, and the state as stored. */
export interface StateOwner<T> {
  readonly type: Type<T>;
  readonly gameIdOf: (parent: T) => string;
  readonly stateOf: (parent: T) => unknown;
  /** Said after the game's own description of its state, where the owner's state is not the current one. */
  readonly describedAs?: string;
}

/** The GraphQL type of each hosted game's state, derived from its zod schema, the one source of truth. */
function stateFieldsOf(catalog: GameCatalog, types: ZodGraphQLTypes): readonly StateField[] {
  return catalog.campaignGames().map((game) => {
    const model = game.campaign!;
    const convert = compileOutput(model.stateSchema, new Set());
    return {
      gameId: game.id,
      field: model.stateField,
      description: model.stateDescription,
      type: types.objectType(model.stateSchema, model.stateTypeName),
      serve: (state) => (convert ? convert(state) : state),
    };
  });
}

/**
 * The typed state fields of a type that carries a campaign's state (the
 * campaign itself, the campaign at a past version), one per hosted game
 * that keeps campaigns, each null unless the state is of that game. Built
 * from the catalog, so a new game's state is served without a line here,
 * and every owner serves it in the same types, so an app reads a past
 * state with the code that reads the present one.
 */
export function campaignStateFieldsResolver<T>(catalog: GameCatalog, types: ZodGraphQLTypes, owner: StateOwner<T>): Type<unknown> {
  @Resolver(() => owner.type)
  class CampaignStateFields {}
  Object.defineProperty(CampaignStateFields, 'name', { value: `${owner.type.name}StateFields` });
  for (const state of stateFieldsOf(catalog, types)) {
    const resolve = (parent: T): unknown => (owner.gameIdOf(parent) === state.gameId ? state.serve(owner.stateOf(parent)) : null);
    const descriptor: PropertyDescriptor = { value: resolve, writable: true, configurable: true };
    Object.defineProperty(CampaignStateFields.prototype, state.field, descriptor);
    Parent()(CampaignStateFields.prototype, state.field, 0);
    ResolveField(() => state.type, { name: state.field, nullable: true, description: owner.describedAs ? `${state.description} ${owner.describedAs}` : state.description })(CampaignStateFields.prototype, state.field, descriptor);
  }
  return CampaignStateFields;
}
