/** The hand-written checks moved to the engine root; kept here until the last games that import them from this path describe their input with zod. */
export * from '../../validate';
