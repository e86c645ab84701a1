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
      const field = argument ? `${argument}.${error.field}` : error.field;
      throw new BadUserInputError(field, error.rule, `${field}: ${error.message}`);
    }
    throw error;
  }
}
