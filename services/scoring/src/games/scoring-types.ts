import { Type } from '@nestjs/common';
import { Field, Int, ObjectType } from '@nestjs/graphql';
import { z } from 'zod';
import type { GameScoring } from '@scriptbook/games';
import { Connection, PageInfo } from '@scriptbook/platform';
import { descriptionOf, graphqlId, servedAs, ZodGraphQLTypes } from '@scriptbook/platform/graphql/zod';
import { challengeIdOf } from '../challenge/challenge-dates';
import { Player } from '../references/player.model';
import { ResultVerificationLevel } from '../results/result-verification';
import { scoringApiNames, ScoringApiNames } from './scoring-names';

/** One scored game's GraphQL types, made from its scoring's schemas and names. */
export interface ScoringTypes {
  readonly gameId: string;
  readonly names: ScoringApiNames;
  readonly result: Type<unknown>;
  readonly breakdown: Type<unknown>;
  readonly results: Type<unknown>;
  readonly submitInput: Type<unknown>;
  /** How a result's `verification` reads for this game. */
  readonly verificationDescription: string;
  /** The input of a submission from a campaign's record; null for a game whose scoring has no `campaign` part. */
  readonly campaignSubmitInput: Type<unknown> | null;
  readonly submitPayload: Type<unknown>;
  readonly boardInput: Type<unknown>;
  readonly entry: Type<unknown>;
  readonly board: Type<unknown>;
  readonly window: Type<unknown>;
  readonly challenge: Type<unknown>;
}

/** Fields of a result the platform keeps for every game; a game's own fields may not take their names. */
const RESULT_FIELDS = ['id', 'player', 'victory', 'score', 'verified', 'verification', 'breakdown', 'challengeId', 'visible', 'recordedAt'];
const CHALLENGE_FIELDS = ['id', 'date', 'transcript', 'closesAt'];

const NAMED_TYPES: Record<string, unknown> = { Player, DateTime: Date, ResultVerification: ResultVerificationLevel };
const namedTypes = (name: string) => NAMED_TYPES[name] as never;
const instant = (description: string) => servedAs('DateTime', z.date()).describe(description);

/** Types are made once per game and process: the classes a schema is built from must be the same each time. */
const made = new WeakMap<GameScoring, ScoringTypes>();

export function scoringTypesOf(gameId: string, scoring: GameScoring): ScoringTypes {
  let types = made.get(scoring);
  if (!types) made.set(scoring, (types = makeTypes(gameId, scoring)));
  return types;
}

function refuseTaken(gameId: string, schema: z.AnyZodObject, taken: readonly string[], what: string): void {
  const clash = Object.keys(schema.shape).find((field) => taken.includes(field));
  if (clash) throw new Error(`${gameId}: the ${what} field ${clash} is one the platform serves itself`);
}

function makeTypes(gameId: string, scoring: GameScoring): ScoringTypes {
  const names = scoringApiNames(scoring.names);
  const { schemas, names: chosen } = scoring;
  refuseTaken(gameId, schemas.result, RESULT_FIELDS, 'result');
  refuseTaken(gameId, schemas.challenge, CHALLENGE_FIELDS, 'challenge');
  // Enum values as the game writes them (`setup`, `PRINTED`): the JSON a client reads is the game's own.
  const zod = new ZodGraphQLTypes({ enumValues: 'as-written', describeAsNamed: true, namedTypes });

  const verificationDescription = scoring.campaign
    ? `Where the game comes from and what backs its score: PLATFORM_RECORD when it was scored from a campaign's record (${scoring.campaign.recordGives}), else CATALOGUE or PLAYERS_WORD as \`verified\` says.`
    : 'What backs the score: CATALOGUE or PLAYERS_WORD as `verified` says (no result of this game is scored from a campaign).';
  const breakdown = zod.objectType(schemas.breakdown, `${chosen.game}ResultBreakdown`);
  const result = zod.objectType(
    z.object({
      id: graphqlId(z.string()).describe('The result id (time-ordered).'),
      player: servedAs('Player', z.object({ id: z.string() })).describe('Who submitted it.'),
      ...schemas.result.shape,
      victory: z.boolean().describe('True for a victory; a defeat is recorded and scores nothing.'),
      score: z.number().int().nullable().describe('The score of a victory; null for a defeat.'),
      verified: z.boolean().describe(`True when ${scoring.verifiedWhen}; false otherwise. Boards have verified-only views.`),
      verification: servedAs('ResultVerification', z.string()).describe(verificationDescription),
      breakdown: schemas.breakdown.nullable().describe('How the score adds up; null for a defeat.'),
      challengeId: graphqlId(z.string()).nullable().describe('The daily challenge it played, if any.'),
      visible: z.boolean().describe('False once a moderator has hidden it: it then counts on no board.'),
      recordedAt: instant('When it was recorded; of two equal scores on a board, the earlier ranks first.'),
    }),
    names.types.result,
    names.types.result,
    { description: `A stored ${chosen.title} game and the score the server computed for it.` },
  );
  const submitInput = zod.inputType(
    z
      .object({
        clientSubmissionId: z
          .string()
          .describe('An id the client makes up once per game (8 to 64 letters, digits, `-`, `_`) and sends again on every retry: a retry returns the stored result instead of counting twice.'),
        ...schemas.submission.shape,
        challengeId: graphqlId(z.string())
          .nullish()
          .describe(`Today's \`${names.queries.dailyChallenge}.id\` when this game played it: the game must match its setup, and it counts once per player.`),
      })
      .describe(descriptionOf(schemas.submission) ?? `A finished ${chosen.title} game.`),
    names.types.submitInput,
  );
  const campaignSubmitInput = scoring.campaign
    ? zod.inputType(
        z
          .object({
            campaignId: graphqlId(z.string()).describe(
              `The finished ${chosen.title} campaign to score, one of a group the caller is in (NOT_FOUND otherwise). Its record gives the game; a campaign scores once.`,
            ),
            clientSubmissionId: z
              .string()
              .describe('An id the client makes up once per submission (8 to 64 letters, digits, `-`, `_`) and sends again on every retry: a retry returns the stored result instead of counting twice.'),
            ...scoring.campaign.table.shape,
            challengeId: graphqlId(z.string())
              .nullish()
              .describe(`Today's \`${names.queries.dailyChallenge}.id\` when the campaign played it: the campaign's record must match its setup, and it counts once per player as that challenge's entry.`),
          })
          .describe(descriptionOf(scoring.campaign.table) ?? `What the table adds to a ${chosen.title} campaign's record.`),
        names.types.campaignSubmitInput,
      )
    : null;
  const challenge = zod.objectType(
    z
      .object({
        id: graphqlId(z.string()).describe(`e.g. \`${challengeIdOf(gameId, '2026-11-30')}\`; pass it as \`challengeId\` in \`${names.mutations.submit}\`.`),
        date: z.string().describe('The UTC day, YYYY-MM-DD.'),
        ...schemas.challenge.shape,
        transcript: z.array(z.string()).describe("The engine's transcript of the deal, step by step, for players to follow."),
        closesAt: instant('When the day ends (UTC) and the challenge stops taking submissions.'),
      })
      .describe(descriptionOf(schemas.challenge) ?? `The ${chosen.title} challenge of one UTC day.`),
    names.types.challenge,
  );
  const boardInput = zod.inputType(schemas.board, names.types.boardInput);
  const { entry, board, window } = boardTypes(names, result);
  return {
    gameId,
    names,
    result,
    breakdown,
    results: Connection(result, names.types.result),
    submitInput,
    verificationDescription,
    campaignSubmitInput,
    submitPayload: objectType(names.types.submitPayload, `What \`${names.mutations.submit}\` stored.`, {
      result: [() => result, { description: 'The stored result (the first one, when this was a retry).' }],
    }),
    boardInput,
    entry,
    board,
    window,
    challenge,
  };
}

type FieldSpec = [() => unknown, { nullable?: boolean; description: string }];

/** An object type of a name chosen at start, its fields declared in order. */
function objectType(name: string, description: string, fields: Record<string, FieldSpec>): Type<unknown> {
  const holder = { [name]: class {} };
  const cls = holder[name] as Type<unknown>;
  for (const [field, [type, options]] of Object.entries(fields)) Field(type as never, options)(cls.prototype, field);
  ObjectType(name, { description })(cls);
  return cls;
}

function boardTypes(names: ScoringApiNames, result: Type<unknown>): { entry: Type<unknown>; board: Type<unknown>; window: Type<unknown> } {
  const entry = objectType(names.types.entry, "One player's place on a board: their best score there and the result that set it.", {
    rank: [() => Int, { description: '1 for the top. Equal scores rank by which result came first.' }],
    player: [() => Player, { description: 'The player.' }],
    score: [() => Int, { description: 'Their best score on this board.' }],
    result: [() => result, { nullable: true, description: 'The result that set this score; null only if it was removed since.' }],
  });
  const edge = objectType(names.types.edge, 'One entry of a leaderboard page, with the cursor that points at it.', {
    cursor: [() => String, { description: 'Opaque position of this entry; pass it as `after` to read on from here.' }],
    node: [() => entry, { description: 'The entry.' }],
  });
  const board = objectType(names.types.connection, "A page of a leaderboard, best first (Relay connection), with the board's size and its next reset.", {
    edges: [() => [edge], { description: 'The entries of this page, in rank order.' }],
    pageInfo: [() => PageInfo, { description: 'Where this page sits in the whole board.' }],
    totalCount: [() => Int, { description: 'Players on the board.' }],
    periodStartsAt: [() => Date, { nullable: true, description: "When this period's board started; null for all-time." }],
    nextResetAt: [() => Date, { nullable: true, description: 'When the board resets to empty; null for all-time.' }],
  });
  const window = objectType(names.types.window, 'The entries either side of the caller on a board.', {
    myRank: [() => Int, { nullable: true, description: "The caller's rank; null when they have no result on this board yet (then `entries` is empty)." }],
    entries: [
      () => [entry],
      { description: 'Up to `radius` entries above the caller, the caller, and up to `radius` below, fewer at either end of the board.' },
    ],
    totalCount: [() => Int, { description: 'Players on the board.' }],
    nextResetAt: [() => Date, { nullable: true, description: 'When the board resets to empty; null for all-time.' }],
  });
  return { entry, board, window };
}
