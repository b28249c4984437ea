import { defineRoute } from '../common/route.js';
import { outboxPageSchema, outboxQuerySchema } from './outbox.schemas.js';
import {
  adminMessageSchema,
  adminUpdateUserBodySchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminUserSavedSchema,
  adminUserSchema,
  userFlagsBodySchema,
  userIdParamsSchema,
  userStatusParamsSchema,
} from './admin-users.schemas.js';
import { adminDashboardSchema, restartRdsSchema } from './dashboard.schemas.js';
import { leaderboardPageSchema, leaderboardQuerySchema } from './leaderboard.schemas.js';
import {
  markdownEditBodySchema,
  markdownFileDetailSchema,
  markdownFileListSchema,
  markdownHomeCheckSchema,
  markdownHomeSchema,
  markdownIdParamsSchema,
  markdownSavedSchema,
} from './markdown.schemas.js';

const tags = ['admin'];

export const adminRoutes = {
  listOutbox: defineRoute({
    method: 'GET',
    path: '/admin/mail-outbox',
    summary: 'Mail the platform sent, newest first (Admin)',
    tags,
    query: outboxQuerySchema,
    response: outboxPageSchema,
  }),
  dashboard: defineRoute({
    method: 'GET',
    path: '/admin/dashboard',
    summary: 'Figures of the Admin Dashboard (Admin)',
    tags,
    response: adminDashboardSchema,
  }),
  restartRds: defineRoute({
    method: 'GET',
    path: '/restart-rds',
    summary: 'Recycle the database connections and report the health check (Admin)',
    tags,
    response: restartRdsSchema,
  }),
};

const userTags = ['users'];
export const adminUserRoutes = {
  listActive: defineRoute({
    method: 'GET',
    path: '/users',
    summary: 'Active users (Admin)',
    tags: userTags,
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
  }),
  listByStatus: defineRoute({
    method: 'GET',
    path: '/users-:status',
    summary: 'Active or Inactive users (Admin)',
    tags: userTags,
    params: userStatusParamsSchema,
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
  }),
  details: defineRoute({
    method: 'GET',
    path: '/user-details/:id',
    summary: 'One user (Admin)',
    tags: userTags,
    params: userIdParamsSchema,
    response: adminUserSchema,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    summary: "Change a user's role, zip code, country and state (Admin)",
    tags: userTags,
    params: userIdParamsSchema,
    body: adminUpdateUserBodySchema,
    response: adminUserSavedSchema,
  }),
  updatePermission: defineRoute({
    method: 'PUT',
    path: '/update-permission/:id',
    summary: "Set a user's six flags (Admin)",
    tags: userTags,
    params: userIdParamsSchema,
    body: userFlagsBodySchema,
    response: adminUserSavedSchema,
  }),
  deactivate: defineRoute({
    method: 'DELETE',
    path: '/users/:id',
    summary: 'Deactivate a user: they cannot sign in and their tokens stop working (Admin)',
    tags: userTags,
    params: userIdParamsSchema,
    response: adminUserSavedSchema,
  }),
  activate: defineRoute({
    method: 'PUT',
    path: '/users-activate/:id',
    summary: 'Reactivate an inactive user (Admin)',
    tags: userTags,
    params: userIdParamsSchema,
    response: adminUserSavedSchema,
  }),
  deletePermanently: defineRoute({
    method: 'DELETE',
    path: '/users-Inactive/:id',
    summary: 'Delete an inactive user for good (Admin)',
    tags: userTags,
    params: userIdParamsSchema,
    response: adminMessageSchema,
  }),
};

const markdownTags = ['markdown'];
export const markdownRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/markdown-settings',
    summary: 'Markdown pages (Admin)',
    tags: markdownTags,
    response: markdownFileListSchema,
  }),
  get: defineRoute({
    method: 'GET',
    path: '/markdown-settings/:id',
    summary: 'A markdown page with its content (Admin)',
    tags: markdownTags,
    params: markdownIdParamsSchema,
    response: markdownFileDetailSchema,
  }),
  download: defineRoute({
    method: 'GET',
    path: '/markdown-settings/:id/download',
    summary: "A markdown page's file (Admin)",
    tags: markdownTags,
    params: markdownIdParamsSchema,
    response: markdownFileDetailSchema.shape.markdown_content,
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/markdown-settings/upload',
    summary: 'Upload up to 4 .md files of at most 5 MB (multipart: title, file_type, file)',
    tags: markdownTags,
    response: markdownSavedSchema,
    status: 201,
  }),
  edit: defineRoute({
    method: 'PUT',
    path: '/markdown-settings-edit/:id',
    summary: "Change a markdown page's title and content (Admin)",
    tags: markdownTags,
    params: markdownIdParamsSchema,
    body: markdownEditBodySchema,
    response: markdownSavedSchema,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/markdown-settings/:id',
    summary: 'Delete a markdown page so another of its type can be uploaded (Admin)',
    tags: markdownTags,
    params: markdownIdParamsSchema,
    response: markdownSavedSchema,
  }),
  home: defineRoute({
    method: 'GET',
    path: '/markdown-home',
    summary: "The Home board's markdown",
    tags: markdownTags,
    response: markdownHomeSchema,
  }),
  homeCheck: defineRoute({
    method: 'GET',
    path: '/markdown-home-check',
    summary: "A version that changes whenever the Home board's markdown changes",
    tags: markdownTags,
    response: markdownHomeCheckSchema,
  }),
};

export const leaderboardRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/leader-board',
    summary: 'People by accepted target mappings and adjudications',
    tags: ['leaderboard'],
    query: leaderboardQuerySchema,
    response: leaderboardPageSchema,
  }),
};
