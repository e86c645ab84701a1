/**
 * Who may read a background job through `job(id)`.
 *
 * - `players`: the players who asked for it. A second request for the same
 *   work joins the queued job, so recording it again adds that player.
 * - `group`: every current member of the group the job works for, checked
 *   against the membership read model on each read, so a player who leaves
 *   the group loses the job at once.
 *
 * Anyone else hears that the job does not exist.
 */
export type JobAudience =
  | { readonly kind: 'players'; readonly playerIds: readonly string[] }
  | { readonly kind: 'group'; readonly groupId: string };
