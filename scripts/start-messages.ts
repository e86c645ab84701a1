import { displayPath, LogSettings } from './platform-logs';
import { PlatformPiece, pieceLabel, pieceUrl } from './platform-pieces';

/**
 * What `npm start` says on the terminal: one line per piece as it becomes
 * ready, then where to go next. Pure, so the wording is tested without
 * starting anything.
 */

const LABEL_WIDTH = 20;
const URL_WIDTH = 38;

/** `✓ content subgraph    http://localhost:4002/graphql    ready in 1.2 s` */
export function readyLine(piece: PlatformPiece, port: number, elapsedMs: number): string {
  return `✓ ${pieceLabel(piece).padEnd(LABEL_WIDTH)} ${pieceUrl(piece, port).padEnd(URL_WIDTH)} ready in ${(elapsedMs / 1000).toFixed(1)} s`;
}

export interface Welcome {
  readonly gatewayPort: number;
  readonly explorer: boolean;
  readonly logs: LogSettings;
}

/** The addresses a newcomer needs once everything answers. */
export function welcomeLines({ gatewayPort, explorer, logs }: Welcome): string[] {
  const gateway = `http://localhost:${gatewayPort}`;
  const rows: [string, string][] = [
    ['GraphQL endpoint', `${gateway}/graphql`],
    ['Explorer', explorer ? `${gateway}/explorer` : 'off (EXPLORER_ENABLED=true serves it)'],
    ['Leaderboard page', `${gateway}/leaderboard/`],
    ['Table screen', `${gateway}/play/`],
    ['Docs', 'docs/companion-app.md (build a companion app), docs/api.md (the API)'],
    ['Typed operations', 'clients/README.md'],
    [
      'Logs',
      logs.output === 'files'
        ? `${displayPath(logs.dir)}/<piece>.log (LOG_OUTPUT=terminal shows them here)`
        : `on this terminal (LOG_OUTPUT=${logs.output})`,
    ],
  ];
  return [
    '',
    `Scriptbook is ready: ${gateway}/graphql`,
    ...rows.map(([name, value]) => `  ${name.padEnd(18)} ${value}`),
    '',
    'Ctrl-C stops everything.',
  ];
}

export interface Failure {
  readonly piece: PlatformPiece;
  /** `exited with code 1`, `was not ready within 60 s`, ... */
  readonly what: string;
  /** The piece's last log lines, readable. */
  readonly tail: readonly string[];
  /** Its log file, when logs go to files. */
  readonly logFile: string | undefined;
}

/** Why the platform stops: which piece, its last words, and where the rest is. */
export function failureLines({ piece, what, tail, logFile }: Failure): string[] {
  const lines = [`✗ ${pieceLabel(piece)} ${what}`];
  if (tail.length > 0) lines.push('  its last log lines:', ...tail.flatMap((line) => line.split('\n')).map((line) => `    ${line}`));
  else lines.push('  it logged nothing');
  if (logFile) lines.push(`  full log: ${displayPath(logFile)}`);
  return lines;
}
