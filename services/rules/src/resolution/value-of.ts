/** The engine's value type of an enum object registered for GraphQL. */
export type ValueOf<T> = T[keyof T];
