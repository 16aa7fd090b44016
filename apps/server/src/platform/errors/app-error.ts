import { MSG, type MsgKey, type TFieldError } from '@portal/contracts';

/** A failure with an HTTP status and a message key; the error handler turns it into the API error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly msgKey: MsgKey | string,
    readonly extra: {
      params?: Record<string, string | number>;
      details?: TFieldError[];
      Message?: string;
    } = {},
  ) {
    super(msgKey);
  }
}

export const badRequest = (details: TFieldError[], msgKey: string = MSG.validationFailed) =>
  new AppError(400, msgKey, { details });
export const unauthorized = (msgKey: string = MSG.unauthorized) => new AppError(401, msgKey);
export const forbidden = (msgKey: string = MSG.noPermission) => new AppError(403, msgKey);
export const notFound = (msgKey: string = MSG.noRecordFound) => new AppError(404, msgKey);
export const conflict = (msgKey: string = MSG.recordNotLatest) => new AppError(409, msgKey);
/** A business rule refused the request (422), optionally naming the fields at fault. */
export const unprocessable = (msgKey: string, details?: TFieldError[]) =>
  new AppError(422, msgKey, { details });
