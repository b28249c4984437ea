export { AdminBoardPage } from './admin-board-page';
