// What the API answers (its `message`), word for word. The SPA shows these as the server sends them.
import { serverErrorMessage } from './messages';

export const serverMessages = {
  validationFailed: 'The given data was invalid.',
  invalidCredentials: 'These credentials do not match our records.',
  wrongAccountTypeArtist: 'This is a customer account. Use the customer login instead.',
  wrongAccountTypeUser: 'This is an artist account. Use the artist login instead.',
  accountDeactivated: 'This account has been deactivated.',
  unauthenticated: 'Unauthenticated.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
  routeNotFound: 'This address does not exist.',
  methodNotAllowed: 'This method is not allowed here.',
  malformedJson: 'The request body is not valid JSON.',
  unsupportedMediaType: 'Send the body as application/json.',
  payloadTooLarge: 'The request body is too large.',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  serverError: serverErrorMessage,
  loggedOut: 'You have been signed out.',
  refreshed: 'Your session has been renewed.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset the password.',
  resetDone: 'Your password has been reset. You can now log in.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  firstLoginDone: 'Welcome aboard.',
  badRequest: 'The request could not be understood.',
  serviceUnavailable: 'The service is starting or its database is unreachable. Please try again shortly.',
} as const;
