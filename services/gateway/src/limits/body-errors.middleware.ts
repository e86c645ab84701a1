import type { NextFunction, Request, Response } from 'express';

/** Body-parser failures answered in GraphQL's error shape instead of an HTML page. */
export function bodyErrorsMiddleware(bodyLimit: string) {
  return (error: { type?: string; status?: number }, _req: Request, res: Response, next: NextFunction): void => {
    if (error?.type === 'entity.too.large') {
      res.status(413).json({ errors: [{ message: `Request body is larger than ${bodyLimit}`, extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    if (error?.type === 'entity.parse.failed') {
      res.status(400).json({ errors: [{ message: 'Request body is not valid JSON', extensions: { code: 'BAD_REQUEST' } }] });
      return;
    }
    next(error);
  };
}
