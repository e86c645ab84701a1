import { DEFAULT_PORTS } from '@scriptbook/platform';

export interface PlatformPiece {
  /** Process name; also the key of its default port and the name of its log file. */
  readonly name: keyof typeof DEFAULT_PORTS;
  readonly role: 'subgraph' | 'worker' | 'gateway';
  /** Compiled entrypoint, relative to dist/. */
  readonly entry: string;
}

/** Every process of the platform, in start order: subgraphs, workers, then the gateway. */
export const PLATFORM_PIECES: readonly PlatformPiece[] = [
  { name: 'accounts', role: 'subgraph', entry: 'services/accounts/src/main.js' },
  { name: 'content', role: 'subgraph', entry: 'services/content/src/main.js' },
  { name: 'rules', role: 'subgraph', entry: 'services/rules/src/main.js' },
  { name: 'campaigns', role: 'subgraph', entry: 'services/campaigns/src/main.js' },
  { name: 'scoring', role: 'subgraph', entry: 'services/scoring/src/main.js' },
  { name: 'campaigns-worker', role: 'worker', entry: 'services/campaigns/src/worker.js' },
  { name: 'scoring-worker', role: 'worker', entry: 'services/scoring/src/worker.js' },
  { name: 'gateway', role: 'gateway', entry: 'services/gateway/src/main.js' },
];

/** How the terminal names a piece: `content subgraph`, `scoring worker`, `gateway`. */
export function pieceLabel(piece: PlatformPiece): string {
  if (piece.role === 'worker') return `${piece.name.replace(/-worker$/, '')} worker`;
  return piece.role === 'subgraph' ? `${piece.name} subgraph` : piece.name;
}

/** What a person would open for a piece: the GraphQL endpoint of an API, the health of a worker (it serves nothing else). */
export function pieceUrl(piece: PlatformPiece, port: number): string {
  return piece.role === 'worker' ? `http://localhost:${port}/health/ready` : `http://localhost:${port}/graphql`;
}
