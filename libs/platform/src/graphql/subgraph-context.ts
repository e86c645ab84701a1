import type { Request } from 'express';
import type { Viewer } from '../auth/token.service';

/** What every subgraph resolver finds in its GraphQL context. */
export interface SubgraphContext {
  readonly req: Request;
  /** Who the Authorization header names; resolvers authorize against it. */
  readonly viewer: Viewer;
  /** The end client's address, signed by the gateway; read it with `signedClientAddressOf`. */
  readonly clientAddress: string | undefined;
}
