import { BadRequestException, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { httpErrorFor } from './http-error-response';

describe('httpErrorFor', () => {
  it('answers an unknown path with 404 NOT_FOUND', () => {
    expect(httpErrorFor(new NotFoundException('Cannot GET /nope'))).toEqual({
      status: 404,
      message: 'Nothing is served at this path',
      code: 'NOT_FOUND',
      unexpected: false,
    });
  });

  it('never echoes the body a JSON parse error quotes', () => {
    const answer = httpErrorFor(new BadRequestException('Unexpected token \'p\', "password=hunter2" is not valid JSON'));
    expect(answer).toEqual({ status: 400, message: 'Request body is not valid JSON', code: 'BAD_REQUEST', unexpected: false });
  });

  it('maps body-parser errors by type, keeping their 4xx status', () => {
    expect(httpErrorFor(Object.assign(new Error('too big'), { type: 'entity.too.large', status: 413 }))).toMatchObject({
      status: 413,
      code: 'BAD_REQUEST',
      message: 'Request body is too large',
    });
    expect(httpErrorFor(Object.assign(new Error('x'), { type: 'encoding.unsupported', status: 415 }))).toMatchObject({ status: 415 });
  });

  it('maps 401 to UNAUTHENTICATED', () => {
    expect(httpErrorFor(new UnauthorizedException())).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('hides anything else behind a 500 worth logging', () => {
    expect(httpErrorFor(new Error('database password is hunter2'))).toEqual({
      status: 500,
      message: 'Internal server error',
      code: 'INTERNAL_SERVER_ERROR',
      unexpected: true,
    });
  });
});
