import { ContentLibrary } from '@scriptbook/content';

/**
 * Turns the ids and choices a caller sends into the content data a
 * procedure needs. Procedures not listed take their input as it is;
 * procedures served from descriptors bind their content instead.
 */
export type InputPreparer = (input: any, library: ContentLibrary) => unknown;

export const INPUT_PREPARERS: Readonly<Record<string, InputPreparer>> = {};
