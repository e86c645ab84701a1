/** Moved to the engine root; kept here until the games still listing GameProcedures become descriptors. */
export * from '../../game-procedure';
