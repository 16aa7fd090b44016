import { isRouteErrorResponse } from 'react-router';

/** What the route error page names: a response's status and text, an error's message, else nothing. */
export const routeErrorDetail = (error: unknown) =>
  isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
