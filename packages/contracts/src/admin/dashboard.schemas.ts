import { z } from 'zod';
import { healthSchema } from '../system/system.routes.js';

const count = z.number().int();

/** The Admin Dashboard's figures, all counted from the database when asked. */
export const adminDashboardSchema = z.object({
  users: z.object({
    active: count,
    inactive: count,
    by_role: z.array(z.object({ role: z.string(), count })),
    by_plan: z.array(z.object({ plan: count, count })),
  }),
  elections: z.object({
    total: count,
    by_privacy: z.array(z.object({ privacy: z.string(), count })),
  }),
  districts: count,
  jobs: z.object({ total: count, by_status: z.array(z.object({ status: z.string(), count })) }),
  /** Donations (card and offline, not package purchases) per month, oldest first, in dollars. */
  donations_by_month: z.array(z.object({ month: z.string(), amount: z.number(), count })),
  storage: z.object({
    upload_bytes: z.number(),
    job_file_bytes: z.number(),
    attachment_bytes: z.number(),
    markdown_bytes: z.number(),
    total_bytes: z.number(),
  }),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const restartRdsSchema = z.object({
  message: z.string(),
  health: healthSchema,
});
