import { Violation } from './answer-checks';
import { FuzzRequest } from './transports';

/** One request that broke a promise, with what it broke. */
export interface Observation {
  /** Its number in the run: the same seed sends the same requests in the same order. */
  readonly index: number;
  readonly family: string;
  readonly target: string;
  readonly hostile?: string;
  readonly request: FuzzRequest;
  /** Whether it holds a mutation, so sending it again compares storage too. */
  readonly mutation: boolean;
  readonly violation: Violation;
  /** Smaller requests to try for the same failure, smallest first. */
  readonly smaller?: () => FuzzRequest[];
  /** False for a failure seen around the request (a stream that stayed open), which sending the request alone cannot show. */
  readonly replayable?: boolean;
}

/** The same broken promise seen with the same message, on any number of targets. */
export interface Finding {
  readonly key: string;
  readonly check: string;
  readonly detail: string;
  readonly seen: Observation[];
  /** The smallest request known to fail this way, confirmed by sending it again when shrinking ran. */
  minimal: Observation;
  /** The smallest request per target: one neutral message can stand for several causes, each shown with its own example. */
  readonly smallestByTarget: Map<string, Observation>;
  reproduced?: boolean;
}

const MAX_KEPT_PER_FINDING = 50;
const MAX_BODY_SHOWN = 1_500;
const OTHER_TARGETS_SHOWN = 3;

/** A message without what varies between requests that fail for one reason: ids, numbers, quoted values. */
export function normalizedDetail(detail: string): string {
  return detail
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')
    .replace(/"[^"]*"/g, '"…"')
    .replace(/(?<!HTTP |close )\b\d+(\.\d+)?\b/g, '<n>')
    .slice(0, 200);
}

/** Findings are told apart by family, broken promise and normalized message. */
export function findingKey(family: string, violation: Violation): string {
  return `${family}|${violation.check}|${normalizedDetail(violation.detail)}`;
}

export function requestSize(request: FuzzRequest): number {
  if (request.transport === 'http') return (request.body?.length ?? 0) + (request.search?.length ?? 0);
  if (request.transport === 'socket') return JSON.stringify(request.payload).length + JSON.stringify(request.connectionParams ?? '').length;
  return request.messages.join('').length;
}

export class Findings {
  private readonly byKey = new Map<string, Finding>();

  constructor(
    readonly seed: string,
    private readonly gatewayUrl: string,
  ) {}

  add(observation: Observation): void {
    const detail = normalizedDetail(observation.violation.detail);
    const key = findingKey(observation.family, observation.violation);
    const finding = this.byKey.get(key);
    if (!finding) {
      const smallestByTarget = new Map([[observation.target, observation]]);
      this.byKey.set(key, { key, check: observation.violation.check, detail, seen: [observation], minimal: observation, smallestByTarget });
      return;
    }
    if (finding.seen.length < MAX_KEPT_PER_FINDING) finding.seen.push(observation);
    if (requestSize(observation.request) < requestSize(finding.minimal.request)) finding.minimal = observation;
    const smallest = finding.smallestByTarget.get(observation.target);
    if (!smallest || requestSize(observation.request) < requestSize(smallest.request)) finding.smallestByTarget.set(observation.target, observation);
  }

  get list(): Finding[] {
    return [...this.byKey.values()];
  }

  /** Every distinct failure, each with the smallest request that shows it and how to send it again. */
  report(family: string): string {
    const findings = this.list.filter((finding) => finding.minimal.family === family);
    if (findings.length === 0) return '';
    const parts = findings.map((finding, i) => {
      const targets = [...new Set(finding.seen.map((seen) => seen.target))];
      const minimal = finding.minimal;
      return [
        `${i + 1}. [${finding.check}] ${finding.detail}`,
        `   seen ${finding.seen.length}${finding.seen.length >= MAX_KEPT_PER_FINDING ? '+' : ''} times, on ${targets.slice(0, 8).join(', ')}${targets.length > 8 ? `, and ${targets.length - 8} more` : ''}`,
        `   smallest: request #${minimal.index} (${minimal.target}${minimal.hostile ? `; hostile ${minimal.hostile}` : ''})` +
          (finding.reproduced === undefined ? '' : finding.reproduced ? ', failed the same way when sent again' : ', did NOT fail again when sent again'),
        indent(this.printable(minimal.request), '     '),
        ...[...finding.smallestByTarget.values()]
          .filter((other) => other.target !== minimal.target)
          .sort((a, b) => requestSize(a.request) - requestSize(b.request))
          .slice(0, OTHER_TARGETS_SHOWN)
          .map((other) => `   also on ${other.target} (request #${other.index}${other.hostile ? `; hostile ${other.hostile}` : ''}):\n${indent(this.printable(other.request), '     ')}`),
      ].join('\n');
    });
    return [
      `${findings.length} distinct failure(s) in ${family}. Replay the run: npm run build && FUZZ_SEED=${this.seed} npx jest test/fuzz/schema-fuzz.e2e-spec.ts --selectProjects e2e. Each request below is as it was sent (tokens named, not shown).`,
      ...parts,
    ].join('\n\n');
  }

  /** A request as a developer sends it again: curl for HTTP, the protocol messages for sockets; tokens named, not shown. */
  printable(request: FuzzRequest): string {
    const who = request.actor.token ? `<access token of ${request.actor.name}>` : undefined;
    const hidden = (text: string) => (request.actor.token && who ? text.split(request.actor.token).join(who) : text);
    const socketUrl = `${this.gatewayUrl.replace(/^http/, 'ws')}/graphql/ws`;
    if (request.transport === 'http') {
      const headers = Object.entries(request.headers).map(([name, value]) => ` -H ${quote(`${name}: ${hidden(value)}`)}`);
      const url = `${this.gatewayUrl}/graphql${request.search ? `?${request.search}` : ''}`;
      const body = request.body === undefined ? '' : ` --data-binary ${quote(shown(hidden(request.body)))}`;
      return `curl -sS -X ${request.method} ${quote(shown(url))}${headers.join('')}${body}`;
    }
    if (request.transport === 'socket') {
      const init = request.connectionParams !== undefined ? JSON.stringify(request.connectionParams) : who ? `{"authorization":"Bearer ${who}"}` : '{}';
      return `graphql-ws at ${socketUrl}\nconnection_init ${shown(hidden(init))}\nsubscribe ${shown(JSON.stringify(request.payload))}`;
    }
    const messages = request.messages.map((message) => shown(hidden(message)));
    const listed = messages.length <= 6 ? messages : [...messages.slice(0, 3), `… ${messages.length - 4} more of the same kind …`, messages[messages.length - 1]];
    return `raw WebSocket (graphql-transport-ws) at ${socketUrl}, messages in order:\n${listed.join('\n')}`;
  }
}

function shown(text: string): string {
  return text.length <= MAX_BODY_SHOWN ? text : `${text.slice(0, MAX_BODY_SHOWN)}… (${text.length} characters in all)`;
}

function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((line) => by + line)
    .join('\n');
}

/**
 * Error lines the platform's processes logged, one per distinct message
 * with how often it came: a server logs an error when it took a request for
 * its own fault.
 */
export function distinctLogErrors(lines: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) {
    let text = line;
    try {
      const entry = JSON.parse(line) as { service?: string; name?: string; msg?: string; err?: { type?: string; message?: string } };
      text = `${entry.service ?? entry.name ?? '?'}: ${entry.msg ?? ''}${entry.err ? ` (${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''})` : ''}`;
    } catch {
      // a readable line, kept as it is
    }
    const key = normalizedDetail(text);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([text, count]) => `${count}× ${text}`);
}
