import type { ApolloServerPlugin } from '@apollo/server';
import { DocumentNode, GraphQLError, Kind } from 'graphql';
import { ErrorCode } from '../errors/domain-errors';

/** Where the API serves subscriptions; HTTP carries queries and mutations only. */
export const LIVE_UPDATES_PATH = '/graphql/ws';

/**
 * Refuses, as the client's mistake (HTTP 400, `BAD_USER_INPUT` naming what
 * to fix), a request whose operation cannot be chosen or cannot run over
 * HTTP, before anything tries to run it: an `operationName` the document
 * does not define, a document of several operations without one, and a
 * subscription. graphql-js and Apollo Gateway would otherwise fail later,
 * and the gateway reported that as an internal error.
 */
export function operationResolutionPlugin(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ operation, document, request }) {
          if (!operation) throw unresolvedOperation(document, request.operationName ?? undefined);
          if (operation.operation === 'subscription') {
            throw requestRefusal(
              `Subscriptions are not served over HTTP: open graphql-ws (protocol graphql-transport-ws) at ${LIVE_UPDATES_PATH} and subscribe there.`,
              'query',
              'operation-type',
            );
          }
        },
      };
    },
  };
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
/** Operations named in a refusal; a document may hold hundreds. */
const NAMES_SHOWN = 5;

/** The refusal of a request whose document does not say which operation to run: `operationName` names none of them, or is missing among several. */
export function unresolvedOperation(document: DocumentNode, operationName: string | undefined): GraphQLError {
  const names = document.definitions.flatMap((definition) =>
    definition.kind === Kind.OPERATION_DEFINITION ? [definition.name ? `"${definition.name.value}"` : 'an anonymous operation'] : [],
  );
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  const defined = names.length > 0 ? `The document defines ${names.slice(0, NAMES_SHOWN).join(', ')}${more}.` : 'The document defines no operation.';
  if (operationName !== undefined) {
    // The name is the client's own string, repeated only when it is a GraphQL name.
    const named = NAME.test(operationName) ? `named "${operationName}"` : 'by that operationName';
    return requestRefusal(`No operation ${named}. ${defined}`, 'operationName', 'exists');
  }
  return requestRefusal(`The document holds several operations: say which to run in operationName. ${defined}`, 'operationName', 'required');
}

/** A request the client must change, answered with HTTP 400 where there is HTTP. */
export function requestRefusal(message: string, field: string, rule: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: ErrorCode.BAD_USER_INPUT, field, rule, http: { status: 400 } } });
}
