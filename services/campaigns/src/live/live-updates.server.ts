import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { APP_CONFIG, BaseConfig, formatGraphQLError, LOGGER, TokenService } from '@scriptbook/platform';
import type { Logger } from '@scriptbook/platform';
import { GraphQLError, GraphQLFormattedError, GraphQLSchema } from 'graphql';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { CampaignsConfig } from '../campaigns.config';
import { CampaignAccess } from '../campaigns/campaign-access';
import { CampaignFeed } from './campaign-feed';
import { LiveCampaignHub } from './live-campaign-hub';
import { CampaignChangedEvent, LiveContext, liveSchema } from './live-schema';
import { LiveOperationGuard } from './live-operation-guard';
import { liveViewerRefused } from './live-token-errors';
import { UnauthenticatedClose } from './unauthenticated-close';
import { serveGraphQLWs } from './graphql-ws-binding';
import { decideUpgrade } from './upgrade-guard';
import { UpgradeRateLimit } from './upgrade-rate-limit';
import { VersionStep } from './version-follower';

/** Where the campaigns service, and the gateway in front of it, accept WebSocket upgrades. */
export const LIVE_PATH = '/graphql/ws';

/**
 * graphql-ws on the service's own HTTP port, so the gateway reaches it at
 * the subgraph URL it already knows. Upgrades are checked like /graphql
 * requests (gateway-signed outside development); the token comes in the
 * connection_init payload and is checked on every subscribe. A subscription
 * ends when its token does (expiry, sign-out, removal: `LiveCampaignHub`),
 * and its connection closes after it (`UnauthenticatedClose`).
 */
@Injectable()
export class LiveUpdatesServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly sockets = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly requireSignature: boolean;
  private readonly unauthenticated = new UnauthenticatedClose();
  /** The schema graphql-ws serves at /graphql/ws once the application has started; test/schema compares it with graphql/schema.graphql. */
  servedSchema: GraphQLSchema | undefined;

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly hub: LiveCampaignHub,
    private readonly access: CampaignAccess,
    private readonly tokens: TokenService,
    private readonly upgradeLimit: UpgradeRateLimit,
    @Inject(APP_CONFIG) private readonly config: BaseConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.requireSignature = config.NODE_ENV !== 'development';
  }

  onApplicationBootstrap(): void {
    const schema = liveSchema((campaignId, context) => this.follow(campaignId, context));
    this.servedSchema = schema;
    const guard = new LiveOperationGuard(schema, this.config as CampaignsConfig);
    serveGraphQLWs<{ authorization?: unknown }>(
      {
        schema,
        onSubscribe: (ctx, _id, payload) => guard.admit(ctx, payload),
        context: (ctx): LiveContext => {
          const value = ctx.connectionParams?.authorization;
          return { authorization: typeof value === 'string' ? value : undefined };
        },
        onError: (ctx, _id, _payload, errors) => {
          const formatted = errors.map((error) => this.format(error));
          this.unauthenticated.erred(ctx.extra.socket, formatted);
          return formatted;
        },
        onComplete: (ctx, id) => this.unauthenticated.completed(ctx.extra.socket, Object.keys(ctx.subscriptions).filter((other) => other !== id).length),
        onNext: (_ctx, _id, _payload, _args, result) =>
          result.errors ? { ...result, errors: result.errors.map((error) => this.format(error)) } : undefined,
      },
      this.sockets,
      this.logger,
      guard.socketLimits,
    );
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(req, socket, head).catch((error: unknown) => {
        this.logger.error({ err: error }, 'WebSocket upgrade failed');
        socket.destroy();
      });
    });
    // An open WebSocket keeps server.close() waiting forever; the platform's
    // shutdown calls it first, so say goodbye to live clients at that moment.
    const close = server.close.bind(server);
    server.close = ((callback?: (error?: Error) => void) => {
      this.goodbye();
      return close(callback);
    }) as Server['close'];
  }

  onApplicationShutdown(): void {
    this.goodbye();
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const path = (req.url ?? '').split('?')[0];
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    const decision = decideUpgrade(this.config.GATEWAY_SIGNING_SECRET, this.requireSignature, req.headers);
    if (!decision.accepted) {
      this.logger.warn({ reason: decision.reason }, 'WebSocket upgrade refused');
      return refuse(socket, 401, 'Unauthorized');
    }
    const limit = await this.upgradeLimit.consume(req, decision.signedAddress);
    if (limit?.limited) return refuse(socket, 429, 'Too Many Requests', { 'Retry-After': String(limit.retryAfter) });
    if (socket.destroyed) return;
    this.sockets.handleUpgrade(req, socket, head, (ws) => this.sockets.emit('connection', ws, req));
  }

  /**
   * A plain iterator rather than an async generator: a generator waiting for
   * the next change cannot be returned until that change comes, so a
   * client that unsubscribes (or drops) would leave its feed registered.
   */
  private follow(campaignId: string, context: LiveContext): AsyncIterableIterator<CampaignChangedEvent> {
    let feed: CampaignFeed | null = null;
    let steps: AsyncIterator<VersionStep> | null = null;
    let finished = false;
    const finish = () => {
      finished = true;
      if (!feed) return;
      this.hub.close(feed);
      feed.end();
    };
    const opening = (async () => {
      const caller = await this.tokens.grantOf(context.authorization);
      if (!caller.grant) throw liveViewerRefused(caller.viewer);
      if (finished) return;
      // Registered before the version is read, so no change slips in between.
      feed = this.hub.open(campaignId, caller.grant);
      const campaign = await this.access.require(campaignId, caller.viewer, 'campaignId');
      feed.start(campaign.groupId, campaign.version);
      steps = feed[Symbol.asyncIterator]();
    })();
    opening.catch(() => undefined);
    const done = { done: true, value: undefined } as const;
    return {
      async next() {
        try {
          await opening;
          if (finished || !steps) return done;
          const step = await steps.next();
          if (step.done) return finish(), done;
          return { done: false, value: { campaignId, ...step.value } };
        } catch (error) {
          finish();
          throw error;
        }
      },
      async return() {
        finish();
        return done;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  private format(error: GraphQLError): GraphQLFormattedError {
    return formatGraphQLError(error.toJSON(), error, (unexpected) => this.logger.error({ err: unexpected }, 'unexpected live update error'));
  }

  private goodbye(): void {
    for (const client of this.sockets.clients) {
      client.close(1001, 'server shutting down');
      // A client that never answers the close frame must not hold shutdown up.
      setTimeout(() => client.terminate(), 1_000).unref();
    }
  }
}

function refuse(socket: Duplex, status: number, text: string, headers: Record<string, string> = {}): void {
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  socket.end(`HTTP/1.1 ${status} ${text}\r\n${extra}Connection: close\r\nContent-Length: 0\r\n\r\n`);
}
