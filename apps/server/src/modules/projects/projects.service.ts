import {
  FUNDING_MESSAGES,
  manualDonationBodySchema,
  projectBodySchema,
  toCents,
  toDollars,
} from '@scrutineer/contracts';
import type { z } from 'zod';
import { recordEvent } from '../../platform/db/events.js';
import { isUniqueViolation } from '../../platform/db/pg-errors.js';
import type { AppDeps } from '../../platform/deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { isAdmin, type UserRow } from '../users/index.js';
import { canManageProjects, canSeeProject } from './projects.policy.js';
import { presentManualDonation, presentProject } from './projects.presenter.js';
import {
  addReceived,
  countElections,
  electionIdsByProject,
  findProjectByName,
  findProjectByRef,
  insertManualDonation,
  insertProject,
  listDonors as listDonorRows,
  listManualDonations as listManualRows,
  listProjectElections,
  listProjectRows,
  setProjectElections,
  updateProjectRow,
  type ProjectRow,
} from './projects.repository.js';

type ProjectInput = z.output<typeof projectBodySchema>;

/** A project the caller may see; one they may not see is 404. */
export async function loadProject(
  deps: AppDeps,
  user: UserRow | null,
  ref: string,
): Promise<ProjectRow> {
  const row = await findProjectByRef(deps.database.db, ref);
  if (!row || !canSeeProject(user, row)) throw notFound(FUNDING_MESSAGES.projectNotFound);
  return row;
}

export async function listProjects(
  deps: AppDeps,
  user: UserRow | null,
  query: { search?: string | undefined; active?: boolean | undefined },
) {
  const manager = canManageProjects(user);
  const rows = await listProjectRows(deps.database.db, {
    search: query.search,
    activeOnly: !manager || query.active === true,
    publicOnly: !user,
  });
  const filtered = query.active === false ? rows.filter((row) => !row.active) : rows;
  const ids = await electionIdsByProject(
    deps.database.db,
    filtered.map((row) => row.id),
  );
  return {
    projects: filtered.map((row) => presentProject(row, ids.get(row.id) ?? [], user)),
    can: { create: manager },
  };
}

export async function getProject(deps: AppDeps, user: UserRow | null, ref: string) {
  const row = await loadProject(deps, user, ref);
  const ids = await electionIdsByProject(deps.database.db, [row.id]);
  return presentProject(row, ids.get(row.id) ?? [], user);
}

function valuesOf(body: ProjectInput) {
  return {
    name: body.name,
    description: body.description,
    electionDate: body.election_date,
    country: body.country,
    state: body.state,
    donationTargetCents: toCents(body.donation_target),
    intro: body.pro_intro ?? body.project_intro ?? '',
    projectUrl: body.project_url,
    availability: body.avaliblity,
    active: body.active,
  };
}

async function assertElectionsExist(deps: AppDeps, ids: number[]) {
  if ((await countElections(deps.database.db, ids)) !== ids.length)
    throw badRequest(FUNDING_MESSAGES.electionNotFound);
}

export async function createProject(deps: AppDeps, user: UserRow, body: ProjectInput) {
  if (!canManageProjects(user)) throw forbidden(FUNDING_MESSAGES.projectPermissionOnly);
  await assertElectionsExist(deps, body.election_ids);
  try {
    const row = await deps.database.db.transaction(async (tx) => {
      if (await findProjectByName(tx, body.name)) throw conflict(FUNDING_MESSAGES.projectNameTaken);
      const project = await insertProject(tx, { ...valuesOf(body), createdBy: user.id });
      await setProjectElections(tx, project.id, body.election_ids);
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'project',
        subjectId: project.id,
        action: 'create',
        data: { name: project.name },
      });
      return project;
    });
    return {
      message: FUNDING_MESSAGES.projectCreated,
      project: await getProject(deps, user, String(row.id)),
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FUNDING_MESSAGES.projectNameTaken);
    throw error;
  }
}

export async function updateProject(deps: AppDeps, user: UserRow, ref: string, body: ProjectInput) {
  if (!canManageProjects(user)) throw forbidden(FUNDING_MESSAGES.projectPermissionOnly);
  const current = await loadProject(deps, user, ref);
  await assertElectionsExist(deps, body.election_ids);
  try {
    await deps.database.db.transaction(async (tx) => {
      const clash = await findProjectByName(tx, body.name);
      if (clash && clash.id !== current.id) throw conflict(FUNDING_MESSAGES.projectNameTaken);
      await updateProjectRow(tx, current.id, valuesOf(body));
      await setProjectElections(tx, current.id, body.election_ids);
      await recordEvent(tx, {
        actorId: user.id,
        subjectType: 'project',
        subjectId: current.id,
        action: 'update',
        data: { name: body.name },
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FUNDING_MESSAGES.projectNameTaken);
    throw error;
  }
  return {
    message: FUNDING_MESSAGES.projectUpdated,
    project: await getProject(deps, user, String(current.id)),
  };
}

export async function listDonors(
  deps: AppDeps,
  user: UserRow | null,
  ref: string,
  search: string | undefined,
) {
  const project = await loadProject(deps, user, ref);
  const rows = await listDonorRows(deps.database.db, project.id, search);
  return {
    donors: rows.map((row) => ({
      price: toDollars(row.amountCents),
      name: row.name,
      state: row.state,
    })),
  };
}

/** The project's elections: an Admin sees all, others their own and the Public ones. */
export async function listElectionsOfProject(deps: AppDeps, user: UserRow | null, ref: string) {
  const project = await loadProject(deps, user, ref);
  const rows = await listProjectElections(deps.database.db, project.id, user?.id ?? null);
  const admin = !!user && isAdmin(user);
  return {
    elections: rows
      .filter((row) => admin || row.memberRole !== null || row.election.privacy === 'Public')
      .map(({ election, memberRole }) => ({
        id: election.id,
        name: election.name,
        e_type: election.eType,
        privacy: election.privacy,
        country: election.country,
        state: election.state,
        county: election.county,
        date: election.date,
        role: admin ? 'Auditor' : memberRole,
      })),
  };
}

export async function listManualDonations(deps: AppDeps, projectId: number) {
  const row = await findProjectByRef(deps.database.db, String(projectId));
  if (!row) throw notFound(FUNDING_MESSAGES.projectNotFound);
  const rows = await listManualRows(deps.database.db, row.id);
  return { donations: rows.map(presentManualDonation) };
}

/** An Admin records a cheque or other offline gift; the received total moves with it. */
export async function addManualDonation(
  deps: AppDeps,
  user: UserRow,
  body: z.output<typeof manualDonationBodySchema>,
) {
  const project = await findProjectByRef(deps.database.db, String(body.project_id));
  if (!project) throw notFound(FUNDING_MESSAGES.projectNotFound);
  const { row, received } = await deps.database.db.transaction(async (tx) => {
    const donation = await insertManualDonation(tx, {
      projectId: project.id,
      amountCents: body.price,
      description: body.description,
      createdBy: user.id,
    });
    const total = await addReceived(tx, project.id, body.price);
    await recordEvent(tx, {
      actorId: user.id,
      subjectType: 'project',
      subjectId: project.id,
      action: 'manual-donation',
      data: { cents: body.price, donationId: donation.id },
    });
    return { row: donation, received: total };
  });
  return {
    message: FUNDING_MESSAGES.manualSaved,
    donation: presentManualDonation(row),
    received_donation: toDollars(received),
  };
}
