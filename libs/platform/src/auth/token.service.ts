import { Inject, Injectable } from '@nestjs/common';
import jwt from 'jsonwebtoken';
import { BaseConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.tokens';

const ISSUER = 'scriptbook';
const AUDIENCE = 'scriptbook-api';

/** Who is calling: nobody, a player with a valid token, or a bad token. */
export type Viewer =
  | { readonly kind: 'anonymous' }
  | { readonly kind: 'player'; readonly playerId: string }
  | { readonly kind: 'invalid'; readonly reason: string };

/**
 * Issues and verifies the access tokens every subgraph accepts. One secret
 * signs them (HS256), so any service can check a token without calling
 * accounts; the gateway forwards the Authorization header unchanged.
 */
@Injectable()
export class TokenService {
  constructor(@Inject(APP_CONFIG) private readonly config: BaseConfig) {}

  issue(playerId: string): { accessToken: string; expiresAt: Date } {
    const accessToken = jwt.sign({}, this.config.JWT_SECRET, {
      algorithm: 'HS256',
      subject: playerId,
      issuer: ISSUER,
      audience: AUDIENCE,
      expiresIn: this.config.JWT_TTL as jwt.SignOptions['expiresIn'],
    });
    const { exp } = jwt.decode(accessToken) as { exp: number };
    return { accessToken, expiresAt: new Date(exp * 1000) };
  }

  viewerFrom(authorization: string | string[] | undefined): Viewer {
    const header = Array.isArray(authorization) ? authorization[0] : authorization;
    if (!header) return { kind: 'anonymous' };
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { kind: 'invalid', reason: 'the Authorization header must be "Bearer <token>"' };
    try {
      const claims = jwt.verify(match[1], this.config.JWT_SECRET, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      }) as jwt.JwtPayload;
      if (!claims.sub) return { kind: 'invalid', reason: 'the token names no player' };
      return { kind: 'player', playerId: claims.sub };
    } catch (error) {
      const reason = error instanceof jwt.TokenExpiredError ? 'the access token has expired' : 'the access token is not valid';
      return { kind: 'invalid', reason };
    }
  }
}
