import { messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import {
  newPasswordBodySchema,
  passwordResetBodySchema,
  refreshBodySchema,
  resendVerificationBodySchema,
  sessionSchema,
  signInBodySchema,
  signUpBodySchema,
  signUpResponseSchema,
  verifyEmailBodySchema,
} from './auth.schemas.js';

const tags = ['auth'];

export const authRoutes = {
  signUp: defineRoute({
    method: 'POST',
    path: '/auth/sign-up',
    summary: 'Create an account and mail a verification link',
    tags,
    body: signUpBodySchema,
    response: signUpResponseSchema,
    status: 201,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/sign-in',
    summary: 'Sign in with e-mail and base64-encoded password',
    tags,
    body: signInBodySchema,
    response: sessionSchema,
  }),
  refresh: defineRoute({
    method: 'POST',
    path: '/auth/refresh',
    summary: 'Exchange a refresh token for a new session; the old refresh token stops working',
    tags,
    body: refreshBodySchema,
    response: sessionSchema,
  }),
  signOut: defineRoute({
    method: 'POST',
    path: '/auth/sign-out',
    summary: 'Revoke a refresh token',
    tags,
    body: refreshBodySchema,
    response: messageSchema,
  }),
  passwordReset: defineRoute({
    method: 'POST',
    path: '/auth/password-reset',
    summary: 'Mail a single-use password reset link (same answer for unknown e-mails)',
    tags,
    body: passwordResetBodySchema,
    response: messageSchema,
  }),
  newPassword: defineRoute({
    method: 'POST',
    path: '/auth/new-password',
    summary: 'Set a new password with a reset key',
    tags,
    body: newPasswordBodySchema,
    response: messageSchema,
  }),
  verifyEmail: defineRoute({
    method: 'POST',
    path: '/auth/email/verify',
    summary: 'Confirm an e-mail address with the mailed token',
    tags,
    body: verifyEmailBodySchema,
    response: messageSchema,
  }),
  resendVerification: defineRoute({
    method: 'POST',
    path: '/auth/email/resend',
    summary: 'Mail the verification link again (signed-in user, or the given e-mail)',
    tags,
    body: resendVerificationBodySchema,
    response: messageSchema,
  }),
};
