import type { RouteObject } from 'react-router';
import { PlaceholderPage } from '../../components/placeholder-page';

/** A route whose page is built by a later issue: the shell and its title. */
export function placeholder(path: string, title: string): RouteObject {
  return { path, element: <PlaceholderPage title={title} /> };
}
