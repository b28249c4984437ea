/** The tools screens, loaded by the router with the job page and at /tools. */
export { ToolsPage } from './tools-page';
export { ToolsPanel } from './tools-panel';
