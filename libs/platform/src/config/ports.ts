/** Where each piece listens by default on one machine; containers use the same. */
export const DEFAULT_PORTS = {
  gateway: 4000,
  accounts: 4001,
  content: 4002,
  rules: 4003,
  campaigns: 4004,
  scoring: 4005,
  'campaigns-worker': 4104,
  'scoring-worker': 4105,
} as const;

export type SubgraphName = 'accounts' | 'content' | 'rules' | 'campaigns' | 'scoring';
export const SUBGRAPHS: readonly SubgraphName[] = ['accounts', 'content', 'rules', 'campaigns', 'scoring'];
