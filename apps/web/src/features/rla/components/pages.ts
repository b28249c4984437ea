/** The risk-limiting audit screens, loaded with the audit job page by the router. */
export { RlaPanel } from './rla-panel';
