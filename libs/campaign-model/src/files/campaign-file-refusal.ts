/**
 * Why a campaign file cannot be imported: the first place it disagrees with
 * itself or with the game's model, as a path into the file (`file.actions[17].args`),
 * the rule it broke, and the version concerned (null when the fault is not
 * one version's, e.g. a file of another format).
 */
export class CampaignFileRefusal extends Error {
  constructor(
    readonly field: string,
    readonly rule: string,
    message: string,
    readonly version: number | null = null,
  ) {
    super(message);
    this.name = 'CampaignFileRefusal';
  }
}
