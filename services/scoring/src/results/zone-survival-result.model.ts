import { Field, ID, InputType, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Connection } from '@scriptbook/platform';
import { Player } from '../references/player.model';

export enum ZoneSurvivalCardType {
  setup = 'setup',
  event = 'event',
  character = 'character',
}
registerEnumType(ZoneSurvivalCardType, {
  name: 'ZoneSurvivalCountedCardType',
  description: 'The kinds of card whose score modifiers count: "each Setup, Event, and Character card".',
  valuesMap: {
    setup: { description: 'A Setup card (four per game).' },
    event: { description: 'An Event card of this game\'s Event deck.' },
    character: { description: 'A Character card.' },
  },
});

export enum ModifierSource {
  PRINTED = 'PRINTED',
  INFERRED = 'INFERRED',
  DECLARED = 'DECLARED',
}
registerEnumType(ModifierSource, {
  name: 'ZoneSurvivalModifierSource',
  description: 'Where a card\'s score modifier came from.',
  valuesMap: {
    PRINTED: { description: 'The catalogue holds the icons the seed prints on the card.' },
    INFERRED: { description: 'The catalogue reads the card as the seed shows it without an icon (zero); the reading is documented and the same for everyone, so it counts as verified.' },
    DECLARED: { description: 'The player declared the icons; the catalogue does not know them, so the result is unverified.' },
  },
});

@InputType('ZoneSurvivalRequestOutcomeInput', { description: 'A card with the Request tag that was in play, and whether its condition was met.' })
export class RequestOutcomeInput {
  @Field(() => ID, { description: 'The card, one of `cardIds`.' }) cardId!: string;
  @Field({ description: 'Whether its Request condition was met at the end of the game.' }) met!: boolean;
  @Field(() => Boolean, { nullable: true, description: 'True when the card was no longer face up at the end, so its condition is not checked.' })
  discarded?: boolean | null;
}

@InputType('ZoneSurvivalDeclaredCardInput', {
  description: 'A card whose score modifier the catalogue does not know, with the icons the players read on it. Any declared card makes the result unverified.',
})
export class DeclaredCardInput {
  @Field(() => ID, {
    description: 'The card, one of `cardIds`: a catalogue id whose modifier is unknown, or for a card the catalogue lacks an id of the form `stalker-zs:card:<type>:<name>` in lower case.',
  })
  cardId!: string;
  @Field(() => ZoneSurvivalCardType, { description: 'Its kind; for a catalogue card it must be the catalogue\'s.' }) cardType!: 'setup' | 'event' | 'character';
  @Field(() => Int, { description: '[blue plus icon]s above its title, 0 to 9.' }) plus!: number;
  @Field(() => Int, { description: '[red minus icon]s above its title, 0 to 9.' }) minus!: number;
  @Field(() => Boolean, { nullable: true, description: 'For a card the catalogue lacks: true when it has the Request tag (then list it in `requests`).' })
  request?: boolean | null;
}

@InputType({ description: 'A finished Zone Survival game. The server checks it against the catalogue and the rules and computes the score itself.' })
export class SubmitZoneSurvivalResultInput {
  @Field({
    description: 'An id the client makes up once per game (8 to 64 letters, digits, `-`, `_`) and sends again on every retry: a retry returns the stored result instead of counting twice.',
  })
  clientSubmissionId!: string;
  @Field(() => ID, { description: 'The Scenario played, e.g. `stalker-zs:scenario:boss-hunt`.' }) scenarioId!: string;
  @Field(() => ID, { description: 'The Map played, e.g. `stalker-zs:map:3`.' }) mapId!: string;
  @Field(() => Int, { description: 'Stalkers in the game, 1 to 4.' }) stalkerCount!: number;
  @Field(() => [String], { description: 'The Stalkers played, by name, one per Stalker counted, each once (1 to 64 characters).' }) stalkers!: string[];
  @Field(() => Int, { description: 'Rounds played, at least 1 and at most the Event deck\'s size where the Scenario prints it.' }) roundsPlayed!: number;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Whether the main Objective was met. Required where the Scenario has no value target; in Gather Supplies it defaults to whether `collectedValue` reaches the target.',
  })
  objectiveMet?: boolean | null;
  @Field(() => Int, { nullable: true, description: 'Gather Supplies: the value of the stuff collected, in K, starting Equipment included.' })
  collectedValue?: number | null;
  @Field(() => [RequestOutcomeInput], { nullable: true, description: 'Every card with the Request tag among `cardIds`, each once, with whether its condition was met.' })
  requests?: RequestOutcomeInput[] | null;
  @Field(() => [ID], {
    description:
      'Every Setup, Event and Character card included in the game, each once: the four Setup cards, the whole Event deck (its printed size), and the Character cards. A card the seeds name without its deck (`stalker-zs:card:workshop`) may be given by that id or by the id of the deck it was drawn from (`stalker-zs:card:setup:workshop`); the breakdown names it by the first.',
  })
  cardIds!: string[];
  @Field(() => [DeclaredCardInput], { nullable: true, description: 'Modifiers for the cards the catalogue cannot score; needed on a victory for each such card.' })
  declaredCards?: DeclaredCardInput[] | null;
  @Field(() => ID, { nullable: true, description: 'Today\'s `dailyChallenge.id` when this game played it: the game must match its setup, and it counts once per player.' })
  challengeId?: string | null;
}

@ObjectType('ZoneSurvivalCardScore', { description: 'One card\'s score modifier as counted.' })
export class CardScore {
  @Field(() => ID, { description: 'The card.' }) cardId!: string;
  @Field(() => Int, { description: '[blue plus icon]s: each takes one point off.' }) plus!: number;
  @Field(() => Int, { description: '[red minus icon]s: each adds one point.' }) minus!: number;
  @Field(() => ModifierSource, { description: 'Where the count came from.' }) source!: ModifierSource;
}

@ObjectType('ZoneSurvivalResultBreakdown', { description: 'How a stored victory\'s score adds up, card by card: 20 + minus icons − plus icons + the Gather Supplies bonus.' })
export class ScoreBreakdown {
  @Field(() => Int, { description: '"The victory itself is worth 20 points."' }) victoryPoints!: number;
  @Field(() => Int, { description: '[red minus icon]s counted, one point each.' }) minusIcons!: number;
  @Field(() => Int, { description: '[blue plus icon]s counted, minus one point each.' }) plusIcons!: number;
  @Field(() => Int, { description: 'Gather Supplies: one point per full 1,000 K above the target; 0 elsewhere.' }) valueBonus!: number;
  @Field(() => [CardScore], { description: 'Every counted card with its modifier.' }) cards!: CardScore[];
}

@ObjectType({ description: 'A stored Zone Survival game and the score the server computed for it.' })
export class ZoneSurvivalResult {
  @Field(() => ID, { description: 'The result id (time-ordered).' }) id!: string;
  @Field(() => Player, { description: 'Who submitted it.' }) player!: Player;
  @Field(() => ID, { description: 'The Scenario played.' }) scenarioId!: string;
  @Field(() => ID, { description: 'The Map played.' }) mapId!: string;
  @Field(() => Int, { description: 'Stalkers in the game.' }) stalkerCount!: number;
  @Field(() => Int, { description: 'Rounds played.' }) roundsPlayed!: number;
  @Field({ description: 'True for a victory; a defeat is recorded and scores nothing.' }) victory!: boolean;
  @Field(() => Int, { nullable: true, description: 'The score of a victory; null for a defeat.' }) score!: number | null;
  @Field({ description: 'True when every counted card\'s modifier came from the catalogue; false when the player declared any. Boards have verified-only views.' })
  verified!: boolean;
  /** Left out of a result read from a board (Redis keeps what a page shows); its resolver then reads it from Postgres. */
  @Field(() => ScoreBreakdown, { nullable: true, description: 'How the score adds up; null for a defeat.' }) breakdown?: ScoreBreakdown | null;
  @Field(() => ID, { nullable: true, description: 'The daily challenge it played, if any.' }) challengeId!: string | null;
  @Field({ description: 'False once a moderator has hidden it: it then counts on no board.' }) visible!: boolean;
  @Field({ description: 'When it was recorded; of two equal scores on a board, the earlier ranks first.' }) recordedAt!: Date;
}

@ObjectType({ description: 'What `submitZoneSurvivalResult` stored.' })
export class SubmitZoneSurvivalResultPayload {
  @Field(() => ZoneSurvivalResult, { description: 'The stored result (the first one, when this was a retry).' }) result!: ZoneSurvivalResult;
}

export const ZoneSurvivalResultConnection = Connection(ZoneSurvivalResult, 'ZoneSurvivalResult');
