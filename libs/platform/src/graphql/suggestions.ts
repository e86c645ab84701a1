import type { ApolloServerPlugin } from '@apollo/server';

/** graphql-js's " Did you mean "a", "b", or "c"?" after an unknown name. */
const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** The message without the names graphql-js suggests, which would reveal the schema where introspection is off. */
export function withoutSuggestions(message: string): string {
  return message.replace(SUGGESTION, '');
}

/** Takes the suggestions out of every error an Apollo server reports. */
export function hiddenSuggestionsPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ errors }) {
          for (const error of errors) error.message = withoutSuggestions(error.message);
        },
      };
    },
  };
}
