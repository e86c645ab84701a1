/** Why the server refused one action: carried back to the device, never thrown past the batch. */
export type RejectionCode = 'BAD_USER_INPUT' | 'NOT_FOUND' | 'CONFLICT';

export class ActionRejection extends Error {
  constructor(
    readonly code: RejectionCode,
    readonly rule: string,
    readonly reason: string,
    readonly field = 'args',
  ) {
    super(reason);
    this.name = 'ActionRejection';
  }
}

export const reject = (code: RejectionCode, rule: string, reason: string, field?: string): never => {
  throw new ActionRejection(code, rule, reason, field);
};
