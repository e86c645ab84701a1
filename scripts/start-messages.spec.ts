import { PLATFORM_PIECES, PlatformPiece } from './platform-pieces';
import { failureLines, readyLine, welcomeLines } from './start-messages';

const piece = (name: PlatformPiece['name']) => PLATFORM_PIECES.find((candidate) => candidate.name === name)!;

describe('what npm start prints', () => {
  it('one ready line per piece: what it is, where it answers, how long it took', () => {
    expect(readyLine(piece('content'), 4002, 1234)).toMatch(/^✓ content subgraph +http:\/\/localhost:4002\/graphql +ready in 1\.2 s$/);
    expect(readyLine(piece('scoring-worker'), 4105, 800)).toMatch(/^✓ scoring worker +http:\/\/localhost:4105\/health\/ready +ready in 0\.8 s$/);
    expect(readyLine(piece('gateway'), 4000, 15_050)).toMatch(/^✓ gateway +http:\/\/localhost:4000\/graphql +ready in 15\.1 s$/);
  });

  it('lines up the addresses of every piece', () => {
    const columns = PLATFORM_PIECES.map((p) => readyLine(p, 4000, 1000).indexOf('http'));
    expect(new Set(columns).size).toBe(1);
  });

  it('then the addresses a newcomer needs, and where the logs are', () => {
    const lines = welcomeLines({ gatewayPort: 4000, explorer: true, logs: { output: 'files', dir: `${process.cwd()}/data/logs` } });
    expect(lines).toContain('Scriptbook is ready: http://localhost:4000/graphql');
    const text = lines.join('\n');
    expect(text).toMatch(/GraphQL endpoint +http:\/\/localhost:4000\/graphql/);
    expect(text).toMatch(/Explorer +http:\/\/localhost:4000\/explorer/);
    expect(text).toMatch(/Leaderboard page +http:\/\/localhost:4000\/leaderboard\//);
    expect(text).toMatch(/Table screen +http:\/\/localhost:4000\/play\//);
    expect(text).toMatch(/Docs +docs\/companion-app\.md/);
    expect(text).toMatch(/Logs +data\/logs\/<piece>\.log \(LOG_OUTPUT=terminal shows them here\)/);
  });

  it('says when the explorer is off and when the logs are on the terminal', () => {
    const text = welcomeLines({ gatewayPort: 4100, explorer: false, logs: { output: 'raw', dir: '/unused' } }).join('\n');
    expect(text).toMatch(/Explorer +off \(EXPLORER_ENABLED=true serves it\)/);
    expect(text).toMatch(/Logs +on this terminal \(LOG_OUTPUT=raw\)/);
    expect(text).toContain('http://localhost:4100/graphql');
  });

  it('a failure names the piece, shows its last lines and where the whole log is', () => {
    const lines = failureLines({
      piece: piece('campaigns'),
      what: 'exited with code 1',
      tail: ['01:05:41.806  INFO   Mapped {/health, GET} route', 'campaigns failed to start: Error: boom\n    at start'],
      logFile: '/var/log/scriptbook/campaigns.log',
    });
    expect(lines).toEqual([
      '✗ campaigns subgraph exited with code 1',
      '  its last log lines:',
      '    01:05:41.806  INFO   Mapped {/health, GET} route',
      '    campaigns failed to start: Error: boom',
      '        at start',
      '  full log: /var/log/scriptbook/campaigns.log',
    ]);
  });

  it('a piece that said nothing is reported as such', () => {
    expect(failureLines({ piece: piece('gateway'), what: 'was not ready within 60 s', tail: [], logFile: undefined })).toEqual([
      '✗ gateway was not ready within 60 s',
      '  it logged nothing',
    ]);
  });
});
