import { DomainError, ErrorCode } from '@scriptbook/platform';

/** A refusal the campaign model gave (an action's, an undo's), as the API's error: its code, reason and rule, at `field`. */
export function rejectionError(rejected: { readonly code: string; readonly reason: string; readonly field: string; readonly rule: string }, field = rejected.field): DomainError {
  return new DomainError(rejected.code as ErrorCode, rejected.reason, { field, rule: rejected.rule });
}
