export { registerLeaderboardRoutes } from './leaderboard.routes.js';
export { CREDIT_KINDS, recordCredit, type CreditKind } from './leaderboard.repository.js';
