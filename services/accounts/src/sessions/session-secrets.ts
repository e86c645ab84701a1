import { randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters, 256 bits, nothing to guess. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A well-formed refresh token as `newRefreshToken` makes them; anything else is unknown without a lookup. */
export function looksLikeRefreshToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

const DAY_MS = 86_400_000;

export interface SessionLifetimes {
  readonly idleDays: number;
  readonly maxDays: number;
}

/** When a session started at `startedAt` ends however often it is refreshed. */
export function sessionEnd(startedAt: Date, lifetimes: SessionLifetimes): Date {
  return new Date(startedAt.getTime() + lifetimes.maxDays * DAY_MS);
}

/** When a refresh token issued at `issuedAt` stops working unused: the idle limit, never past the session's end. */
export function refreshTokenEnd(issuedAt: Date, sessionEndsAt: Date, lifetimes: SessionLifetimes): Date {
  return new Date(Math.min(issuedAt.getTime() + lifetimes.idleDays * DAY_MS, sessionEndsAt.getTime()));
}
