import { RuleInputError } from '@scriptbook/rules-engine';
import { BadUserInputError } from '@scriptbook/platform';

/**
 * Runs an engine call and turns its input errors into BAD_USER_INPUT, with
 * the engine's field path placed under the GraphQL argument it came from.
 */
export function withRuleErrors<T>(argument: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RuleInputError) {
      throw new BadUserInputError(`${argument}.${error.field}`, error.rule, `${argument}.${error.field}: ${error.message}`);
    }
    throw error;
  }
}
