import { messageSchema } from '../common/common.schemas.js';
import { defineRoute } from '../common/route.js';
import { profileSchema } from '../users/user.schemas.js';
import {
  changePasswordBodySchema,
  changePasswordResponseSchema,
  closeAccountBodySchema,
  updateProfileBodySchema,
} from './profile.schemas.js';

const tags = ['profile'];

export const profileRoutes = {
  getProfile: defineRoute({
    method: 'GET',
    path: '/profile',
    summary: 'The signed-in user',
    tags,
    response: profileSchema,
  }),
  updateProfile: defineRoute({
    method: 'PUT',
    path: '/profile',
    summary: 'Update names, e-mail and phone number',
    tags,
    body: updateProfileBodySchema,
    response: profileSchema,
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/profile/password-reset',
    summary: 'Change the password, given the current one',
    tags,
    body: changePasswordBodySchema,
    response: changePasswordResponseSchema,
  }),
  closeAccount: defineRoute({
    method: 'POST',
    path: '/profile/close-account',
    summary: 'Close the account: it can no longer sign in',
    tags,
    body: closeAccountBodySchema,
    response: messageSchema,
  }),
};
