export { DiscussionPanel } from './discussion-panel';
