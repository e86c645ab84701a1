import { GraphQLBoolean, GraphQLID, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema } from 'graphql';
import { VersionStep } from './version-follower';

export interface CampaignChangedEvent extends VersionStep {
  readonly campaignId: string;
}

/** Opens one subscription's stream; refusals are thrown from the stream itself. */
export type FollowCampaign = (campaignId: string, context: LiveContext) => AsyncIterable<CampaignChangedEvent>;

export interface LiveContext {
  /** The `authorization` value of the connection's connection_init payload. */
  readonly authorization: string | undefined;
}

const CampaignChangedEventType = new GraphQLObjectType<CampaignChangedEvent>({
  name: 'CampaignChangedEvent',
  description:
    'A campaign moved to a new version. Events arrive in order and without gaps: each one starts where the previous ended. ' +
    'Fetch what changed with `campaignChanges(campaignId, sinceVersion: <your version>)` over HTTP.',
  fields: {
    campaignId: { type: new GraphQLNonNull(GraphQLID), description: 'The campaign that changed.' },
    fromVersion: {
      type: new GraphQLNonNull(GraphQLInt),
      description:
        'The version before the changes this event reports. Equal to `version` only in the first event, which states where the campaign stood when the subscription started.',
    },
    version: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The campaign’s version after these changes. A device at an older version pulls `campaignChanges` from its own version.',
    },
  },
});

/**
 * The schema served over graphql-ws at `/graphql/ws`. It is not part of the
 * supergraph: the gateway proxies the WebSocket instead, because Apollo
 * Gateway cannot execute subscriptions.
 */
export function liveSchema(follow: FollowCampaign): GraphQLSchema {
  return new GraphQLSchema({
    description: 'Live campaign updates over graphql-ws (protocol graphql-transport-ws). Queries and mutations go to /graphql over HTTP.',
    query: new GraphQLObjectType({
      name: 'Query',
      description: 'A query root is required by GraphQL; everything a device reads goes through /graphql over HTTP.',
      fields: {
        live: { type: new GraphQLNonNull(GraphQLBoolean), description: 'Always true: a cheap check that the live connection answers.', resolve: () => true },
      },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      description:
        'Streams a device can follow, served over graphql-ws (protocol graphql-transport-ws) at /graphql/ws with the access token in the connection_init payload; ' +
        'a subscription sent to /graphql over HTTP is refused (BAD_USER_INPUT on `query`, rule "operation-type").',
      fields: {
        campaignChanged: {
          type: new GraphQLNonNull(CampaignChangedEventType),
          description:
            'Follows a campaign of one of your groups. The first event is its current version; after that, one event per committed push or undo. ' +
            'Needs `authorization: "Bearer <token>"` in the connection_init payload, and lasts no longer than that token. Ends with an error: ' +
            'UNAUTHENTICATED on `authorization` without a valid token, when it expires (rule `access-token-expired`: refresh, reconnect with the new token ' +
            'and pull `campaignChanges` from your version) or when its session or player is revoked (`session-ended`, `player-removed`), after which the ' +
            'connection closes with 4401; NOT_FOUND on `campaignId` for a campaign you cannot see, or as soon as you leave or are removed from its group.',
          args: { campaignId: { type: new GraphQLNonNull(GraphQLID), description: 'The campaign to follow.' } },
          subscribe: (_root: unknown, args: { campaignId: string }, context: LiveContext) => follow(args.campaignId, context),
          resolve: (event: unknown) => event,
        },
      },
    }),
  });
}
