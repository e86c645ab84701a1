import { Args, Query, Resolver } from '@nestjs/graphql';
import { BLACK_D10, D6, DieDefinition, rollDice } from '@scriptbook/rules-engine';
import { resolutionFields } from '../resolution/transcript.mapper';
import { withRuleErrors } from '../resolution/rule-errors';
import { seedOrDraw } from '../resolution/seeds';
import { DiceRoll, DieKind, RollDiceInput } from './dice.model';

const DICE: Record<DieKind, DieDefinition> = { [DieKind.BLACK_D10]: BLACK_D10, [DieKind.D6]: D6 };

@Resolver()
export class DiceResolver {
  @Query(() => DiceRoll, { description: 'Rolls dice from a seed; persists nothing.' })
  rollDice(@Args('input') input: RollDiceInput): DiceRoll {
    const seed = seedOrDraw(input.seed);
    const resolution = withRuleErrors('input', () => rollDice(DICE[input.die], input.count, seed));
    return { die: input.die, values: resolution.result.values as number[], ...resolutionFields(resolution) };
  }
}
