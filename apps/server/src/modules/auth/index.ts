export { registerAuthRoutes } from './auth.routes.js';
export {
  findSessionUser,
  revokeUserTokens,
  sessionUserFrom,
  sessionUserSql,
} from './refresh-tokens.repository.js';
export { acceptNewPassword } from './password-policy.js';
export { issueSession } from './session.service.js';
export { invitationLink } from './password.service.js';
export { issueKey, spendKeys } from './keys.repository.js';
