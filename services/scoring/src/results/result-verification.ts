import { registerEnumType } from '@nestjs/graphql';

/** How far a result's game is established, in the schema; `verificationOf` gives a result's. */
export enum ResultVerificationLevel {
  PLAYERS_WORD = 'PLAYERS_WORD',
  CATALOGUE = 'CATALOGUE',
  PLATFORM_RECORD = 'PLATFORM_RECORD',
}

registerEnumType(ResultVerificationLevel, {
  name: 'ResultVerification',
  description:
    "Where a result's game comes from and what backs its score, from the players' word alone up to the platform's own record. " +
    'Boards have views of the last two (`verifiedOnly`, `platformRecordOnly`).',
  valuesMap: {
    PLAYERS_WORD: {
      description:
        'The players reported the game card by card, and at least one counted modifier rests on their declaration or on a reading the catalogue infers (`verified` false).',
    },
    CATALOGUE: {
      description: 'The players reported the game card by card, and every counted modifier is printed in the catalogue (`verified` true); the card list itself is their word.',
    },
    PLATFORM_RECORD: {
      description:
        "The game is the platform's record of a campaign it dealt: what the setup dealt and what the campaign's actions recorded, never the players' list; the table added only the outcome, " +
        'the cards the record leaves to it and icons the catalogue lacks. `verified` still says whether every counted modifier is printed in the catalogue, and the breakdown card by card.',
    },
  },
});
