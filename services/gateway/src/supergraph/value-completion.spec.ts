import { GraphQLError } from 'graphql';
import { surfaceValueCompletionErrors, ValueCompletionError } from './value-completion';

describe('surfaceValueCompletionErrors', () => {
  it('moves the gateway’s value-completion errors into errors, each with its path and a recognisable cause', () => {
    const completion = new GraphQLError('Cannot return null for non-nullable field Pinned.note.', { path: ['pinned', 'note'] });
    const result = surfaceValueCompletionErrors({ data: { pinned: null }, extensions: { valueCompletion: [completion] } });
    expect(result.data).toEqual({ pinned: null });
    expect(result.extensions).toBeUndefined();
    expect(result.errors).toHaveLength(1);
    expect(result.errors![0].message).toBe('Cannot return null for non-nullable field Pinned.note.');
    expect(result.errors![0].path).toEqual(['pinned', 'note']);
    expect(result.errors![0].originalError).toBeInstanceOf(ValueCompletionError);
  });

  it('keeps other extensions and errors already there', () => {
    const existing = new GraphQLError('already here');
    const completion = new GraphQLError('Cannot return null for non-nullable field A.b.', { path: ['a', 'b'] });
    const result = surfaceValueCompletionErrors({ data: null, errors: [existing], extensions: { valueCompletion: [completion], other: 1 } });
    expect(result.errors!.map((error) => error.message)).toEqual(['already here', 'Cannot return null for non-nullable field A.b.']);
    expect(result.extensions).toEqual({ other: 1 });
  });

  it('leaves a result without value-completion errors untouched', () => {
    const result = { data: { a: 1 } };
    expect(surfaceValueCompletionErrors(result)).toBe(result);
  });
});
