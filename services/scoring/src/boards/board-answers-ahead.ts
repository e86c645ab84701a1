import { Injectable, NestMiddleware } from '@nestjs/common';
import type { Request, Response } from 'express';
import { rawBodyOf, TokenService } from '@scriptbook/platform';
import { BoardAnswers } from './board-answers';

/** What Apollo answers a request with no `accept`, or one that takes JSON or anything: the gateway sends none. */
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

function takesPlainJson(accept: string | undefined): boolean {
  return accept === undefined || accept === 'application/json' || accept === '*/*';
}

/**
 * Gives a kept board answer before Apollo sees the request: the exact bytes
 * Apollo sent for the same body, while the boards are still at the versions
 * it was read at. A hit costs the signature check, one MGET and a write; it
 * skips parsing, validation, execution and serialization, which is what a
 * page's tail was made of. Runs after the gateway's signature check (the
 * platform's middleware on /graphql comes first), so a direct caller reads
 * nothing from the cache. Everything it does not answer (another `accept`,
 * nothing kept, a stale answer, Redis unreachable) goes on to Apollo as
 * before, where the plugin keeps the executed answer.
 */
@Injectable()
export class BoardAnswersAhead implements NestMiddleware {
  constructor(
    private readonly answers: BoardAnswers,
    private readonly tokens: TokenService,
  ) {}

  async use(req: Request, res: Response, next: () => void): Promise<void> {
    const body = rawBodyOf(req);
    if (!this.answers.cache.enabled || req.method !== 'POST' || body.length === 0 || !takesPlainJson(req.headers.accept)) return next();
    try {
      const now = new Date();
      let key = this.answers.keyOf(body, '', now);
      let kept = this.answers.cache.peek(key);
      if (!kept && req.headers.authorization) {
        // Around-me is kept per player: only a caller whose token names one can have an answer kept. The context reuses this check.
        const viewer = await this.tokens.viewerOfRequest(req);
        if (viewer.kind === 'player') {
          key = this.answers.keyOf(body, viewer.playerId, now);
          kept = this.answers.cache.peek(key);
        }
      }
      if (!kept) return next();
      const found = this.answers.lookup(req, key, await this.answers.versionsAt(kept.versionKeys));
      if (found.outcome !== 'hit') return next();
      for (const [name, value] of found.answer.headers) res.setHeader(name, value);
      res.setHeader('content-type', JSON_CONTENT_TYPE);
      res.status(200).send(found.answer.body);
    } catch {
      // Redis unreachable, say: Apollo answers as it would without a cache.
      next();
    }
  }
}
