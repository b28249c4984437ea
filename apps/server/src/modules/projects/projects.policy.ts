import { isAdmin, type UserRow } from '../users/index.js';
import type { ProjectRow } from './projects.repository.js';

/** Add Project and the edit icons: project_permission, or an Admin. */
export const canManageProjects = (user: UserRow | null): boolean =>
  !!user && (isAdmin(user) || user.projectPermission);

/**
 * Who sees a project: managers see all; signed-in people see active projects; visitors see
 * active Public ones (docs/decisions.md).
 */
export function canSeeProject(user: UserRow | null, project: ProjectRow): boolean {
  if (canManageProjects(user)) return true;
  if (!project.active) return false;
  return !!user || project.availability === 'Public';
}
