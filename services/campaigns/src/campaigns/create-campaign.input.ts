import { Type } from '@nestjs/common';
import { Field, ID, InputType } from '@nestjs/graphql';
import { JSONScalar } from '@scriptbook/platform/graphql/zod';
import type { GameCatalog } from '@scriptbook/games';
import type { SetupField } from './campaign-setup-inputs';

/** docs/api.md, deprecation policy: the untyped setup answers until this date, 182 days after it was deprecated. */
export const SETUP_JSON_DEPRECATED_ON = '2026-12-01';
export const SETUP_JSON_REMOVED_AFTER = '2027-06-01';

const code = (text: string) => `\`${text}\``;

/**
 * `CreateCampaignInput` for the hosted catalog: the fields every campaign
 * takes, one typed field per setup procedure, and the untyped `setup` and
 * `setupProcedure` they replace, deprecated.
 */
export function createCampaignInputType(catalog: GameCatalog, setups: readonly SetupField[]): Type<Record<string, unknown>> {
  const games = catalog.campaignGames().map((game) => code(game.id));
  const typed = setups.map((field) => field.name);
  const replacement = `Use \`${typed.length > 0 ? typed.join(', ') : 'gameId'}\` instead. Deprecated ${SETUP_JSON_DEPRECATED_ON}, removed after ${SETUP_JSON_REMOVED_AFTER}.`;
  const byGame = catalog
    .campaignGames()
    .map((game) => `${game.campaign!.setups.map((setup) => code(setup.procedure.id)).join(' or ')} for ${code(game.id)}`)
    .join('; ');

  class CreateCampaignInput {
    @Field({
      description:
        `A game id from \`games\` whose campaigns the platform keeps (${games.join(', ')}); ` +
        'an unknown one gives BAD_USER_INPUT (rule "known-game"), one without campaigns rule "campaign-game".',
    })
    gameId!: string;

    @Field({
      description:
        '1 to 80 characters after trimming. Letters of any script, accents and emoji are fine; control and invisible ' +
        'formatting characters (NUL, bidirectional overrides, ...) give BAD_USER_INPUT with rule "plain-text".',
    })
    name!: string;

    @Field(() => ID, {
      nullable: true,
      description: "The group that will own it; the caller's personal group when omitted. A group the caller is not in gives NOT_FOUND on `input.groupId`.",
    })
    groupId?: string | null;

    @Field(() => JSONScalar, {
      nullable: true,
      deprecationReason: replacement,
      description:
        'The input of a setup procedure as JSON in the rules engine’s own spelling (enum values as the engine writes them); the typed field of the ' +
        'procedure takes the same input in GraphQL’s spellings and is checked by the schema. `setupProcedure` names the procedure, the game’s first ' +
        'when omitted. Bad input gives BAD_USER_INPUT on `input.setup.<field>` with the procedure’s rule, and nothing is stored.',
    })
    setup?: unknown;

    @Field(() => String, {
      nullable: true,
      deprecationReason: replacement,
      description:
        `Which setup \`setup\` is the input of, by its rules catalog id: ${byGame}; the game’s first when omitted. Another id gives BAD_USER_INPUT ` +
        '(rule "one-of"); giving it without `setup` gives rule "required" on `input.setup`.',
    })
    setupProcedure?: string | null;

    @Field(() => String, {
      nullable: true,
      description:
        'The seed to start the campaign’s random stream from (1 to 200 characters of plain text, used as given; control or invisible formatting characters are refused, rule "plain-text"); drawn by the server when omitted, and kept with the campaign. A setup continues it.',
    })
    seed?: string | null;
  }

  for (const setup of setups) {
    Field(() => setup.inputType, { nullable: true, description: setup.description })(CreateCampaignInput.prototype, setup.name);
  }
  InputType('CreateCampaignInput', { description: 'What starting a campaign needs: the game, a name, and optionally the group, one setup and the seed.' })(CreateCampaignInput);
  return CreateCampaignInput as unknown as Type<Record<string, unknown>>;
}
