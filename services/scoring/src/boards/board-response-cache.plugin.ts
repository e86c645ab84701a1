import { ApolloServerPlugin, GraphQLRequestContextResponseForOperation, GraphQLRequestListener } from '@apollo/server';
import { Plugin } from '@nestjs/apollo';
import { Injectable } from '@nestjs/common';
import type { FragmentDefinitionNode } from 'graphql';
import { rawBodyOf, SubgraphContext } from '@scriptbook/platform';
import { BoardAnswers } from './board-answers';
import { cacheableBoardRead, CacheableBoardRead } from './cacheable-board-read';

/** What a request that may be kept carries from before its execution to its answer. */
interface PendingKeep {
  readonly key: string;
  readonly versionKeys: readonly string[];
  readonly versions: string;
}

/**
 * The keeping half of the scoring subgraph's page cache (the giving half is
 * BoardAnswersAhead, ahead of Apollo). A board read (a top-N page, a
 * cursor's page, around-me) that was not given from the cache reads the
 * boards' versions in Redis (one MGET) before it is executed, and its
 * answer is kept at those versions: every board write raises them in the
 * same script or transaction as the change, so a kept answer is never older
 * than the versions it is kept at, and a write acknowledged on any replica
 * is on every later read.
 *
 * What stays as executed: the gateway's signature (middleware, before
 * Apollo), the caller's token (the context), the query limits (validation
 * and didResolveOperation, before this hook). Around-me is kept per player
 * and only for a caller whose token names one; any other caller is executed
 * and refused as usual. Leaderboard pages are open to everyone and never
 * read the caller, so one answer serves every caller. An answer with errors
 * is never kept, and neither is one of a request without a body (a GET).
 */
@Plugin()
@Injectable()
export class BoardResponseCachePlugin implements ApolloServerPlugin<SubgraphContext> {
  constructor(private readonly answers: BoardAnswers) {}

  async requestDidStart(): Promise<GraphQLRequestListener<SubgraphContext> | void> {
    if (!this.answers.cache.enabled) return;
    let pending: PendingKeep | null = null;
    return {
      responseForOperation: async (context) => {
        const read = this.boardReadOf(context);
        if (!read) return null;
        const key = this.keyOf(context, read);
        if (key === null) return null;
        const versionKeys = this.answers.versionKeysOf(read.gameIds);
        const versions = await this.answers.versionsAt(versionKeys);
        this.answers.countUnlessLookedUp(context.contextValue.req, versions === null ? 'bypass' : 'miss');
        if (versions !== null) pending = { key, versionKeys, versions };
        return null;
      },
      willSendResponse: async (context) => {
        if (!pending || context.response.body.kind !== 'single') return;
        const { data, errors, extensions } = context.response.body.singleResult;
        const { status, headers } = context.response.http;
        if (errors?.length || !data || (status !== undefined && status !== 200)) return;
        // The body exactly as Apollo writes it: its fields in Apollo's order, then a newline.
        const text = `${JSON.stringify({ data, extensions })}\n`;
        // A memory of its own: Buffer.from would slice a small body out of a shared 8 KB pool and keep all of it alive.
        const body = Buffer.allocUnsafeSlow(Buffer.byteLength(text, 'utf8'));
        body.write(text, 'utf8');
        const kept = [...headers].filter(([name]) => name !== 'content-type');
        this.answers.keep(pending.key, { versionKeys: pending.versionKeys, versions: pending.versions, body, headers: kept });
      },
    };
  }

  private boardReadOf(context: GraphQLRequestContextResponseForOperation<SubgraphContext>): CacheableBoardRead | null {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.document.definitions) if (definition.kind === 'FragmentDefinition') fragments[definition.name.value] = definition;
    return cacheableBoardRead(context.operation, fragments, this.answers.reads);
  }

  /** The answer's key (BoardAnswers.keyOf); null when it may not be kept: around-me without a player's token, or no body. */
  private keyOf(context: GraphQLRequestContextResponseForOperation<SubgraphContext>, read: CacheableBoardRead): string | null {
    const body = rawBodyOf(context.contextValue.req);
    if (body.length === 0) return null;
    let caller = '';
    if (read.perPlayer) {
      const { viewer } = context.contextValue;
      if (viewer.kind !== 'player') return null;
      caller = viewer.playerId;
    }
    return this.answers.keyOf(body, caller);
  }
}
