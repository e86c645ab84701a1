import { BadUserInputError, ConflictError } from '@scriptbook/platform';

/** The argument naming a version, in every refusal of time travel and revert. */
export const VERSION_FIELD = 'version';

/** A version is a whole number from 0: refused before anything is read. */
export function checkVersionShape(version: number): void {
  if (!Number.isInteger(version) || version < 0) throw new BadUserInputError(VERSION_FIELD, 'range', `version must be a whole number from 0, not ${version}`);
}

/** A version the campaign has not reached: the same rule a pull from beyond the campaign gets. */
export function aheadOfCampaign(version: number, currentVersion: number): ConflictError {
  return new ConflictError(`The campaign is at version ${currentVersion}; version ${version} does not exist yet`, { field: VERSION_FIELD, rule: 'ahead-of-campaign' });
}
