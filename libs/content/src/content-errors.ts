/** Every problem found while loading packs, reported together. */
export class ContentValidationError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`content packs are invalid:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ContentValidationError';
  }
}
