import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AuthenticatedPlayer, CurrentPlayer } from '../auth/current-player.decorator';
import { ConnectionShape, PageArgs } from '../graphql/pagination';
import { WebhookRegistry } from './webhook-registry.service';
import {
  RegisterWebhookInput,
  toWebhookDelivery,
  toWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryConnection,
  WebhookEndpoint,
  WebhookEndpointConnection,
  WebhookEndpointWithSecret,
  wireTypeOf,
} from './webhook.model';

const endpointIdArg = { type: () => ID, description: 'The endpoint, as `registerWebhook` or `webhooks` gave it. NOT_FOUND unless you registered it.' };

const mapPage = <A, B>(page: ConnectionShape<A>, map: (a: A) => B): ConnectionShape<B> => ({
  pageInfo: page.pageInfo,
  edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: map(edge.node) })),
});

@Resolver(() => WebhookEndpoint)
export class WebhooksResolver {
  constructor(private readonly registry: WebhookRegistry) {}

  @Query(() => WebhookEndpointConnection, { nullable: true, description: 'The webhook endpoints you registered, newest first. Needs a token.' })
  async webhooks(@CurrentPlayer() player: AuthenticatedPlayer, @Args() page: PageArgs): Promise<ConnectionShape<WebhookEndpoint>> {
    return mapPage(await this.registry.list(player, page.first, page.after), toWebhookEndpoint);
  }

  @Query(() => WebhookDeliveryConnection, {
    nullable: true,
    description: "An endpoint's delivery log, newest first: each event sent to it, with its status, attempts and last error. Only for the player who registered the endpoint; anyone else gets NOT_FOUND on `endpointId`.",
  })
  async webhookDeliveries(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('endpointId', endpointIdArg) endpointId: string,
    @Args() page: PageArgs,
  ): Promise<ConnectionShape<WebhookDelivery>> {
    return mapPage(await this.registry.deliveriesOf(player, endpointId, page.first, page.after), toWebhookDelivery);
  }

  @Mutation(() => WebhookEndpointWithSecret, {
    description:
      "Registers an endpoint for a group's events (you must own the group) or for the public boards' (you must be a scoring administrator), and returns its signing secret, shown only here. " +
      'The URL must be https and every address its host resolves to public (BAD_USER_INPUT on `input.url`, rule `https` or `public-address`). A refused registration stores nothing.',
  })
  async registerWebhook(
    @CurrentPlayer() player: AuthenticatedPlayer,
    @Args('input', { description: 'Where to send and which events.' }) input: RegisterWebhookInput,
  ): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await this.registry.register(player, { ...input, events: input.events.map(wireTypeOf) });
    return { endpoint: toWebhookEndpoint(endpoint), secret };
  }

  @Mutation(() => WebhookEndpointWithSecret, {
    description: 'Replaces an endpoint\'s signing secret with a new one, shown only here; every delivery signed from now on, retries included, uses it.',
  })
  async rotateWebhookSecret(@CurrentPlayer() player: AuthenticatedPlayer, @Args('id', endpointIdArg) id: string): Promise<WebhookEndpointWithSecret> {
    const { endpoint, secret } = await this.registry.rotateSecret(player, id);
    return { endpoint: toWebhookEndpoint(endpoint), secret };
  }

  @Mutation(() => WebhookEndpoint, { description: 'Holds an endpoint\'s deliveries back (status HELD) until `resumeWebhook`. Pausing a paused endpoint changes nothing.' })
  async pauseWebhook(@CurrentPlayer() player: AuthenticatedPlayer, @Args('id', endpointIdArg) id: string): Promise<WebhookEndpoint> {
    return toWebhookEndpoint(await this.registry.pause(player, id));
  }

  @Mutation(() => WebhookEndpoint, {
    description: 'Lifts a pause, yours or one after repeated failures: the failure count starts again from 0 and every held delivery is sent again with a fresh round of attempts.',
  })
  async resumeWebhook(@CurrentPlayer() player: AuthenticatedPlayer, @Args('id', endpointIdArg) id: string): Promise<WebhookEndpoint> {
    return toWebhookEndpoint(await this.registry.resume(player, id));
  }

  @Mutation(() => ID, { description: 'Deletes an endpoint and its delivery log; nothing more is sent to it. Returns the deleted id.' })
  deleteWebhook(@CurrentPlayer() player: AuthenticatedPlayer, @Args('id', endpointIdArg) id: string): Promise<string> {
    return this.registry.delete(player, id);
  }
}
