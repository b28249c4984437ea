/** The election screens, loaded together as one chunk by the router. */
export { ElectionPage } from './election-page';
export { ElectionsListPage } from './elections-list-page';
