export { LeaderboardPage } from './leaderboard-page';
