import { checkAnswer, Violation } from './answer-checks';
import { findingKey, Findings, requestSize } from './findings';
import { PersistenceProbe, Snapshot } from './persistence-probe';
import { Answer, FuzzRequest, Transports } from './transports';
import { REFUSALS_THAT_STORE } from './value-knowledge';

/** One request of the run and what it is for. */
export interface FuzzCase {
  readonly family: string;
  readonly target: string;
  readonly hostile?: string;
  readonly request: FuzzRequest;
  /** Whether the document holds a mutation, in which case a refusal must leave storage as it was. */
  readonly mutation: boolean;
  /** Smaller requests that may fail the same way, smallest first. */
  readonly smaller?: () => FuzzRequest[];
}

export interface CaseOutcome {
  readonly answer: Answer;
  readonly violations: Violation[];
  readonly refused: boolean;
}

/** How long storage must stay unchanged before a mutation is sent, so what a previous one queued is not counted against it. */
const QUIET_FOR_MS = 60;
const QUIET_AT_MOST_MS = 3_000;
const SHRINK_ATTEMPTS = 4;

/**
 * A mutation is refused when it answered errors and no value for its root
 * field: HTTP refusals carry no data, field refusals a null. Only then does
 * the API promise that nothing was stored.
 */
export function wasRefused(answer: Answer): boolean {
  if (answer.noAnswer || answer.results.length === 0) return true;
  return answer.results.some((result) => {
    if (!Array.isArray(result.errors) || result.errors.length === 0) return false;
    const data = result.data as Record<string, unknown> | null | undefined;
    return !data || Object.values(data).some((value) => value === null);
  });
}

/**
 * Sends cases one at a time, checks every answer, and around every mutation
 * compares storage before and after: one at a time, so nothing else the run
 * sends can explain a change.
 */
export class FuzzRunner {
  sent = 0;
  /** How answers ended, per family: `accepted`, or the first error's code. */
  readonly outcomes = new Map<string, Map<string, number>>();
  /** Accepted mutations that changed storage: none would mean the probe cannot see a write, and every refusal check would be empty. */
  acceptedMutationsThatStored = 0;
  private storageMayMove = true;

  constructor(
    private readonly transports: Transports,
    private readonly probe: PersistenceProbe,
    private readonly codes: ReadonlySet<string>,
    readonly findings: Findings,
    /** Told every request's outcome, for a run log (FUZZ_LOG). */
    private readonly log?: (entry: Record<string, unknown>) => void,
  ) {}

  async run(fuzzCase: FuzzCase): Promise<CaseOutcome> {
    const outcome = await this.send(fuzzCase.request, fuzzCase.mutation);
    const index = this.sent;
    this.count(fuzzCase.family, outcome);
    this.log?.({ index, family: fuzzCase.family, target: fuzzCase.target, hostile: fuzzCase.hostile, status: outcome.answer.status, outcome: outcomeOf(outcome.answer), ms: Math.round(outcome.answer.elapsedMs) });
    for (const violation of outcome.violations) {
      this.findings.add({ index, ...fuzzCase, violation });
    }
    return outcome;
  }

  /** A check of the run's own (a stream that must end), reported like any other. */
  report(fuzzCase: FuzzCase, violation: Violation): void {
    this.findings.add({ index: this.sent, ...fuzzCase, smaller: undefined, replayable: false, violation });
  }

  /**
   * Sends each finding's smallest request again, and the smaller variants
   * its case offers, keeping the smallest that still fails the same way.
   */
  async shrink(family: string): Promise<void> {
    for (const finding of this.findings.list.filter((f) => f.minimal.family === family && f.reproduced === undefined && f.minimal.replayable !== false)) {
      const sameFailure = (violations: Violation[]) => violations.some((v) => findingKey(family, v) === finding.key);
      const representative = finding.minimal;
      const mutation = representative.mutation;
      finding.reproduced = sameFailure((await this.send(representative.request, mutation)).violations);
      const candidates = (representative.smaller?.() ?? []).filter((request) => requestSize(request) < requestSize(representative.request));
      for (const request of candidates.slice(0, SHRINK_ATTEMPTS)) {
        if (sameFailure((await this.send(request, mutation)).violations)) {
          finding.minimal = { ...representative, request, index: this.sent };
          finding.reproduced = true;
          break;
        }
      }
    }
  }

  private async send(request: FuzzRequest, mutation: boolean): Promise<CaseOutcome> {
    const before = mutation ? await this.quietSnapshot() : undefined;
    const answer = await this.transports.send(request);
    this.sent += 1;
    const violations = checkAnswer(answer, this.codes);
    const refused = wasRefused(answer);
    if (before) {
      const changes = PersistenceProbe.differences(before, await this.probe.snapshot()).filter((change) => !allowedByRefusal(answer, change));
      if (refused && changes.length > 0) violations.push({ check: 'refused-mutation-stored', detail: changes.map(generalized).join('; ') });
      if (!refused && changes.length > 0) this.acceptedMutationsThatStored += 1;
      this.storageMayMove = !refused;
    }
    return { answer, violations, refused };
  }

  private count(family: string, outcome: CaseOutcome): void {
    const counts = this.outcomes.get(family) ?? new Map<string, number>();
    const key = outcomeOf(outcome.answer);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    this.outcomes.set(family, counts);
  }

  /** A snapshot taken once storage has stopped moving, when the last request may have set work going. */
  private async quietSnapshot(): Promise<Snapshot> {
    let snapshot = await this.probe.snapshot();
    if (!this.storageMayMove) return snapshot;
    const deadline = Date.now() + QUIET_AT_MOST_MS;
    while (Date.now() < deadline) {
      await new Promise((wait) => setTimeout(wait, QUIET_FOR_MS));
      const again = await this.probe.snapshot();
      if (PersistenceProbe.differences(snapshot, again).length === 0) return again;
      snapshot = again;
    }
    return snapshot;
  }
}

/** Whether the answer's own refusal is one the design lets store this change (`REFUSALS_THAT_STORE`). */
function allowedByRefusal(answer: Answer, change: string): boolean {
  const errors = answer.results.flatMap((result) => (Array.isArray(result.errors) ? result.errors : [])) as { extensions?: Record<string, unknown> }[];
  return REFUSALS_THAT_STORE.some(
    (allowed) => allowed.change.test(change) && errors.some((error) => error.extensions?.field === allowed.field && error.extensions?.rule === allowed.rule),
  );
}

/** A change without the ids in its key, so one finding covers every job or session it touched. */
function generalized(change: string): string {
  return change.replace(/sbtest-[a-z0-9]+:/, '<prefix>:').replace(/:[0-9a-f-]{16,}|:\d+(?=$|:)/gi, ':<id>');
}

/** `accepted`, `no answer`, `closed 4400`, or the first error's code: what a request came to. */
export function outcomeOf(answer: Answer): string {
  if (answer.noAnswer) return 'no answer';
  const errors = answer.results.flatMap((result) => (Array.isArray(result.errors) ? result.errors : []));
  if (errors.length > 0) return String((errors[0] as { extensions?: { code?: unknown } })?.extensions?.code ?? 'no code');
  if (answer.closed) return `closed ${answer.closed.code}`;
  if (answer.results.length === 0) return answer.status === undefined ? 'no message' : `HTTP ${answer.status}`;
  return 'accepted';
}
